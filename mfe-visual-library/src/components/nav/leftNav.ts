/**
 * When the left navigation shows (PAY-02, PAY-09): once the page is scrolled past the header logo's
 * bottom plus LEFT_NAV.showOffsetPx (-16: 16 px before the logo has gone), and not when its bottom
 * comes within LEFT_NAV.hideNearFooterPx of the footer or LEFT_NAV.hideNearPaywallPx of the wall.
 */
import { LEFT_NAV } from 'shared-contracts/visual';

export interface LeftNavGeometry {
  /** window.scrollY. */
  scrollY: number;
  /** The logo's bottom in page coordinates (its resting place under a sticky header); null: no logo, taken as 0. */
  logoBottom: number | null;
  /** The nav's bottom edge in the viewport. */
  navBottom: number;
  /** The footer's top edge in the viewport; null when there is no footer. */
  footerTop: number | null;
  /** The wall block's top edge in the viewport; null when the feed is not paywalled. */
  wallTop: number | null;
}

export function leftNavVisible(g: LeftNavGeometry): boolean {
  if (!(g.scrollY > (g.logoBottom ?? 0) + LEFT_NAV.showOffsetPx)) return false;
  if (g.footerTop !== null && g.footerTop - g.navBottom < LEFT_NAV.hideNearFooterPx) return false;
  if (g.wallTop !== null && g.wallTop - g.navBottom < LEFT_NAV.hideNearPaywallPx) return false;
  return true;
}

/** The header logo: [data-site-logo], else the page's first header. */
export function findLogo(doc: Document = document): Element | null {
  return doc.querySelector('[data-site-logo]') ?? doc.querySelector('header');
}

/**
 * The logo's bottom in page coordinates where it rests, whatever the sticky header does: the header
 * keeps its place in the flow, so its resting top is the top of what follows it minus its height,
 * and the logo sits at its offset inside the header (offsets ignore the hide-on-scroll transform).
 * Without a header followed by content, the logo's box as it is now.
 */
export function logoRestingBottom(logo: Element, doc: Document = document): number {
  const win = doc.defaultView ?? window;
  const header = logo.closest('header');
  const after = header?.nextElementSibling ?? null;
  if (header instanceof HTMLElement && logo instanceof HTMLElement && after) {
    let within = 0;
    let el: HTMLElement | null = logo;
    while (el && el !== header) {
      within += el.offsetTop;
      el = el.offsetParent instanceof HTMLElement ? el.offsetParent : null;
    }
    if (el === header) {
      const headerTop = after.getBoundingClientRect().top + win.scrollY - header.offsetHeight;
      return headerTop + within + logo.offsetHeight;
    }
  }
  return logo.getBoundingClientRect().bottom + win.scrollY;
}

/** Reads the geometry from the page. */
export function measureLeftNav(nav: Element, doc: Document = document): LeftNavGeometry {
  const win = doc.defaultView ?? window;
  const logo = findLogo(doc);
  const footer = doc.querySelector('footer');
  const wall = doc.querySelector('[data-visual-wall]');
  return {
    scrollY: win.scrollY,
    logoBottom: logo ? logoRestingBottom(logo, doc) : null,
    navBottom: nav.getBoundingClientRect().bottom,
    footerTop: footer ? footer.getBoundingClientRect().top : null,
    wallTop: wall ? wall.getBoundingClientRect().top : null,
  };
}
