/**
 * When the left navigation shows (paywall §2, §9): once the page is scrolled past the header logo's
 * bottom plus LEFT_NAV.showOffsetPx (-16: 16 px before the logo has gone), and not when its bottom
 * comes within LEFT_NAV.hideNearFooterPx of the footer or LEFT_NAV.hideNearPaywallPx of the wall.
 */
import { LEFT_NAV } from 'shared-contracts';

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
 * Reads the geometry from the page. `restingLogoBottom` keeps the smallest logo bottom seen in page
 * coordinates: a sticky header's logo moves down the page with the scroll, its first place does not.
 */
export function measureLeftNav(nav: Element, restingLogoBottom: number | null, doc: Document = document): LeftNavGeometry {
  const win = doc.defaultView ?? window;
  const scrollY = win.scrollY;
  const logo = findLogo(doc);
  const logoNow = logo ? logo.getBoundingClientRect().bottom + scrollY : null;
  const logoBottom = logoNow === null ? restingLogoBottom : restingLogoBottom === null ? logoNow : Math.min(restingLogoBottom, logoNow);
  const footer = doc.querySelector('footer');
  const wall = doc.querySelector('[data-visual-wall]');
  return {
    scrollY,
    logoBottom,
    navBottom: nav.getBoundingClientRect().bottom,
    footerTop: footer ? footer.getBoundingClientRect().top : null,
    wallTop: wall ? wall.getBoundingClientRect().top : null,
  };
}
