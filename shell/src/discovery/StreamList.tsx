/**
 * A stream list (SITE-02, SITE-04, SITE-09; docs/decisions/012-discovery.md) over
 * GET /service/stream/{type}/{number}/{size}:
 * - the first page loads with the page; the next pages load by themselves when the reader reaches
 *   the end of the list (an IntersectionObserver on a sentinel, or a scroll check where the browser
 *   has none) until STREAM_AUTOLOAD_PAGES pages show; then a 'Load more' link asks for each page
 *   (a real link to the next page's address, hidden on the last page or with `hideLoadMore`);
 * - streams counting pages from 1 (search, ascend, analytics, webinars, visual-library) keep the
 *   loaded page count in the address (`?page=N`, replace navigation) and read it back on mount, so
 *   a reload or Back shows the same N pages;
 * - the container says what is going on: data-stream, data-loaded-pages, data-stream-status and
 *   aria-busy while a page loads; a maintenance answer shows the maintenance view and no entries.
 */
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation, useSearchParams } from 'shared-contracts/router';
import { api, STREAM_PAGE_SIZE, usePreloaded } from 'shared-contracts';
import {
  DISCOVERY_MESSAGES,
  firstPageOf,
  keepsPagesInUrl,
  pagesFromUrl,
  shouldAutoload,
  STREAM_PAGES_PARAM,
  type Stream,
  type StreamParams,
  type StreamType,
} from 'shared-contracts/discovery';
import { StreamEntryCard } from './StreamEntryCard';

export interface StreamListProps {
  type: StreamType;
  params?: StreamParams;
  /** Entries per page (SITE-09: 8, or 10 where a page-size attribute exists). */
  size?: number;
  /** Hides the 'Load more' link (the list stops after its autoloaded pages). */
  hideLoadMore?: boolean;
  /** Keeps autoloading past STREAM_AUTOLOAD_PAGES. */
  unlimited?: boolean;
  /** Shown when the stream has no entry. */
  emptyMessage?: ReactNode;
  /** Names the list for assistive technology. */
  label?: string;
  /** The first page's answer (result count, facets, featured entries). */
  onFirstPage?: (stream: Stream) => void;
  /** The first page could not be shown (error or maintenance). */
  onFirstPageFailed?: () => void;
  /** Ids of entries the page already shows (home's carousel): a reader never sees a story twice. */
  exclude?: readonly string[];
  /** A card of the page's own for an entry (search: videos), or null for the usual card. */
  renderEntry?: (entry: Stream['entry'][number], linkRef: RefObject<HTMLAnchorElement | null> | undefined) => ReactNode;
}

/* ------------------------------------------------------------------ paging */

/**
 * The paging of a stream list: the first pages (one, or the count kept in the address) in parallel,
 * then one page at a time with `loadNext(moveFocus)`; `retry()` after a failed first load. While a
 * page loads nothing else starts. Streams counting pages from 1 keep the loaded page count in the
 * address (replace navigation). After a 'Load more' the first new entry gets the focus.
 */
export type StreamStatus = 'loading' | 'ready' | 'error' | 'maintenance';

/** The first pages of a stream as they are shown: in order, up to the last page or the first that failed. */
export interface FirstPages {
  status: Exclude<StreamStatus, 'loading'>;
  pages: Stream[];
}

/** Loads `count` first pages of a stream in parallel; never rejects. */
function loadFirstPages(type: StreamType, size: number, params: StreamParams, count: number): Promise<FirstPages> {
  const first = firstPageOf(type);
  const numbers = Array.from({ length: count }, (_, i) => first + i);
  return Promise.allSettled(numbers.map((n) => api.stream(type, n, size, params))).then((results): FirstPages => {
    const got: Stream[] = [];
    for (const r of results) {
      if (r.status === 'rejected') break;
      got.push(r.value);
      if (r.value.page.last) break;
    }
    if (!got[0]) return { status: 'error', pages: [] };
    if (got.some((p) => p.maintenanceStatus)) return { status: 'maintenance', pages: [] };
    return { status: 'ready', pages: got };
  });
}

/**
 * The first pages the server loaded with the page (shared-contracts ssr.ts), for a component that
 * shows them (the list, home's carousel, search's facets): the same key, so one request serves all.
 * Undefined where the page was not server-rendered, or after the reader's first navigation.
 */
