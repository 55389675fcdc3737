/**
 * Search `/search` (SITE-02, SITE-05, SITE-09): the term and filters live in the address (`term`,
 * `contentType`, `topic`, `sort`, `order`), so a result list can be linked, reloaded and gone back
 * to. The results come from the search stream (pages counted from 1, the loaded count kept as
 * `page`); the filters come from the answer's facets. A blank term asks for one and sends nothing.
 * The results are articles and videos (SITE-02.2): a video's card shows its poster and length and
 * links to its page; the content-type filter narrows to videos ('Video') like any other type.
 */
import { useCallback, useId, useState, type FormEvent, type RefObject } from 'react';
import { SiteLink, useNavigate, useSearchParams } from 'shared-contracts/router';
import { Card, formatLongDate, Picture, STREAM_PAGE_SIZE } from 'shared-contracts';
import { formatVideoDuration } from 'shared-contracts/video';
import {
  DISCOVERY_MESSAGES,
  pagesFromUrl,
  SEARCH_ORDERS,
  SEARCH_SORTS,
  searchPath,
  STREAM_PAGES_PARAM,
  type FacetValue,
  type SearchOrder,
  type SearchSort,
  type Stream,
  type StreamParams,
} from 'shared-contracts/discovery';
import { SearchHelpBox } from '../discovery/SearchHelpBox';
import { StreamList, usePreloadedFirstPages } from '../discovery/StreamList';

