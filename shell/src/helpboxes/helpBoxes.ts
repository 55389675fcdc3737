/**
 * Help boxes (SITE-02 help boxes; SITE-09 help-box types and the 50 ms reposition; PAY-04
 * 'subscriber-search' once per browser): small boxes that point at a part of the page once per
 * browser. Six types; each has a page and an audience (`helpBoxFor`), an anchor it points at, and
 * a title and words (HelpBoxHost). A box is marked as shown in localStorage (`tmr:help:{type}`) the
 * moment it shows, so it never shows again in this browser, dismissed or not.
 *
 * This module is small on purpose: the header's user menu and the home page import it to decide
 * whether a box may show at all; the box itself is the lazily loaded HelpBoxHost.
 */
import type { User, UserStatus } from 'shared-contracts';

/**
 * The localStorage key of a shown box, `tmr:help:{type}` (contracts.md; the same key as
 * discovery.ts `helpBoxStorageKey`, not imported: the discovery entry is not on a member's article).
 */
function storageKey(type: HelpBoxType): string {
  return `tmr:help:${type}`;
}

/** The help-box types (SITE-09). */
export const HELP_BOX_TYPES = ['sign-in-benefits', 'article-saves', 'firmographics', 'my-library', 'insider-newsletter', 'subscriber-search'] as const;
export type HelpBoxType = (typeof HELP_BOX_TYPES)[number];

/** Help-box reposition throttle on scroll and resize, ms (SITE-09). */
export const HELP_BOX_REPOSITION_MS = 50;

/** An article's address, /{yyyy}/{mm}/{slug}. */
const ARTICLE_PATH = /^\/\d{4}\/\d{2}\/[^/]+\/?$/;

const member = (status: UserStatus | 'unknown') => status === 'registered' || status === 'subscriber';

/** Whether the member has told us none of their industry, job title and company size (the firmographics). */
export function lacksFirmographics(user: User | null): boolean {
  return !!user && !user.industry && !user.jobTitle && !user.companySize;
}

/**
 * The help box a page may show to this reader (one at a time), before the once-per-browser check.
 * 'subscriber-search' is the search page's own (SearchHelpBox), not the host's.
 *
 * - sign-in-benefits: guests on the home page, at the header's Sign in.
 * - firmographics: members who gave none of industry, job title and company size, on the home
 *   page, at their account menu.
 * - article-saves: members on an article, at its Save.
 * - my-library: members in My Library, at the folder list.
 * - insider-newsletter: subscribers on the newsletters page, at The Big Idea Insider (for
 *   subscribers only: their subscription includes it).
 */
export function helpBoxFor(pathname: string, status: UserStatus | 'unknown', user: User | null): Exclude<HelpBoxType, 'subscriber-search'> | null {
  if (status === 'guest') return pathname === '/' ? 'sign-in-benefits' : null;
  if (!member(status)) return null;
  if (pathname === '/') return lacksFirmographics(user) ? 'firmographics' : null;
  if (ARTICLE_PATH.test(pathname)) return 'article-saves';
  if (pathname === '/my-library' || pathname.startsWith('/my-library/library')) return 'my-library';
  if (pathname === '/email-newsletters' && status === 'subscriber') return 'insider-newsletter';
  return null;
}

/** Whether the box already showed in this browser (storage blocked: treated as shown, never nag). */
export function helpBoxShown(type: HelpBoxType): boolean {
  try {
    return localStorage.getItem(storageKey(type)) !== null;
  } catch {
    return true;
  }
}

/** True the first time it is asked in this browser (and marks the box as shown); false after. */
export function claimHelpBox(type: HelpBoxType): boolean {
  if (helpBoxShown(type)) return false;
  try {
    localStorage.setItem(storageKey(type), new Date().toISOString());
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `fn` at most once every `ms` (SITE-09: the help-box reposition, 50 ms): the first call at
 * once, later calls in the window once at its end. `cancel` drops a pending call.
 */
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
