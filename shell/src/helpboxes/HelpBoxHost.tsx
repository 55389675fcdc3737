/**
 * Shows the page's help box (helpBoxFor) once its anchor is on the page: the header's Sign in for
 * sign-in-benefits, the account menu for firmographics, the article's Save for article-saves, the
 * folder list for my-library, The Big Idea Insider's card for insider-newsletter. The box is
 * claimed (marked as shown in this browser) when it shows. Lazily loaded (in the flyouts' chunk,
 * `flyout-host`) by HelpBoxSlot, only when a box may show.
 *
 * The words are ours (NOT IN SPEC: the spec names the types only).
 */
import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'shared-contracts/router';
import { showTitleAndBody } from '../flyouts/notices';
import { HelpBox } from './HelpBox';
import { claimHelpBox, type HelpBoxType } from './helpBoxes';

type HostedType = Exclude<HelpBoxType, 'subscriber-search'>;

/** Controls inside an anchored box take the pointer (the box itself lets clicks through). */
const CONTROL: CSSProperties = { pointerEvents: 'auto' };

/** Why the firmographics are asked for: the generic title-and-body flyout (SITE-02). */
export const FIRMOGRAPHICS_WHY = {
  title: 'Why we ask about your work',
  body: [
    'Your industry, job title and company size help us pick articles, newsletters and events that fit your work.',
    'They are optional, never shown to anyone else, and you can change or clear them in your account at any time.',
  ],
};

export const HELP_BOX_TEXT: Record<HostedType, { title: string; text: string }> = {
  'sign-in-benefits': {
    title: 'Why sign in?',
    text: 'Sign in or register for free to save articles to My Library, follow topics and newsletters, and keep your reading history.',
  },
  firmographics: {
    title: 'Tell us about your work',
    text: 'Add your industry, job title and company size to your account so we can suggest what to read next.',
  },
  'article-saves': {
    title: 'Save it for later',
    text: 'Save this article to My Library to find it again on any device, and sort your saves into folders.',
  },
  'my-library': {
    title: 'Your library',
    text: 'Everything you save lands here. Make folders to organize it; the tabs keep what you read, shared, watched and ordered.',
  },
  'insider-newsletter': {
    title: 'A newsletter for subscribers',
    text: 'Your subscription includes The Big Idea Insider: subscribe to it here to get it by email.',
  },
};

/** The element a box points at, when it is on the page. */
export function anchorOf(type: HostedType): Element | null {
  switch (type) {
    case 'sign-in-benefits':
      return [...document.querySelectorAll('header.site-header button')].find((b) => b.textContent?.trim() === 'Sign in') ?? null;
    case 'firmographics':
      return document.querySelector('header.site-header .user-menu-button');
    case 'article-saves':
      return document.querySelector('[data-mfe-slot="library/ItemActions"][data-mfe-status="ready"] [data-widget="item-actions"] button');
    case 'my-library':
      return document.querySelector('nav[data-folder-editing]');
    case 'insider-newsletter':
      return document.querySelector('[data-newsletter-id="big-idea-insider"]');
  }
}

/** The anchor of `type`, once it is on the page (watched until then); null while it is not. */
function useAnchor(type: HostedType): Element | null {
  const [anchor, setAnchor] = useState<Element | null>(null);
  useEffect(() => {
    setAnchor(null);
    const found = anchorOf(type);
    if (found) {
      setAnchor(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const el = anchorOf(type);
      if (el) {
        observer.disconnect();
        setAnchor(el);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-mfe-status'] });
    return () => observer.disconnect();
  }, [type]);
  return anchor;
}

export function HelpBoxHost({ type }: { type: HostedType }) {
  const anchor = useAnchor(type);
  const [shown, setShown] = useState<HostedType | null>(null);
  useEffect(() => {
    if (anchor && anchor.isConnected && claimHelpBox(type)) setShown(type);
  }, [anchor, type]);
  const close = useCallback(() => setShown(null), []);
  if (shown !== type || !anchor || !anchor.isConnected) return null;
  const { title, text } = HELP_BOX_TEXT[type];
  return (
    <HelpBox type={type} title={title} anchor={anchor} onClose={close}>
      <p>{text}</p>
      {type === 'sign-in-benefits' && (
        <p>
          <Link to="/register" style={CONTROL} onClick={close}>
            Register for free
          </Link>
        </p>
      )}
      {type === 'firmographics' && (
        <p>
          <Link to="/my-account" style={CONTROL} onClick={close}>
            Update your profile
          </Link>{' '}
          <button type="button" className="button-link" style={CONTROL} onClick={(e) => showTitleAndBody(FIRMOGRAPHICS_WHY, e.currentTarget)}>
            Why we ask
          </button>
        </p>
      )}
    </HelpBox>
  );
}
