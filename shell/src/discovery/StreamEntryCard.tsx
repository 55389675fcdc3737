/**
 * One stream entry as a card (SITE-02, SITE-03): category eyebrow, title linking to the entry, summary,
 * authors and date ('MMMM DD, YYYY'), and the content type. Sponsored entries get their own style
 * (`stream-entry--sponsored`) and a visible 'Sponsored by {sponsor}' label.
 *
 * The entry's image when it has one (its box reserved by width and height; lazy below the first
 * cards; a <picture>, decision 036, on top of the card in the grid of a tablet or desktop, a small
 * thumbnail beside the text on a phone, decorative since the title follows); the price and an 'Add to cart' quick add when listPrice > 0 and the entry is not an
 * article (SITE-05.11); 'Coming soon' instead of the add for productStatus 'F' (SITE-03); 'Buy Copies'
 * for an article with a reprint (its productLink, SITE-05.11). The quick add's code (the request, the
 * referral code of the page and the confirmation) is loaded on the first press (QuickAdd.tsx).
 */
import { useRef, useState, type ReactNode, type Ref } from 'react';
import { SiteLink, useLocation } from 'shared-contracts/router';
import { formatLongDate, MESSAGES, Picture, showBuyCopies, showPriceBlock } from 'shared-contracts';
import { searchHref, type StreamEntry } from 'shared-contracts/discovery';
import { bylineText } from '../article/headline';

/**
 * A link inside the site is a router link; anything else (another origin) is a plain one. A link
 * beginning with '?' is a search (SITE-02: prefixed with /search).
 */
export function EntryLink({ to: link, children, linkRef }: { to: string; children: string; linkRef?: Ref<HTMLAnchorElement> }) {
  return (
    <SiteLink href={searchHref(link)} ref={linkRef}>
      {children}
    </SiteLink>
  );
}

export function sponsoredLabel(entry: Pick<StreamEntry, 'sponsor'>): string {
  return entry.sponsor ? `Sponsored by ${entry.sponsor}` : 'Sponsored';
}

/** The card's shop texts (NOT IN SPEC wording but 'Buy Copies'; COMMERCE_MESSAGES.comingSoon is the store's). */
export const CARD_TEXT = { addToCart: 'Add to cart', comingSoon: 'Coming soon', buyCopies: 'Buy Copies' } as const;
/** productStatus of a product that is coming soon (SITE-03). */
export const COMING_SOON_STATUS = 'F';
/** How many cards of a list load their image at once; the others when they come near (loading="lazy"). */
export const EAGER_IMAGES = 2;
/** How wide a card's picture shows: a grid column on a tablet or desktop, a thumbnail on a phone. */
export const CARD_SIZES = '(min-width: 768px) 22rem, 7rem';

/** Cents as USD with two decimals (SITE-09), without the commerce entry on the card's first view. */
export function priceText(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The quick add: the button, then (its code loaded on the first press) the add and its confirmation. */
function QuickAddButton({ entry }: { entry: StreamEntry }) {
  const { pathname } = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<ReactNode>(null);
  const add = () => {
    if (busy) return;
    setBusy(true);
    import('./QuickAdd')
      .then((m) => m.quickAdd(entry, pathname, button.current, () => setDialog(null)))
      .catch(() => null)
      .then((shown) => {
        setBusy(false);
        setDialog(shown);
      });
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="quick-add ds-button ds-button--primary"
        aria-label={`${CARD_TEXT.addToCart}: ${entry.title}`}
        aria-busy={busy}
        onClick={add}
      >
        {busy ? MESSAGES.cart.processing : CARD_TEXT.addToCart}
      </button>
      {dialog}
    </>
  );
}

export function StreamEntryCard({ entry, linkRef, index = 0 }: { entry: StreamEntry; linkRef?: Ref<HTMLAnchorElement>; index?: number }) {
  const byline = bylineText(entry.author.map((a) => a.name));
  const date = formatLongDate(entry.published);
  const price = showPriceBlock(entry) && entry.listPrice !== null;
  const soon = entry.productStatus === COMING_SOON_STATUS;
  const buyCopies = showBuyCopies(entry) && entry.productLink;
  return (
    <li
      className={`article-card stream-entry ds-card${entry.image ? '' : ' stream-entry--text'}${entry.sponsored ? ' stream-entry--sponsored' : ''}`}
      data-entry-id={entry.id}
    >
      {entry.image && <Picture image={entry.image} alt="" sizes={CARD_SIZES} eager={index < EAGER_IMAGES} className="stream-entry-image" />}
      <div className="stream-entry-text">
        <p className="eyebrow">
          {entry.category.term}
          <span className="content-type">{entry.contentType}</span>
        </p>
        {entry.sponsored && <p className="sponsored-label">{sponsoredLabel(entry)}</p>}
        <h3 className="ds-card__title">
          <EntryLink to={entry.url} linkRef={linkRef}>
            {entry.title}
          </EntryLink>
        </h3>
        <p className="stream-entry-summary">{entry.summary}</p>
        {(byline || date) && (
          <p className="byline">
            {byline}
            {byline && date && ' · '}
            {date && <time dateTime={entry.published}>{date}</time>}
          </p>
        )}
      </div>
      {(price || buyCopies) && (
        <div className="stream-entry-shop">
          {price && <p className="stream-entry-price ds-price">{priceText(entry.listPrice ?? 0)}</p>}
          {price && soon && <p className="coming-soon ds-badge">{CARD_TEXT.comingSoon}</p>}
          {price && !soon && <QuickAddButton entry={entry} />}
          {buyCopies && (
            <SiteLink href={buyCopies} className="buy-copies ds-button ds-button--secondary" aria-label={`${CARD_TEXT.buyCopies} of ${entry.title}`}>
              {CARD_TEXT.buyCopies}
            </SiteLink>
          )}
        </div>
      )}
    </li>
  );
}
