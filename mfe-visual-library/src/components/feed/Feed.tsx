/**
 * The chart feed of one subject and page (PAY-02): the topic and '{total} item(s)', the entries
 * with a collection card after every third, and the shared Pagination (10 a page, ?page=). A
 * paywalled page (page.paywalled) shows only its first item, the wall block and no pagination.
 * The section carries data-feed-state: loading, error, full or paywalled.
 */
import { useRef } from 'react';
import { Link, useNavigate } from 'shared-contracts/router';
import { itemCountText, useLoad, useUserStore } from 'shared-contracts';
import type { ChartPage, VisualSubject, Collection } from 'shared-contracts/visual';
import { Pagination } from 'shared-contracts/pagination';
import { loadCharts } from '../../api/charts';
import { CollectionCard } from '../collections/CollectionCard';
import { feedHref } from '../query';
import { CHARTS_LABEL, EMPTY, ERROR, LOADING, PAGINATION_LABEL } from '../../text';
import { Entry } from './Entry';
import { feedRows } from './rows';
import { WallBlock } from './WallBlock';

export type FeedState = 'loading' | 'error' | 'full' | 'paywalled';

export function Feed({
  id,
  page,
  filter,
  topic,
  labelledBy,
  subjects,
  collections,
}: {
  id: string;
  page: number;
  filter: string;
  topic: string;
  labelledBy: string | undefined;
  subjects: readonly VisualSubject[];
  collections: readonly Collection[];
}) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const user = useUserStore((s) => s.user);
  const status = useUserStore((s) => s.status);
  // The server decides the paywall from the session, so a change of reader asks again.
  const charts = useLoad<ChartPage>(`charts:${filter}:${page}:${user?.id ?? 'anonymous'}`, () => loadCharts(page, filter));
  const state: FeedState = charts.status === 'ready' ? (charts.data.paywalled === true ? 'paywalled' : 'full') : charts.status;

  const goTo = (next: number) => {
    navigate(feedHref(filter, next));
    const h = heading.current;
    if (h) {
      h.scrollIntoView?.({ block: 'start' });
      h.focus({ preventScroll: true });
    }
  };

  const shown = charts.status === 'ready' ? (state === 'paywalled' ? charts.data.content.slice(0, 1) : charts.data.content) : [];

  return (
    <section
      id={id}
      role="tabpanel"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : CHARTS_LABEL}
      className="visual-library-feed"
      data-feed-state={state}
    >
      <header className="feed-header">
        <h2 ref={heading} tabIndex={-1} className="ds-section-title">
          {topic}
        </h2>
        {charts.status === 'ready' && <p className="ds-card__meta">{itemCountText(charts.data.totalElements)}</p>}
      </header>
      {charts.status === 'loading' && <p role="status">{LOADING}</p>}
      {charts.status === 'error' && <p role="alert">{ERROR}</p>}
      {charts.status === 'ready' && (
        <>
          {shown.length === 0 ? (
            <p>{EMPTY}</p>
          ) : (
            <ul className="chart-list ds-grid" aria-label={CHARTS_LABEL}>
              {feedRows(shown, collections, page).map((row, i) =>
                row.kind === 'chart' ? (
                  <Entry key={row.chart.id} chart={row.chart} subjects={subjects} user={user} first={i === 0} />
                ) : (
                  <CollectionCard key={row.key} collection={row.collection} />
                ),
              )}
            </ul>
          )}
          {state === 'paywalled' ? (
            <WallBlock status={status} />
          ) : (
            <Pagination
              current={page}
              totalPages={charts.data.totalPages}
              label={PAGINATION_LABEL}
              hrefFor={(n) => feedHref(filter, n)}
              onPage={goTo}
              linkComponent={Link}
            />
          )}
        </>
      )}
    </section>
  );
}
