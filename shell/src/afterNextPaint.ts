/**
 * Runs `task` once the browser has painted the next frame and is idle (within a second): for work a
 * reader's first move starts (the page-arrival code, the member's help boxes) that must not delay
 * what that move does. A press is often a click on the page's main control (Add to cart, Save), and
 * its paint is the interaction a reader waits for (Event Timing, docs/performance.md).
 */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
      else task();
    }, 0),
  );
}
