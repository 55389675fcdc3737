/**
 * The persistent subscription banner (SITE-04, SITE-06, SITE-09).
 *
 * Hidden at first; shown once the reader has scrolled past the article start (the article element's
 * top edge above the viewport top) and then kept ("persistent"). Never shown to active subscribers
 * (user store status 'subscriber'; nor while the user is still unknown, as it may be a
 * subscriber), never on ascend pages, and never while the paywall gate says it shows a wall or a
 * panel (bus 'paywall:state' other than 'full-content'): one wall, panel or banner claims the
 * reader's attention at a time. Until the gate reports, no wall is shown, so the banner may show
 * (a gate that failed to load shows none).
 *
 * Escape or Close closes it: it leaves the accessibility tree at once, fades, and leaves the DOM
 * after PERSISTENT_BANNER_HIDE_MS (1 s). Once closed it stays closed for that article (for the
 * life of the page). The article page mounts one per article (keyed by the article id).
 *
 * What it shows (the offer, Subscribe now, Close; the room it keeps at the page's end) is
 * BannerRegion.tsx, its own chunk, loaded when the banner first shows.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import {
  PERSISTENT_BANNER_HIDE_MS,
  SCROLL_THROTTLE_MS,
  bus,
  lazyComponent,
  shouldShowPersistentBanner,
  useUserStore,
  type Article,
  type EventMap,
} from 'shared-contracts';
import type { BannerRegionProps } from './BannerRegion';
import { throttle } from '../header/throttle';

const BannerRegion = lazyComponent<BannerRegionProps>(() => import(/* webpackChunkName: "persistent-banner" */ './BannerRegion').then((m) => m.BannerRegion));

/** Starts fetching what the banner shows (tests: it then shows at once). */
export function preloadBanner(): Promise<unknown> {
  return BannerRegion.preload();
}

type PaywallState = EventMap['paywall:state']['state'];

/** Articles whose banner the reader closed (this page's life). */
const closedArticles = new Set<string>();

/** Tests only: forget which banners were closed. */
export function resetClosedBanners(): void {
  closedArticles.clear();
}

/** Scroll (and resize) checks at most once per this many ms, with a trailing check (SITE-09 scroll throttle). */
export const BANNER_SCROLL_THROTTLE_MS = SCROLL_THROTTLE_MS.header;

/** True once the article's top edge has been scrolled above the viewport top; throttled, passive listeners. */
function useScrolledPast(target: RefObject<HTMLElement | null>, watch: boolean): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (passed || !watch) return;
    const check = () => {
      const el = target.current;
      if (el && el.getBoundingClientRect().top < 0) setPassed(true);
    };
    const onScroll = throttle(check, BANNER_SCROLL_THROTTLE_MS);
    check(); // a page opened (or restored) already scrolled
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      onScroll.cancel();
    };
  }, [passed, watch, target]);
  return passed;
}

/** The gate's latest decision for this article, or null before it reports. */
function usePaywallState(): PaywallState | null {
  const [state, setState] = useState<PaywallState | null>(null);
  // A layout effect: subscribed before any passive effect of the same commit (the gate announces
  // from one), so the announcement is never missed.
  useLayoutEffect(() => bus.on('paywall:state', ({ state: next }) => setState(next)), []);
  return state;
}

export interface PersistentBannerProps {
  article: Pick<Article, 'id' | 'ascend'>;
  /** The article element: the banner shows once its top edge is above the viewport. */
  articleRef: RefObject<HTMLElement | null>;
  /** Where focus goes when the banner closes while holding it (default: the article's h1). */
  focusAfterClose?: () => HTMLElement | null;
}

type Phase = 'open' | 'closing' | 'closed';

export function PersistentBanner({ article, articleRef, focusAfterClose }: PersistentBannerProps) {
  const status = useUserStore((s) => s.status);
  const paywall = usePaywallState();
  const [phase, setPhase] = useState<Phase>(() => (closedArticles.has(article.id) ? 'closed' : 'open'));
  const activeSubscriber = status === 'subscriber';
  // Nothing to watch for a subscriber, an ascend page, a closed banner or a reader not known yet.
  const mayShow = phase === 'open' && status !== 'unknown' && !activeSubscriber && !article.ascend;
  const passed = useScrolledPast(articleRef, mayShow);
  const shown =
    mayShow &&
    shouldShowPersistentBanner({ activeSubscriber, ascendPage: article.ascend, scrolledPastArticleStart: passed }) &&
    (paywall === null || paywall === 'full-content');

  const close = () => {
    closedArticles.add(article.id);
    setPhase('closing');
  };

  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(() => setPhase('closed'), PERSISTENT_BANNER_HIDE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'closed' || (phase === 'open' && !shown)) return null;
  return (
    <BannerRegion
      closing={phase === 'closing'}
      onClose={close}
      focusAfterClose={() => (focusAfterClose ? focusAfterClose() : (articleRef.current?.querySelector<HTMLElement>('h1') ?? null))}
    />
  );
}