export function usePreloadedFirstPages(type: StreamType, size: number, params: StreamParams, count = 1): FirstPages | undefined {
  const entry = usePreloaded(`stream:${type}:${size}:${count}:${JSON.stringify(params)}`, () => loadFirstPages(type, size, params, count));
  return entry?.ok ? (entry.data as FirstPages) : undefined;
}

/** How far below the viewport the sentinel starts the next page's load, px. */
const AUTOLOAD_MARGIN_PX = 200;

export interface StreamPagingOptions {
  type: StreamType;
  size: number;
  params: StreamParams;
  /** Keeps autoloading past STREAM_AUTOLOAD_PAGES. */
  unlimited: boolean;
  onFirstPage?: (stream: Stream) => void;
  onFirstPageFailed?: () => void;
}

/**
 * `sentinel`: the element at the list's end; while autoloading is on (a ready list, not at its last
 * page, under STREAM_AUTOLOAD_PAGES pages unless `unlimited`) the next page loads when it comes near
 * the viewport (an IntersectionObserver, or a throttled scroll check where the browser has none).
 */
export function useStreamPaging(
  { type, size, params, unlimited, onFirstPage, onFirstPageFailed }: StreamPagingOptions,
  sentinel: RefObject<HTMLElement | null>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = keepsPagesInUrl(type);
  const first = firstPageOf(type);
  // Pages to show on arrival: the count kept in the address, read once.
  const [initialPages] = useState(() => (inUrl ? pagesFromUrl(searchParams.get(STREAM_PAGES_PARAM)) : 1));
  const preloaded = usePreloadedFirstPages(type, size, params, initialPages);
  const [pages, setPages] = useState<Stream[]>(() => preloaded?.pages ?? []);
  const [status, setStatus] = useState<StreamStatus>(() => preloaded?.status ?? 'loading');
  const [attempt, setAttempt] = useState(0);
  // The server's answer is the first load's: the first effect only tells the page about it.
  const answered = useRef(preloaded);
  const busy = useRef(!preloaded);
  const live = useRef(true);
  const focusTarget = useRef<HTMLAnchorElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const firstPageSeen = useRef(onFirstPage);
  firstPageSeen.current = onFirstPage;
  const firstPageFailed = useRef(onFirstPageFailed);
  firstPageFailed.current = onFirstPageFailed;
  const paramsRef = useRef(params);

  const loaded = pages.length;
  const last = pages.at(-1)?.page.last ?? false;
  const entries = pages.flatMap((p) => p.entry);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // The first pages (one, or the count kept in the address), in parallel, shown in order up to
  // the last page or the first that failed.
  useEffect(() => {
    let current = true;
    const shown = (result: FirstPages) => {
      busy.current = false;
      setPages(result.pages);
      setStatus(result.status);
      const head = result.pages[0];
      if (result.status === 'ready' && head) firstPageSeen.current?.(head);
      else firstPageFailed.current?.();
    };
    if (answered.current) {
      shown(answered.current);
      answered.current = undefined;
      return;
    }
    busy.current = true;
    setStatus('loading');
    void loadFirstPages(type, size, paramsRef.current, initialPages).then((result) => current && shown(result));
    return () => {
      current = false;
    };
  }, [type, size, first, initialPages, attempt]);

  const loadNext = useCallback(
    (moveFocus: boolean) => {
      if (busy.current || last) return;
      busy.current = true;
      setStatus('loading');
      const index = entries.length;
      api.stream(type, first + loaded, size, paramsRef.current).then(
        (page) => {
          if (!live.current) return;
          busy.current = false;
          if (page.maintenanceStatus) {
            setPages([]);
            setStatus('maintenance');
            return;
          }
          setPages((p) => [...p, page]);
          setStatus('ready');
          if (moveFocus && page.entry.length > 0) setFocusIndex(index);
        },
        () => {
          if (!live.current) return;
          busy.current = false;
          setStatus('error');
        },
      );
    },
    [last, type, first, loaded, size, entries.length],
  );

  // After 'Load more', focus goes to the first new entry (the link that was clicked is gone).
  useEffect(() => {
    if (focusIndex === null) return;
    focusTarget.current?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  // Streams that count from 1 keep the loaded page count in the address (replace: no new entry).
  useEffect(() => {
    if (!inUrl || loaded === 0) return;
    const currentValue = searchParams.get(STREAM_PAGES_PARAM);
    if (currentValue === String(loaded) || (currentValue === null && loaded === 1)) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(STREAM_PAGES_PARAM, String(loaded));
        return next;
      },
      { replace: true },
    );
  }, [inUrl, loaded, searchParams, setSearchParams]);

  const enabled = status === 'ready' && !last && loaded > 0 && shouldAutoload(loaded, unlimited);

  // Autoload: the next page when the sentinel at the list's end comes near the viewport.
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el) return;
    if (typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (seen) => {
          if (seen.some((e) => e.isIntersecting)) loadNext(false);
        },
        { rootMargin: `0px 0px ${AUTOLOAD_MARGIN_PX}px 0px` },
      );
      observer.observe(el);
      return () => observer.disconnect();
    }
    // Without IntersectionObserver: look where the sentinel is now and on each (throttled) scroll.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      timer = null;
      if (el.getBoundingClientRect().top <= window.innerHeight + AUTOLOAD_MARGIN_PX) loadNext(false);
    };
    const onScroll = () => {
      timer ??= setTimeout(check, 125);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer !== null) clearTimeout(timer);
    };
  }, [sentinel, enabled, loadNext]);

  return { status, loaded, last, entries, loadNext, retry: () => setAttempt((a) => a + 1), focusIndex, focusTarget };
}

