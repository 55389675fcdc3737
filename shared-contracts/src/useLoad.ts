import { useEffect, useRef, useState } from 'react';
import { ApiError } from './client';
import { preloadedError, usePreloaded, type Preloaded } from './ssr';

function fromPreloaded<T>(entry: Preloaded | undefined): LoadState<T> {
  if (!entry) return { status: 'loading' };
  return entry.ok ? { status: 'ready', data: entry.data as T } : { status: 'error', error: preloadedError(entry) };
}

/** The state of one load: loading, then ready with the data or error with what went wrong. */
export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/** What a component can do with its load besides reading it. */
export interface LoadControls<T> {
  /** Loads the same key again (the running load, if any, is aborted and its answer ignored). */
  reload(): void;
  /**
   * Changes the data in place after a change the server already answered, without a request: a
   * function updates the data shown (nothing happens while there is none), a value replaces the
   * state with ready data. A load still running answers later and wins.
   */
  mutate(next: T | ((data: T) => T)): void;
}

export type Load<T> = LoadState<T> & LoadControls<T>;

export interface LoadOptions {
  /**
   * Keep the data on screen while another key or a reload loads, and when that load fails: the
   * state stays ready with the previous data instead of going to loading or error. Without data
   * yet, loading and error show as usual.
   */
  keepPrevious?: boolean;
}

/**
 * The one way a component loads data. `key` names what is loaded (for example the category or the
 * page and filter): when it changes, or on `reload()`, the older load is aborted and its answer
 * ignored, and the component sees 'loading' right away rather than the previous key's data (unless
 * `keepPrevious`). An unmount aborts too, so an answer that comes after it changes nothing.
 *
 * The signal is handed to `load` so that a caller that can cancel the request does; the shared `api`
 * methods do not take one, so for them the abort means "ignore the answer". A `load` with a side
 * effect of its own (asking to sign in on a 401) checks `signal.aborted` first.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>, options?: LoadOptions): Load<T> {
  const keep = !!options?.keepPrevious;
  // Server rendering (ssr.ts): the server's answer for this key is the first state, and the first
  // effect then has nothing to load.
  const preloaded = usePreloaded(key, () => load(new AbortController().signal));
  const [state, setState] = useState<{ key: string; result: LoadState<T> }>(() => ({ key, result: fromPreloaded<T>(preloaded) }));
  const answered = useRef(preloaded ? key : null);
  const [reloads, setReloads] = useState(0);
  /** What the previous state becomes while a newer load runs. */
  const pending = (result: LoadState<T>): LoadState<T> => (keep && result.status === 'ready' ? result : { status: 'loading' });
  useEffect(() => {
    if (answered.current === key) {
      answered.current = null;
      return;
    }
    const controller = new AbortController();
    const settle = (next: (previous: LoadState<T>) => LoadState<T>) => {
      if (!controller.signal.aborted) setState((s) => ({ key, result: next(s.result) }));
    };
    setState((s) => ({ key, result: pending(s.result) }));
    // `load` is the one of the render in which `key` changed, so it matches the key.
    load(controller.signal).then(
      (data) => settle(() => ({ status: 'ready', data })),
      (error: unknown) => settle((previous) => (keep && previous.status === 'ready' ? previous : { status: 'error', error })),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names everything `load` reads
  }, [key, reloads]);

  // The controls only set state, so they are made once and keep their identity (safe in effect deps).
  const [controls] = useState<LoadControls<T>>(() => ({
    reload: () => setReloads((n) => n + 1),
    mutate: (next) =>
      setState((s) =>
        typeof next !== 'function'
          ? { key: s.key, result: { status: 'ready', data: next } }
          : s.result.status === 'ready'
            ? { key: s.key, result: { status: 'ready', data: (next as (data: T) => T)(s.result.data) } }
            : s,
      ),
  }));
  useInvalidation(key, controls.reload);
  return { ...(state.key === key ? state.result : pending(state.result)), ...controls };
}

/** The reloads of every mounted load, by key. One map per page: the core is a singleton. */
const mounted = new Map<string, Set<() => void>>();

/**
 * Lists `reload` under `key` while the component is mounted, so `invalidate` reaches it: what
 * `useLoad` does for itself, for a load of another shape (a list loaded page by page).
 */
export function useInvalidation(key: string, reload: () => void): void {
  useEffect(() => {
    const same = mounted.get(key) ?? new Set();
    mounted.set(key, same.add(reload));
    return () => {
      same.delete(reload);
      if (same.size === 0) mounted.delete(key);
    };
  }, [key, reload]);
}

/**
 * Loads again every mounted `useLoad` whose key starts with one of `prefixes` ('folders' reloads
 * 'folders' and 'folders:item-1'): what a change the server accepted made stale. Keys are a part's
 * own; another part learns of a change from the bus (docs/contracts.md), never by a key.
 */
export function invalidate(...prefixes: readonly string[]): void {
  for (const [key, reloads] of [...mounted]) if (prefixes.some((p) => key.startsWith(p))) for (const reload of [...reloads]) reload();
}

/** True when the API answered 404 (the thing asked for does not exist). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
