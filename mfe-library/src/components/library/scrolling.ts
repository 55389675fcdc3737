/**
 * Scrolling helpers of My Library's tab bars (SITE-09): the tab bar's scroll throttle (500 ms,
 * SCROLL_THROTTLE_MS.tabBar) and the smooth scroll that brings a selected tab into view (468 ms).
 */

/** Smooth scroll duration, ms (SITE-09 "Smooth scroll lasts 468 ms"). */
export const SMOOTH_SCROLL_MS = 468;

/** Ease in and out (cubic). */
function ease(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/**
 * Moves a scroll position from `from` to `to` over `durationMs` (frames), calling `set` with each
 * position and the exact target last. A reader who asked for less motion gets the target at once.
 * Returns a cancel function.
 */
export function animateScroll(from: number, to: number, durationMs: number, set: (position: number) => void): () => void {
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced || from === to || durationMs <= 0) {
    set(to);
    return () => {};
  }
  const start = Date.now();
  let frame = 0;
  const step = () => {
    const t = Math.min(1, (Date.now() - start) / durationMs);
    set(Math.round(from + (to - from) * ease(t)));
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/** Runs `fn` at most once every `ms`: the first call at once, later ones in the window at its end. */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    if (timer !== undefined) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}

/** Which ends of a horizontally scrolled bar have more tabs out of view. */
export type Overflow = 'none' | 'start' | 'end' | 'both';

export function overflowOf(el: { scrollLeft: number; scrollWidth: number; clientWidth: number }): Overflow {
  const before = el.scrollLeft > 1;
  const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  return before && after ? 'both' : before ? 'start' : after ? 'end' : 'none';
}

/** The scrollLeft that shows `tab` whole inside `bar` (unchanged when it is already in view). */
export function scrollLeftToShow(bar: { scrollLeft: number; clientWidth: number }, tab: { offsetLeft: number; offsetWidth: number }): number {
  if (tab.offsetLeft < bar.scrollLeft) return tab.offsetLeft;
  if (tab.offsetLeft + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) return tab.offsetLeft + tab.offsetWidth - bar.clientWidth;
  return bar.scrollLeft;
}
