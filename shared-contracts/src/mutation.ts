/**
 * `useMutation` (decision 049), the one way a component writes. Its own entry, not the core:
 * `shared-contracts/mutation` is not shared and is bundled by each build that writes (My Library
 * today), so a page that only reads does not carry it. It reaches the page's one core by the
 * package's name: `invalidate` must reload the loads of the page's one registry.
 */
import { useCallback, useRef, useState } from 'react';
import { invalidate, useMounted } from 'shared-contracts';

/** A change the reader asked for, as a component sees it: running, and the last failure. */
export interface Mutation<A extends unknown[], R> {
  /**
   * Makes the change; resolves with the server's answer, or with undefined when it failed (then
   * `error` holds why) or when another run of it was still under way (one at a time).
   */
  run(...args: A): Promise<R | undefined>;
  /** True from `run` until the answer: the control shows busy and refuses a second click. */
  pending: boolean;
  /** What the last run failed with, null after a success, a new run or `reset`. */
  error: unknown;
  reset(): void;
}

export interface MutationOptions<A extends unknown[], R> {
  /** Key prefixes of the loads the change makes stale, reloaded once it succeeded (`invalidate`). */
  invalidates?: readonly string[] | ((result: R, ...args: A) => readonly string[]);
  /** After a success, before the loads are invalidated (and even if the component has unmounted). */
  onSuccess?(result: R, ...args: A): void;
}

/**
 * The one way a component writes: `run` calls `change`, `pending` shows meanwhile, a failure lands
 * in `error` (the component says it, in the spec's words), and a success invalidates the loads it
 * names. Answers after an unmount change no state.
 */
export function useMutation<A extends unknown[], R>(change: (...args: A) => Promise<R>, options: MutationOptions<A, R> = {}): Mutation<A, R> {
  const alive = useMounted();
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });
  const running = useRef(false);
  const latest = useRef({ change, options });
  latest.current = { change, options };
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setState({ pending: true, error: null });
      const { change: call, options: opts } = latest.current;
      try {
        const result = await call(...args);
        opts.onSuccess?.(result, ...args);
        const stale = typeof opts.invalidates === 'function' ? opts.invalidates(result, ...args) : opts.invalidates;
        if (stale?.length) invalidate(...stale);
        if (alive.current) setState({ pending: false, error: null });
        return result;
      } catch (error) {
        if (alive.current) setState({ pending: false, error });
        return undefined;
      } finally {
        running.current = false;
      }
    },
    [alive],
  );
  const reset = useCallback(() => setState({ pending: false, error: null }), []);
  return { run, reset, ...state };
}
