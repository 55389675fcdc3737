/**
 * The sticky header's scroll behaviour (SITE-02: it reverses on scroll up; SITE-04: big or small logo
 * by scroll position, desktop and mobile thresholds; SITE-09: scroll handling throttled to 125 ms,
 * mobile up to 767 px wide). The header hides (a transform, so nothing below it moves) while the
 * reader scrolls down past its own height, and shows again as soon as they scroll up.
 */
import { useEffect, useState } from 'react';
import { headerLogoSize, MOBILE_BREAKPOINT_PX, SCROLL_THROTTLE_MS } from 'shared-contracts';
import { throttle } from './throttle';

export type LogoSize = 'big' | 'small';
export type HeaderVisibility = 'shown' | 'hidden';
export interface HeaderScrollState {
  /** The scroll position the direction is measured from. */
  y: number;
  logo: LogoSize;
  header: HeaderVisibility;
}

/** Above this scroll position the header always shows (it is still in its own place). */
export const HEADER_ALWAYS_SHOWN_PX = 150;
/** Smaller moves do not flip the header (a trackpad's jitter). */
export const HEADER_SCROLL_DELTA_PX = 5;

export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_BREAKPOINT_PX;
}

export const INITIAL_HEADER_STATE: HeaderScrollState = { y: 0, logo: 'big', header: 'shown' };

/** The header's next state for a scroll position (pure: the rules, tested on their own). */
export function nextHeaderState(prev: HeaderScrollState, y: number, mobile: boolean): HeaderScrollState {
  const logo = headerLogoSize(y, mobile, prev.logo);
  if (y <= HEADER_ALWAYS_SHOWN_PX) return { y, logo, header: 'shown' };
  if (Math.abs(y - prev.y) < HEADER_SCROLL_DELTA_PX) return { ...prev, logo };
  return { y, logo, header: y > prev.y ? 'hidden' : 'shown' };
}

function measure(prev: HeaderScrollState): HeaderScrollState {
  return nextHeaderState(prev, Math.max(0, window.scrollY), isMobileWidth(window.innerWidth));
}

/** The header's logo size and visibility; `pinned` keeps it shown (a dialog or focus inside). */
export function useStickyHeader(pinned: boolean): { logo: LogoSize; header: HeaderVisibility } {
  // The server's state first (no window there; hydration renders what the server did), then the page's.
  const [state, setState] = useState<HeaderScrollState>(INITIAL_HEADER_STATE);
  useEffect(() => {
    setState((prev) => measure(prev));
    const update = throttle(() => {
      const y = Math.max(0, window.scrollY);
      const mobile = isMobileWidth(window.innerWidth);
      setState((prev) => nextHeaderState(prev, y, mobile));
    }, SCROLL_THROTTLE_MS.header);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      update.cancel();
    };
  }, []);
  return { logo: state.logo, header: pinned ? 'shown' : state.header };
}
