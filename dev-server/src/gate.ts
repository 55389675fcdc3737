/**
 * A gate: tasks run at most `max` at a time, the others wait first come, first served. With `queue`,
 * at most `queue.max` wait and the next is refused at once with `queue.full()` (the picture renderer's
 * back-pressure); without it, any number wait (the search index's turns, decision 039).
 */
export function createGate(max: number, queue?: { max: number; full: () => Error }): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < max) active++;
    else if (queue && waiting.length >= queue.max) throw queue.full();
    // A finished task hands its place straight to the first waiting one (active stays as it is).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
