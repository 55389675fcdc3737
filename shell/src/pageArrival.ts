/**
 * Where a page opens and where focus goes. React Router's
 * ScrollRestoration needs a data router; this site runs BrowserRouter, so the shell does it here.
 *
 * - A new page (a push to another path) opens at the top, or at its #anchor, and focus moves to its
 *   h1 (else its #main) so a screen reader announces the page, unless the page took focus itself.
 * - Back and Forward restore the position the entry had, also for an entry whose document the
 *   browser loads again (the positions outlive the document in sessionStorage).
 * - A push within the same path (filters, pagination, a playlist), a replace, and the document's
 *   first render (a reload, an #anchor: the browser's own) leave scroll and focus alone.
 *
 * Off the first view: App.tsx loads this chunk at the reader's first scroll, press or key, or at the
 * first navigation, whichever comes first (the article's byte budget; nothing here is needed before).
 */
import type { Location, NavigationType } from 'shared-contracts/router';

/** How long a page's scroll and focus wait for its content (its code, a remote, data). */
export const ARRIVAL_WAIT_MS = 5000;
const POSITIONS_KEY = 'scroll-positions';
const KEPT_POSITIONS = 50;

/** Where each history entry was scrolled to, by entry key. */
const positions = new Map<string, number>();
let shown: (() => Location | null) | null = null;

/** A history entry's key; the document's first entry and plain #anchor entries share 'default', so theirs is the address. */
export function entryKey(l: Pick<Location, 'key' | 'pathname' | 'search' | 'hash'>): string {
  return l.key === 'default' ? l.pathname + l.search + l.hash : l.key;
}

/**
 * Keeps the shown entry's position. Not while the address is already another entry's and the page
 * has not caught up yet: the browser scrolls for a followed #anchor before the router shows it.
 */
function record(): void {
  const current = shown?.();
  const { pathname, search, hash } = window.location;
  if (current && pathname + search + hash === current.pathname + current.search + current.hash) positions.set(entryKey(current), scrollY);
}

/**
 * Scrolls to `y()` (null: not there yet) and, with `focus`, moves focus to the page's h1 (else its
 * #main) unless the page took focus itself, each as soon as the content allows: the page may still
 * be arriving. Gives up after ARRIVAL_WAIT_MS or when the reader scrolls, clicks or types. Returns
 * a function that stops it.
 */
export function arrive(y: () => number | null, focus: boolean): () => void {
  let scrolled = false;
  let heading: HTMLElement | null = null;
  const main = () => document.getElementById('main');
  // A restored position (Back, Forward: no focus move) is held until the page settles: content that
  // arrives above it (the carousel after the stream) would otherwise move it, by the browser's
  // scroll anchoring too, which is off meanwhile.
  const holding = !focus;
  const root = document.documentElement;
  const anchoring = root.style.overflowAnchor;
  if (holding) root.style.overflowAnchor = 'none';
  const step = () => {
    const to = scrolled && !holding ? null : y();
    if (to !== null) {
      if (Math.abs(scrollY - to) >= 1) scrollTo(0, to);
      scrolled = Math.abs(scrollY - to) < 1;
    }
    if (!focus) return;
    const active = document.activeElement;
    if (heading) {
      if (heading.isConnected) return;
      // A heading the page replaced (its loading state) hands focus on to the new one; focus the
      // reader or the page moved elsewhere stays there.
      if (active !== document.body) {
        focus = false;
        return;
      }
    } else if (main()?.contains(active)) {
      focus = false; // the page took focus itself
      return;
    }
    heading = main()?.querySelector('h1') ?? null;
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(step);
  // The page also grows without a change of its nodes (images, fonts, styles arriving): a position
  // it was too short for is tried again then.
  const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(step);
  const stops = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
  const stop = () => {
    if (holding) root.style.overflowAnchor = anchoring;
    observer.disconnect();
    resized?.disconnect();
    clearTimeout(timer);
    for (const type of stops) removeEventListener(type, stop, true);
  };
  const timer = setTimeout(() => {
    stop();
    // No heading arrived: the page itself takes focus.
    const page = main();
    if (focus && !heading && page && !page.contains(document.activeElement)) {
      page.tabIndex = -1;
      page.focus({ preventScroll: true });
    }
  }, ARRIVAL_WAIT_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  resized?.observe(document.body);
  for (const type of stops) addEventListener(type, stop, true);
  step();
  return stop;
}

/** Where the browser puts an #anchor: its top at the page's scroll padding (below the sticky header), within the page. */
function anchorTop(hash: string): number | null {
  const el = hash ? document.getElementById(decodeHash(hash)) : null;
  if (!el) return null;
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return Math.max(0, Math.round(el.getBoundingClientRect().top + scrollY - padding));
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Starts keeping positions for the page's entries (`current` returns the entry shown). Returns a
 * function that stops. With `restore` (a document loaded by Back or Forward, at its start) the
 * entry gets its position back.
 */
export function start(current: () => Location | null, restore: boolean): () => void {
  shown = current;
  history.scrollRestoration = 'manual';
  try {
    const kept = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '[]') as [string, number][];
    for (const [k, y] of kept) if (!positions.has(k)) positions.set(k, y);
  } catch {
    // Nothing kept, or storage refused: positions start empty.
  }
  record();
  // Leaving the document: the browser restores a reload itself, and the positions outlive it.
  const leave = () => {
    record();
    history.scrollRestoration = 'auto';
    try {
      sessionStorage.setItem(POSITIONS_KEY, JSON.stringify([...positions].slice(-KEPT_POSITIONS)));
    } catch {
      // Full or refused: Back to an entry of another document opens at the top.
    }
  };
  const back = () => (history.scrollRestoration = 'manual');
  addEventListener('scroll', record, { passive: true });
  addEventListener('pagehide', leave);
  addEventListener('pageshow', back);
  const entry = current();
  const saved = entry ? positions.get(entryKey(entry)) : undefined;
  const restoring = restore && saved !== undefined ? arrive(() => saved, false) : undefined;
  return () => {
    restoring?.();
    removeEventListener('scroll', record);
    removeEventListener('pagehide', leave);
    removeEventListener('pageshow', back);
    shown = null;
  };
}

/**
 * A client-side navigation from `from` to `to` was committed; `left` is where `from` was scrolled
 * when the reader left it, when this code arrived only afterwards. Returns a function that stops
 * what it started.
 */
export function navigated(from: Location, to: Location, type: NavigationType, left?: number): (() => void) | undefined {
  // Not for an #anchor of the same page: the browser scrolled to it before the page was left.
  if (left !== undefined && from.pathname !== to.pathname) positions.set(entryKey(from), left);
  const key = entryKey(to);
  if (type === 'POP') {
    const saved = positions.get(key);
    return arrive(() => saved ?? anchorTop(to.hash), false);
  }
  positions.set(key, scrollY);
  if (type === 'REPLACE' || from.pathname === to.pathname) return undefined;
  return arrive(to.hash ? () => anchorTop(to.hash) : () => 0, true);
}
