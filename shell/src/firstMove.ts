/**
 * A reader's first move on a page (a scroll, press or key): the page-arrival code and the member's
 * help boxes wait for it. `onFirstMove` runs its task once, after that move's own paint and when the
 * browser is idle (within a second): a first press is often a click on the page's main control
 * (Add to cart, Save), and its paint is the interaction a reader waits for (Event Timing,
 * docs/performance.md). It returns a function that stops listening.
 */
const FIRST_MOVES = ['scroll', 'pointerdown', 'keydown', 'touchstart'];

export function onFirstMove(task: () => void): () => void {
  const stop = () => {
    for (const t of FIRST_MOVES) removeEventListener(t, moved, true);
  };
  function moved() {
    stop();
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
        else task();
      }, 0),
    );
  }
  for (const t of FIRST_MOVES) addEventListener(t, moved, { capture: true, passive: true });
  return stop;
}
