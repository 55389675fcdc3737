/**
 * The visual library (/visual-library): subject tabs, the chart feed of the selected subject and
 * Previous / page numbers / Next. The subject and the page live in the query string (filter, page),
 * so a link or a reload shows the same feed.
 */
import * as React from 'react';
import { useId, useRef } from 'react';
import { Link, matchPath, useLocation, useSearchParams } from 'react-router-dom';
import {
  UI_TEXT,
  api,
  formatMonthYear,
  instanceMarkers,
  itemCountText,
  paginationItems,
  userStore,
  type Chart,
  type ChartPage,
  type VisualSubject,
  useLoad,
} from 'shared-contracts';

const FEED_ID = 'visual-library-feed';

/** A link that stays in the single-page app for a path of this site and is a plain link otherwise. */
function SiteLink({ href, children, ...rest }: { href: string; children: React.ReactNode; className?: string }) {
  return href.startsWith('/') && !href.startsWith('//') ? (
    <Link to={href} {...rest}>
      {children}
    </Link>
  ) : (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

/** The page from ?page=, 1 when missing or not a positive whole number. */
function pageFrom(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 ? n : 1;
}

/** Query string for a feed: filter and page, leaving out the defaults. */
function feedSearch(filter: string, page: number): string {
  const params = new URLSearchParams();
  if (filter) params.set('filter', filter);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

interface Tab {
  label: string;
  filter: string;
}

function tabId(baseId: string, index: number): string {
  return `${baseId}-tab-${index}`;
}

/**
 * The subject tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move
 * between tabs and select them. `selectedIndex` is -1 when the filter names no known subject; the
 * first tab then takes the focus stop.
 */
function SubjectTabs({
  baseId,
  tabs,
  selectedIndex,
  onSelect,
}: {
  baseId: string;
  tabs: Tab[];
  selectedIndex: number;
  onSelect: (filter: string) => void;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const focusStop = selectedIndex >= 0 ? selectedIndex : 0;

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = tabs.length;
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % count;
    else if (event.key === 'ArrowLeft') next = (index - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    refs.current[next]?.focus();
    onSelect(tab.filter);
  };

  return (
    <div role="tablist" aria-label="Subjects" className="visual-library-tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.filter || 'all'}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={tabId(baseId, index)}
          aria-selected={index === selectedIndex}
          aria-controls={FEED_ID}
          tabIndex={index === focusStop ? 0 : -1}
          onClick={() => onSelect(tab.filter)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

function Entry({ chart, subjects }: { chart: Chart; subjects: VisualSubject[] }) {
  const titleId = useId();
  const subject = subjects.find((s) => s.label === chart.term);
  const date = formatMonthYear(chart.published);
  return (
    <li className="chart-entry">
      <article aria-labelledby={titleId}>
        <p className="chart-topic">
          {subject ? <Link to={`/visual-library${feedSearch(subject.filter, 1)}`}>{chart.term}</Link> : chart.term}
        </p>
        <h3 id={titleId} className="chart-title">
          {chart.title}
        </h3>
        <img src={chart.contentImage} alt={chart.title} className="chart-image" loading="lazy" />
        <p className="chart-actions">
          <a href={chart.url} download aria-describedby={titleId}>
            {UI_TEXT.downloadChart}
          </a>
        </p>
        <p className="chart-parent">
          <SiteLink href={chart.parentArticleLink}>{chart.parentArticle}</SiteLink>
        </p>
        {date && (
          <p className="chart-date">
            <time dateTime={chart.published}>{date}</time>
          </p>
        )}
      </article>
    </li>
  );
}

function Pagination({ page, filter, data }: { page: number; filter: string; data: ChartPage }) {
  if (data.totalPages <= 1 && page <= 1) return null;
  const items = paginationItems(page, data.totalPages);
  const to = (n: number) => `/visual-library${feedSearch(filter, n)}`;
  return (
    <nav aria-label="Pagination" className="pagination">
      <ul>
        {page > 1 && (
          <li>
            <Link to={to(page - 1)} rel="prev">
              {UI_TEXT.previous}
            </Link>
          </li>
        )}
        {items.map((item, i) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link to={to(item)} aria-current={item === page ? 'page' : undefined} aria-label={`Page ${item}`}>
                {item}
              </Link>
            </li>
          ),
        )}
        {!data.last && page < data.totalPages && (
          <li>
            <Link to={to(page + 1)} rel="next">
              {UI_TEXT.next}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Feed({
  page,
  filter,
  topic,
  labelledBy,
  subjects,
}: {
  page: number;
  filter: string;
  topic: string;
  labelledBy: string | undefined;
  subjects: VisualSubject[];
}) {
  const charts = useLoad<ChartPage>(`charts:${filter}:${page}`, () => api.charts({ page, filter: filter || undefined }));
  return (
    <section
      id={FEED_ID}
      role="tabpanel"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : 'Charts'}
      className="visual-library-feed"
    >
      <header className="feed-header">
        {topic && <h2>{topic}</h2>}
        {charts.status === 'ready' && <p className="feed-count">{itemCountText(charts.data.totalElements)}</p>}
      </header>
      {charts.status === 'loading' && <p role="status">Loading charts…</p>}
      {charts.status === 'error' && <p role="alert">We could not load the visual library. Please try again.</p>}
      {charts.status === 'ready' &&
        (charts.data.content.length === 0 ? (
          <p>There are no charts here yet.</p>
        ) : (
          <>
            <ul className="chart-list" aria-label="Charts">
              {charts.data.content.map((chart) => (
                <Entry key={chart.id} chart={chart} subjects={subjects} />
              ))}
            </ul>
            <Pagination page={page} filter={filter} data={charts.data} />
          </>
        ))}
    </section>
  );
}

function VisualLibrary() {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const page = pageFrom(params.get('page'));
  const subjectsLoad = useLoad<VisualSubject[]>('subjects', () => api.chartSubjects());
  const subjects = subjectsLoad.status === 'ready' ? subjectsLoad.data : [];
  const tabs: Tab[] = [
    { label: UI_TEXT.allDataAndVisuals, filter: '' },
    ...subjects.map((s) => ({ label: s.label, filter: s.filter })),
  ];
  // A filter that names no known subject (or whose subject has not loaded yet) selects no tab; the
  // feed still asks for it and the server decides.
  const selectedIndex = tabs.findIndex((t) => t.filter === filter);
  const selected = tabs[selectedIndex];

  const select = (next: string) => {
    if (next === filter && page === 1) return;
    const nextParams = new URLSearchParams(params);
    nextParams.delete('page');
    if (next) nextParams.set('filter', next);
    else nextParams.delete('filter');
    setParams(nextParams);
  };

  return (
    <>
      <h1>Visual Library</h1>
      <SubjectTabs baseId={baseId} tabs={tabs} selectedIndex={selectedIndex} onSelect={select} />
      <Feed
        page={page}
        filter={filter}
        topic={selected ? selected.label : ''}
        labelledBy={selected ? tabId(baseId, selectedIndex) : undefined}
        subjects={subjects}
      />
    </>
  );
}

export default function VisualLibraryApp() {
  const { pathname } = useLocation();
  const known = matchPath({ path: '/visual-library', end: true }, pathname) !== null;
  return (
    <div data-remote-root="visualLibrary" {...instanceMarkers(React.createElement, userStore)}>
      <main className="visual-library">
        {known ? (
          <VisualLibrary />
        ) : (
          <>
            <h1>Page not found</h1>
            <p>
              We could not find that page. <Link to="/visual-library">Go to the Visual Library</Link>.
            </p>
          </>
        )}
      </main>
    </div>
  );
}
