/**
 * The magazine `/magazine` (SITE-02): the current issue's card and the archive picker (YEAR and
 * MONTH, then Go: it is also the spec's find-issue year/month selector; the page used to show a
 * second picker with other labels), then the magazine stream, one page at a time with the
 * site's pagination (`?page=N`, counted from 1; a link per page).
 */
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'shared-contracts/router';
import { api, STREAM_PAGE_SIZE, useLoad } from 'shared-contracts';
import { DISCOVERY_MESSAGES, firstPageOf } from 'shared-contracts/discovery';
import { Pagination, pageFromQuery } from 'shared-contracts/pagination';
import { ArchivePicker } from '../archive/ArchivePicker';
import { IssueCard } from '../archive/IssueCard';
import { StreamEntryCard } from '../discovery/StreamEntryCard';

export function magazinePageHref(page: number): string {
  return page <= 1 ? '/magazine' : `/magazine?page=${page}`;
}

function MagazineStream({ page }: { page: number }) {
  const stream = useLoad(`magazine:${page}`, () => api.stream('magazine', firstPageOf('magazine') + page - 1, STREAM_PAGE_SIZE));
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // A new page from the pagination: take the reader to the top of the list.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [page]);

  return (
    <section className="magazine-stream" aria-labelledby="magazine-stream-title">
      <h2 id="magazine-stream-title" className="ds-section-title" ref={heading} tabIndex={-1}>
        From the magazine
      </h2>
      <div
        className="stream-list"
        data-stream="magazine"
        data-page={page}
        data-stream-status={stream.status === 'ready' ? (stream.data.maintenanceStatus ? 'maintenance' : 'ready') : stream.status}
        aria-busy={stream.status === 'loading'}
      >
        {stream.status === 'loading' && <p role="status">Loading…</p>}
        {stream.status === 'error' && <p role="alert">We could not load this list. Please try again.</p>}
        {stream.status === 'ready' && stream.data.maintenanceStatus && (
          <p role="status" className="maintenance-notice">
            {DISCOVERY_MESSAGES.streamMaintenance}
          </p>
        )}
        {stream.status === 'ready' && !stream.data.maintenanceStatus && (
          <>
            {stream.data.entry.length === 0 ? (
              <p className="stream-empty">{DISCOVERY_MESSAGES.noResults}</p>
            ) : (
              <ul className="article-list" aria-label="Magazine articles">
                {stream.data.entry.map((entry) => (
                  <StreamEntryCard key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
            <Pagination
              current={page}
              totalPages={stream.data.page.totalPages}
              hrefFor={magazinePageHref}
              label="Magazine articles pages"
              linkComponent={Link}
            />
          </>
        )}
      </div>
    </section>
  );
}

export function Magazine() {
  const [searchParams] = useSearchParams();
  const page = pageFromQuery(searchParams.get('page'));
  const issue = useLoad('current-issue', () => api.currentIssue());
  const archive = useLoad('archive', () => api.archive());
  return (
    <main id="main" className="page magazine-page">
      <h1>Magazine</h1>
      <div className="magazine-top">
        <section className="current-issue" aria-label="Current issue">
          {issue.status === 'loading' && <p role="status">Loading the current issue…</p>}
          {issue.status === 'error' && <p role="alert">We could not load the current issue. Please try again.</p>}
          {issue.status === 'ready' && <IssueCard issue={issue.data} lead kicker="Current issue" />}
        </section>
        <div className="archive-tools">
          {archive.status === 'loading' && <p role="status">Loading the archive…</p>}
          {archive.status === 'error' && <p role="alert">We could not load the archive. Please try again.</p>}
          {archive.status === 'ready' && (
            <section className="archive-picker-section" aria-labelledby="archive-picker-title">
              <h2 id="archive-picker-title">Magazine archive</h2>
              <ArchivePicker years={archive.data.years} />
            </section>
          )}
        </div>
      </div>
      <MagazineStream page={page} />
    </main>
  );
}
