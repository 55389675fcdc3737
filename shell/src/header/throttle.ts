/**
 * A throttle that runs the first call at once and then at most one call per `ms` window: calls
 * made during a window are folded into one trailing call with the latest arguments, run when the
 * window ends (and starting the next window). So the last value is always handled: the final
 * scroll position, the final search term (SITE-09: header 125 ms, auto-suggest 350 ms).
 */
export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending trailing call and ends the window. */
  cancel(): void;
}

export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): Throttled<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;

  const endWindow = () => {
    if (pending) {
      const args = pending;
      pending = null;
      timer = setTimeout(endWindow, ms);
      fn(...args);
    } else {
      timer = null;
    }
  };

  const throttled = (...args: A) => {
    if (timer === null) {
      timer = setTimeout(endWindow, ms);
      fn(...args);
    } else {
      pending = args;
    }
  };
  return Object.assign(throttled, {
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  });
}
