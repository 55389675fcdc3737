import { LEFT_NAV, NAV_CAROUSEL } from 'shared-contracts/visual';
import { findLogo, leftNavVisible, logoRestingBottom, measureLeftNav, type LeftNavGeometry } from './leftNav';
import { carouselSlides } from './LeftNav';

const base: LeftNavGeometry = { scrollY: 500, logoBottom: 80, navBottom: 400, footerTop: null, wallTop: null };

describe('leftNavVisible', () => {
  it('is hidden until the page is scrolled past the logo bottom plus the -16 px offset', () => {
    expect(LEFT_NAV.showOffsetPx).toBe(-16);
    expect(leftNavVisible({ ...base, scrollY: 0 })).toBe(false);
    expect(leftNavVisible({ ...base, scrollY: 64 })).toBe(false); // 80 - 16: not past yet
    expect(leftNavVisible({ ...base, scrollY: 65 })).toBe(true);
  });

  it('takes a missing logo as 0', () => {
    expect(leftNavVisible({ ...base, logoBottom: null, scrollY: 0 })).toBe(true);
  });

  it('hides within 20 px of the footer', () => {
    expect(leftNavVisible({ ...base, footerTop: 420 })).toBe(true); // exactly 20 px away
    expect(leftNavVisible({ ...base, footerTop: 419 })).toBe(false);
    expect(leftNavVisible({ ...base, footerTop: 100 })).toBe(false); // footer above the nav's bottom
  });

  it('hides within 75 px of the paywall block', () => {
    expect(leftNavVisible({ ...base, wallTop: 475 })).toBe(true);
    expect(leftNavVisible({ ...base, wallTop: 474 })).toBe(false);
  });

  it('is shown past the logo with footer and wall far away', () => {
    expect(leftNavVisible({ ...base, footerTop: 2000, wallTop: 1500 })).toBe(true);
  });
});

describe('measureLeftNav', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function rect(el: Element, r: Partial<DOMRect>) {
    jest
      .spyOn(el, 'getBoundingClientRect')
      .mockReturnValue({ top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}), ...r });
  }

  it('reads the logo ([data-site-logo] before header) at its resting place, the footer and the wall', () => {
    document.body.innerHTML = '<header><a data-site-logo>Logo</a></header><main id="m"></main><nav id="n"></nav><div data-visual-wall></div><footer></footer>';
    const header = document.querySelector('header')!;
    const logo = document.querySelector<HTMLElement>('[data-site-logo]')!;
    expect(findLogo()).toBe(logo);
    const nav = document.getElementById('n')!;
    // The page is scrolled by 300 and the sticky header is hidden (translated up): the logo's box
    // is off screen, but its resting place is the header's static top + its offset + its height.
    Object.defineProperty(header, 'offsetHeight', { value: 100, configurable: true });
    Object.defineProperty(logo, 'offsetTop', { value: 12, configurable: true });
    Object.defineProperty(logo, 'offsetHeight', { value: 40, configurable: true });
    Object.defineProperty(logo, 'offsetParent', { value: header, configurable: true });
    rect(logo, { bottom: -60 });
    rect(document.getElementById('m')!, { top: -200 }); // what follows the header starts at page y 100
    rect(nav, { bottom: 350 });
    rect(document.querySelector('[data-visual-wall]')!, { top: 900 });
    rect(document.querySelector('footer')!, { top: 1200 });
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    expect(measureLeftNav(nav)).toEqual({ scrollY: 300, logoBottom: 52, navBottom: 350, footerTop: 1200, wallTop: 900 });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('uses the logo box as it is when no content follows its header', () => {
    document.body.innerHTML = '<header><a data-site-logo>Logo</a></header>';
    const logo = document.querySelector('[data-site-logo]')!;
    rect(logo, { bottom: 20 });
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    expect(logoRestingBottom(logo)).toBe(320);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('falls back to the header and gives null for a missing footer and wall', () => {
    document.body.innerHTML = '<header></header><nav id="n"></nav>';
    expect(findLogo()).toBe(document.querySelector('header'));
    const g = measureLeftNav(document.getElementById('n')!);
    expect(g.footerTop).toBeNull();
    expect(g.wallTop).toBeNull();
  });
});

describe('carouselSlides', () => {
  it('splits the links into 2 slides', () => {
    expect(NAV_CAROUSEL.slides).toBe(2);
    expect(carouselSlides([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(carouselSlides([1, 2, 3, 4])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(carouselSlides([1])).toEqual([[1]]);
    expect(carouselSlides([])).toEqual([[]]);
  });
});
