/** The paywall panel's scroll animation (PAY-09 "Scroll animation 1000 ms"). */

/** Scroll animation duration, ms (PAY-09). */
export const SCROLL_ANIMATION_MS = 1000;

/** Room left above the panel for the sticky header, px. NOT IN SPEC. */
export const SCROLL_TOP_MARGIN_PX = 80;

/** Ease in and out (cubic). */
function ease(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/**
 * Scrolls the window from `from` to `to` over `durationMs`, frame by frame, ending exactly on `to`;
 * a reader who asked for less motion gets there at once. Returns a cancel function.
 */
export function animateWindowScroll(from: number, to: number, durationMs: number): () => void {
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced || from === to) {
    window.scrollTo(0, to);
    return () => {};
  }
  const start = Date.now();
  let frame = 0;
  const step = () => {
    const t = Math.min(1, (Date.now() - start) / durationMs);
    window.scrollTo(0, Math.round(from + (to - from) * ease(t)));
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
