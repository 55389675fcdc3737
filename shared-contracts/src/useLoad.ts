import { useEffect, useState } from 'react';
import { ApiError } from './client';

/** The state of one load: loading, then ready with the data or error with what went wrong. */
export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Loads data for a component. `key` names what is loaded (for example the category or the page and
 * filter): when it changes, the older load is aborted and its answer ignored, and the component sees
 * 'loading' right away rather than the previous key's data. An unmount aborts too.
 *
 * The signal is handed to `load` so that a caller that can cancel the request does; the shared `api`
 * methods do not take one, so for them the abort means "ignore the answer".
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): LoadState<T> {
  const [state, setState] = useState<{ key: string; result: LoadState<T> }>({ key, result: { status: 'loading' } });
  useEffect(() => {
    const controller = new AbortController();
    setState({ key, result: { status: 'loading' } });
    // `load` is the one of the render in which `key` changed, so it matches the key.
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, result: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, result: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names everything `load` reads
  }, [key]);

  return state.key === key ? state.result : { status: 'loading' };
}

/** True when the API answered 404 (the thing asked for does not exist). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
