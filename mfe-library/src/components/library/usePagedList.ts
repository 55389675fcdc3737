/**
 * A list that loads page by page (SITE-04 stream list): page 0 first, then 'Load more' asks for the
 * next page while the last answer's page.last is false. `key` names the list (tab, folder, topic):
 * a new key starts afresh and shows 'loading'. `invalidate('library-list:...')` (shared-contracts)
 * asks for the same list again after a change made it stale: the items on screen stay, marked as
 * refreshing, until page 0 returns, and the list starts again from page 0. Answers of an older key
 * or reload are ignored.
 *
 * Server rendering (decision 032): page 0 of the first key is loaded by the server's renderer
 * (`usePreloaded`, keyed `library-list:{key}`), so the reader's items are in the HTML and the
 * browser hydrates with them instead of showing 'loading' and asking again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { preloadedError, useInvalidation, usePreloaded, type Preloaded } from 'shared-contracts';

/** What every list's key starts with, for `invalidate` (and the server's preloaded page 0). */
export const LIST_KEY_PREFIX = 'library-list:';

export interface PageAnswer<T> {
  entry: T[];
  page: { last: boolean };
  maintenanceStatus: boolean;
}

export type PagedList<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'ready';
      items: T[];
      last: boolean;
      /** The server reports maintenance (SITE-04: a maintenance view). */
      maintenance: boolean;
      more: 'idle' | 'loading' | 'error';
      /** A reload is running; the items shown are the previous ones. */
      refreshing: boolean;
    };

function firstPage<T>(answer: PageAnswer<T>): PagedList<T> {
  return { status: 'ready', items: answer.entry, last: answer.page.last, maintenance: answer.maintenanceStatus, more: 'idle', refreshing: false };
}

function heldOf<T>(key: string, preloaded: Preloaded | undefined): Held<T> {
  if (!preloaded) return { key, pages: 0, list: { status: 'loading' } };
  if (!preloaded.ok) return { key, pages: 0, list: { status: 'error', error: preloadedError(preloaded) } };
  return { key, pages: 1, list: firstPage(preloaded.data as PageAnswer<T>) };
}

interface Held<T> {
  key: string;
  /** Pages loaded so far (the next page to ask for). */
  pages: number;
  list: PagedList<T>;
}

export function usePagedList<T extends { id: string }>(
  key: string,
  load: (page: number) => Promise<PageAnswer<T>>,
): { list: PagedList<T>; loadMore(): void; retry(): void; reloads: number } {
  const preloaded = usePreloaded(`${LIST_KEY_PREFIX}${key}`, () => load(0));
  const [held, setHeld] = useState<Held<T>>(() => heldOf<T>(key, preloaded));
  const [retries, setRetries] = useState(0);
  // Reloads asked for by a change elsewhere (`invalidate`); the list keeps its items meanwhile.
  const [reloads, setReloads] = useState(0);
  useInvalidation(
    `${LIST_KEY_PREFIX}${key}`,
    useCallback(() => setReloads((n) => n + 1), []),
  );
  const loadRef = useRef(load);
  loadRef.current = load;
  /** The key whose page 0 came with the page: its first effect has nothing to load. */
  const answered = useRef(preloaded ? key : null);
  /** Bumped by every new load of page 0 and by unmount: older answers compare and drop out. */
  const generation = useRef(0);

  useEffect(() => {
    if (answered.current === key) {
      answered.current = null;
      return;
    }
    // The counter itself, not a copy of its value: the cleanup must bump the live count so the
    // answers still in flight (this load's and loadMore's) drop out.
    const counter = generation;
    const gen = ++counter.current;
    setHeld((prev) =>
      prev.key === key && prev.list.status === 'ready' ? { ...prev, list: { ...prev.list, refreshing: true } } : { key, pages: 0, list: { status: 'loading' } },
    );
    loadRef.current(0).then(
      (answer) => {
        if (gen !== counter.current) return;
        setHeld({ key, pages: 1, list: firstPage(answer) });
      },
      (error: unknown) => {
        if (gen !== counter.current) return;
        setHeld({ key, pages: 0, list: { status: 'error', error } });
      },
    );
    return () => {
      counter.current++;
    };
  }, [key, reloads, retries]);

  const current: Held<T> = held.key === key ? held : { key, pages: 0, list: { status: 'loading' } };

  const loadMore = () => {
    const { list, pages } = current;
    if (list.status !== 'ready' || list.last || list.more === 'loading' || list.refreshing) return;
    const gen = generation.current;
    setHeld((h) => (h.list.status === 'ready' ? { ...h, list: { ...h.list, more: 'loading' } } : h));
    loadRef.current(pages).then(
      (answer) => {
        if (gen !== generation.current) return;
        setHeld((h) => {
          if (h.list.status !== 'ready') return h;
          const seen = new Set(h.list.items.map((i) => i.id));
          const added = answer.entry.filter((i) => !seen.has(i.id));
          return { ...h, pages: h.pages + 1, list: { ...h.list, items: [...h.list.items, ...added], last: answer.page.last, more: 'idle' } };
        });
      },
      () => {
        if (gen !== generation.current) return;
        setHeld((h) => (h.list.status === 'ready' ? { ...h, list: { ...h.list, more: 'error' } } : h));
      },
    );
  };

  const retry = useCallback(() => setRetries((n) => n + 1), []);

  return { list: current.list, loadMore, retry, reloads };
}