/** ISO-8601 duration of a number of seconds, for <time dateTime>: 185 -> 'PT3M5S', 0 -> 'PT0S'. */
export function isoDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${sec || (!h && !m) ? `${sec}S` : ''}`;
}

/** The stream content type of a video (the server's VIDEO_CONTENT_TYPE). */
export const VIDEO_RESULT_TYPE = 'Video';

/** A video result: its poster with its length over it, then the card's text; both link to the video's page. */
export function VideoResultCard({ entry, linkRef }: { entry: Stream['entry'][number]; linkRef?: RefObject<HTMLAnchorElement | null> }) {
  const date = formatLongDate(entry.published);
  return (
    <Card as="li" className="article-card stream-entry stream-entry--video" data-entry-id={entry.id}>
      <div className="video-result-poster">
        {/* The title's link is the one a keyboard or a screen reader uses; the poster is the same link for the eye. */}
        <SiteLink href={entry.url} tabIndex={-1} aria-hidden="true">
          {entry.image && <Picture image={entry.image} alt="" sizes="(min-width: 768px) 14rem, 7rem" />}
        </SiteLink>
        {entry.duration !== undefined && (
          <span className="video-result-duration">
            <span className="visually-hidden">Duration </span>
            <time dateTime={isoDuration(entry.duration)}>{formatVideoDuration(entry.duration)}</time>
          </span>
        )}
      </div>
      <div className="video-result-text">
        <p className="eyebrow">
          {entry.category.term}
          <span className="content-type">{entry.contentType}</span>
        </p>
        <h3 className="ds-card__title">
          <SiteLink href={entry.url} ref={linkRef}>
            {entry.title}
          </SiteLink>
        </h3>
        <p className="stream-entry-summary">{entry.summary}</p>
        {date && (
          <p className="byline">
            <time dateTime={entry.published}>{date}</time>
          </p>
        )}
      </div>
    </Card>
  );
}

const renderResult = (entry: Stream['entry'][number], linkRef: RefObject<HTMLAnchorElement | null> | undefined) =>
  entry.contentType === VIDEO_RESULT_TYPE ? <VideoResultCard entry={entry} linkRef={linkRef} /> : null;

/** The sort choices of the results (sort and order of the search stream). */
export const SORT_CHOICES = [
  { value: 'relevance', label: 'Relevance', sort: 'relevance', order: 'desc' },
  { value: 'newest', label: 'Newest', sort: 'date', order: 'desc' },
  { value: 'oldest', label: 'Oldest', sort: 'date', order: 'asc' },
] as const satisfies readonly { value: string; label: string; sort: SearchSort; order: SearchOrder }[];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** The search parameters of an address. */
export function searchQuery(params: URLSearchParams): { term: string } & Omit<StreamParams, 'query'> {
  return {
    term: (params.get('term') ?? '').trim(),
    contentType: params.get('contentType') || undefined,
    topic: params.get('topic') || undefined,
    sort: oneOf(SEARCH_SORTS, params.get('sort')),
    order: oneOf(SEARCH_ORDERS, params.get('order')),
  };
}

function FacetSelect({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly FacetValue[];
  allLabel: string;
  onChange(value: string): void;
}) {
  const id = useId();
  const known = options.some((o) => o.value === value);
  return (
    <div className="search-filter ds-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {value && !known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {`${o.label} (${o.count})`}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = searchQuery(searchParams);
  const { term, contentType, topic, sort, order } = query;
  const sortChoice = sort === 'date' ? (order === 'asc' ? 'oldest' : 'newest') : 'relevance';
  const resultKey = JSON.stringify(query);
  const params: StreamParams = { query: term, contentType, topic, sort, order };
  // A server-rendered page has the first page already: the count and the facets are in its HTML.
  const preloaded = usePreloadedFirstPages('search', STREAM_PAGE_SIZE, params, pagesFromUrl(searchParams.get(STREAM_PAGES_PARAM)));
  const [result, setResult] = useState<{ key: string; term: string; total: number; facets: Stream['facets'] } | null>(() => {
    const head = term ? preloaded?.pages[0] : undefined;
    return head ? { key: resultKey, term, total: head.page.totalElements, facets: head.facets } : null;
  });
  const inputId = useId();

  const onFirstPage = useCallback(
    (stream: Stream) => setResult({ key: resultKey, term, total: stream.page.totalElements, facets: stream.facets }),
    [resultKey, term],
  );

  function setFilters(changes: Record<string, string | undefined>) {
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete(STREAM_PAGES_PARAM); // a new list starts at its first page
      return next;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('term') ?? '').trim();
    navigate(value ? searchPath(value) : '/search');
  }

  // Facets of the same term stay while a filter's results load, so the selects do not jump.
  const facets = result && result.term === term ? result.facets : undefined;
  const current = result && result.key === resultKey ? result : null;

  return (
    <main id="main" className="page search-page">
      <h1>Search</h1>
      <form role="search" className="search-form" onSubmit={submit}>
        <label htmlFor={inputId}>Search articles and videos</label>
        <div className="search-form-row">
          <input id={inputId} key={term} type="search" name="term" defaultValue={term} maxLength={200} />
          <button type="submit" className="button-primary ds-button">
            Search
          </button>
        </div>
      </form>
      <SearchHelpBox />
      {term === '' ? (
        <p className="search-prompt">{DISCOVERY_MESSAGES.searchTermRequired}</p>
      ) : (
        <>
          <div aria-live="polite" className="results-header-area">
            {current && <h2 className="results-header">{`${current.total} results for "${term}"`}</h2>}
          </div>
          <div className="search-filters" role="group" aria-label="Filter and sort results">
            <FacetSelect
              label="Content type"
              value={contentType ?? ''}
              options={facets?.contentType ?? []}
              allLabel="All content types"
              onChange={(value) => setFilters({ contentType: value })}
            />
            <FacetSelect
              label="Topic"
              value={topic ?? ''}
              options={facets?.topic ?? []}
              allLabel="All topics"
              onChange={(value) => setFilters({ topic: value })}
            />
            <div className="search-filter ds-field">
              <label htmlFor={`${inputId}-sort`}>Sort by</label>
              <select
                id={`${inputId}-sort`}
                value={sortChoice}
                onChange={(e) => {
                  const choice = SORT_CHOICES.find((c) => c.value === e.target.value) ?? SORT_CHOICES[0];
                  setFilters(choice.value === 'relevance' ? { sort: undefined, order: undefined } : { sort: choice.sort, order: choice.order });
                }}
              >
                {SORT_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <StreamList
            type="search"
            params={params}
            label="Search results"
            emptyMessage={DISCOVERY_MESSAGES.noResults}
            onFirstPage={onFirstPage}
            renderEntry={renderResult}
          />
        </>
      )}
    </main>
  );
}