/* ------------------------------------------------------------------ view */

/** The list starts afresh when what it shows changes (type, filters, size). */
export function StreamList(props: StreamListProps) {
  const key = `${props.type}|${props.size ?? STREAM_PAGE_SIZE}|${JSON.stringify(props.params ?? {})}`;
  return <StreamListView key={key} {...props} />;
}

function StreamListView({
  type,
  params = {},
  size = STREAM_PAGE_SIZE,
  hideLoadMore = false,
  unlimited = false,
  emptyMessage = DISCOVERY_MESSAGES.noResults,
  label,
  onFirstPage,
  onFirstPageFailed,
  exclude,
  renderEntry,
}: StreamListProps) {
  const location = useLocation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { status, loaded, last, entries, loadNext, retry, focusIndex, focusTarget } = useStreamPaging(
    { type, size, params, unlimited, onFirstPage, onFirstPageFailed },
    sentinel,
  );

  // Each entry with its index in the stream (focus after 'Load more' counts in the stream).
  const shown = entries.map((entry, i) => [entry, i] as const).filter(([entry]) => !exclude?.includes(entry.id));
  const showLoadMore = status === 'ready' && !last && loaded > 0 && !hideLoadMore && !shouldAutoload(loaded, unlimited);
  const nextHref = (() => {
    const next = new URLSearchParams(location.search);
    next.set(STREAM_PAGES_PARAM, String(loaded + 1));
    return `${location.pathname}?${next.toString()}`;
  })();

  return (
    <div className="stream-list" data-stream={type} data-loaded-pages={loaded} data-stream-status={status} aria-busy={status === 'loading'}>
      {status === 'maintenance' ? (
        <p role="status" className="maintenance-notice">
          {DISCOVERY_MESSAGES.streamMaintenance}
        </p>
      ) : (
        <>
          {shown.length > 0 && (
            <ul className="article-list" aria-label={label}>
              {shown.map(([entry, i], n) => (
                <Fragment key={`${entry.id}-${i}`}>
                  {renderEntry?.(entry, i === focusIndex ? focusTarget : undefined) ?? (
                    <StreamEntryCard entry={entry} index={n} linkRef={i === focusIndex ? focusTarget : undefined} />
                  )}
                </Fragment>
              ))}
            </ul>
          )}
          {status === 'ready' && entries.length === 0 && <p className="stream-empty">{emptyMessage}</p>}
          <div ref={sentinel} className="stream-sentinel" aria-hidden="true" />
          {status === 'loading' && (
            <p role="status" className="stream-loading">
              Loading…
            </p>
          )}
          {status === 'error' && (
            <div role="alert" className="stream-error">
              <p>We could not load this list. Please try again.</p>
              <button type="button" className="button-link" onClick={() => (loaded === 0 ? retry() : loadNext(true))}>
                Try again
              </button>
            </div>
          )}
          {showLoadMore && (
            <a
              className="load-more"
              href={nextHref}
              onClick={(event) => {
                event.preventDefault();
                loadNext(true);
              }}
            >
              Load more
            </a>
          )}
        </>
      )}
    </div>
  );
}
