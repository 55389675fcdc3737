/**
 * One stream entry as a card (SITE-02, SITE-03): category eyebrow, title linking to the entry, summary,
 * authors and date ('MMMM DD, YYYY'), and the content type. Sponsored entries get their own style
 * (`stream-entry--sponsored`) and a visible 'Sponsored by {sponsor}' label.
 */
import type { Ref } from 'react';
import { SiteLink } from 'shared-contracts/router';
import { formatLongDate } from 'shared-contracts';
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

export function StreamEntryCard({ entry, linkRef }: { entry: StreamEntry; linkRef?: Ref<HTMLAnchorElement> }) {
  const byline = bylineText(entry.author.map((a) => a.name));
  const date = formatLongDate(entry.published);
  return (
    <li className={entry.sponsored ? 'article-card stream-entry stream-entry--sponsored' : 'article-card stream-entry'} data-entry-id={entry.id}>
      <p className="eyebrow">
        {entry.category.term}
        <span className="content-type">{entry.contentType}</span>
      </p>
      {entry.sponsored && <p className="sponsored-label">{sponsoredLabel(entry)}</p>}
      <h3>
        <EntryLink to={entry.url} linkRef={linkRef}>
          {entry.title}
        </EntryLink>
      </h3>
      <p>{entry.summary}</p>
      {(byline || date) && (
        <p className="byline">
          {byline}
          {byline && date && ' · '}
          {date && <time dateTime={entry.published}>{date}</time>}
        </p>
      )}
    </li>
  );
}
