/**
 * Where pages open, as a reader meets them: a new page opens at its
 * top with focus on its heading, Back returns to where the reader was, an in-page #anchor still
 * scrolls; and on a phone the subscription banner never covers the end of the article.
 * On a phone the header is a compact bar whose Menu button opens the navigation.
 */
import type { Locator, Page } from '@playwright/test';
import { cartLink, expect, expectSlot, slot, test, waitForLive } from '../fixtures';

const PHONE = { width: 390, height: 844 };

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The window's scroll position once it stopped moving (a wheel scrolls smoothly). */
async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await scrollY(page);
      const still = y === last;
      last = y;
      return still;
    })
    .toBe(true);
  return last;
}

/** Where the window was scrolled when the reader clicked (the click itself may scroll a covered link into view). */
async function scrollYAtClick(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() =>
    addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt = window.scrollY), { capture: true, once: true }),
  );
  return () => page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
}

/** The first of `links` whose top is at least `below` px down the page (the reader scrolls to reach it). */
async function linkBelow(links: Locator, below: number): Promise<Locator> {
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const top = await link.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    if (top >= below && (await link.isVisible())) return link;
  }
  throw new Error(`no link ${below} px down the page`);
}

/** The reader scrolls until `link` shows, the way a wheel does. */
async function scrollTo(page: Page, link: Locator): Promise<number> {
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(200);
  return y;
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`${device}: an article opened from far down home opens at its top with focus on its headline; Back returns to the same place`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const main = page.locator('main#main');
    await expect(main.getByRole('heading', { level: 1 })).toBeAttached();
    // The app has taken over: a link followed before that is the browser's own, a new document,
    // which opens as the browser opens any (CI once clicked before, on a busy machine).
    await waitForLive(page);
    const article = await linkBelow(main.locator('a[href^="/20"]'), 900);
    const href = await article.getAttribute('href');
    await scrollTo(page, article);
    const clickedAt = await scrollYAtClick(page);

    await article.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const headline = page.locator('main#main h1');
    await expect(headline).toBeFocused();
    await expect(headline).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
    const before = await clickedAt();
    expect(before).toBeGreaterThan(200);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThan(2);
    await expect(article).toBeInViewport();

    // Forward goes back to the article's own position: its top.
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect.poll(() => scrollY(page)).toBe(0);
  });
}

test('Back returns to where the reader was on home even when they clicked before the scroll code arrived', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // The code that keeps positions is its own chunk, loaded at the first scroll: on a slow connection
  // it arrives after the reader's click.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const names = (await (await page.request.get('/chunk-names.json')).json()) as Record<string, string>;
  expect(names['page-arrival']).toMatch(/^\d+\.[0-9a-f]{8}\.js$/);
  await page.route(`**/${names['page-arrival']}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const main = page.locator('main#main');
  await expect(main.getByRole('heading', { level: 1 })).toBeAttached();
  await waitForLive(page);
  const article = await linkBelow(main.locator('a[href^="/20"]'), 900);
  const before = await scrollTo(page, article);
  await article.click();
  await expect(page).toHaveURL(/\/20/);
  release();
  await expect(page.locator('main#main h1')).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThan(2);
  await expect(article).toBeInViewport();
});

test('a product opened from far down the store opens at its top with focus on its title', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/store');
  await expectSlot(page, 'store/App', 'ready');
  const app = slot(page, 'store/App');
  // The store's code has taken over its server HTML: before that a link is the browser's own, a
  // full page load, which starts at the top as every page does but leaves the focus to the browser.
  await expect(app).not.toHaveAttribute('data-hydrating');
  await expect(app.locator('a[href^="/product/"]').first()).toBeVisible();
  const product = await linkBelow(app.locator('a[href^="/product/"]'), 900);
  await scrollTo(page, product);
  await product.click();
  await expect(page).toHaveURL(/\/product\//);
  const title = page.locator('main#main h1, #main h1').first();
  await expect(title).toBeFocused();
  expect(await scrollY(page)).toBe(0);
  await expect(page.locator('header.site-header')).toBeInViewport();
});

test('an in-page #anchor still scrolls, below the sticky header, and Back returns to where the reader was', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/magazine');
  const main = page.locator('main#main');
  const target = main.getByRole('heading', { level: 2, name: 'From the magazine' });
  await expect(target).toBeAttached();
  await waitForLive(page);
  // Far enough down the phone's page that reaching it takes a scroll.
  expect(await target.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(PHONE.height);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  const before = await settledScrollY(page);

  // The reader follows an in-page link (a fragment navigation, as an <a href="#..."> makes).
  await page.evaluate(() => (location.hash = '#magazine-stream-title'));
  await expect(page).toHaveURL(/#magazine-stream-title$/);
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));
  await expect.poll(() => target.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(Math.round(padding));
  await expect(target).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL(/\/magazine$/);
  await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThan(2);
});

test('phone: the subscription banner leaves the end of the article, its Register button included, uncovered', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // A metered article a guest still reads in full (the meter is per browser context).
  const latest = (await (await page.request.get('/service/stream/latest?page=1&size=8')).json()) as { entry: { url: string }[] };
  let url: string | null = null;
  for (const entry of latest.entry) {
    const a = (await (await page.request.get(`/api/article${entry.url}`)).json()) as { free: boolean; ascend: boolean };
    if (!a.free && !a.ascend) {
      url = entry.url;
      break;
    }
  }
  expect(url).not.toBeNull();
  await page.goto(url!);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(slot(page, 'paywall/ArticleGate').locator('[data-gate-state]')).toHaveAttribute('data-gate-state', 'full-content');
  const invite = page.getByRole('complementary', { name: 'Registration invitation' });
  const register = invite.getByRole('button', { name: 'Register' });
  await expect(register).toBeAttached();

  // The reader scrolls to the very end.
  const banner = page.getByRole('region', { name: 'Subscription offer' });
  await page.mouse.wheel(0, 600);
  await expect(banner).toBeVisible();
  await page.keyboard.press('End');
  await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)).toBe(true);

  const bannerTop = await banner.evaluate((el) => el.getBoundingClientRect().top);
  const end = await page.locator('main#main article').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(end).toBeLessThanOrEqual(bannerTop);
  // The Register button is on top where the reader taps it, not under the banner.
  await expect(register).toBeInViewport();
  const tapped = await register.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
  });
  expect(tapped).toBe(true);
  await page.screenshot({ path: test.info().outputPath('phone-article-end-with-banner.png') });
  await register.click();
  await expect(page.getByRole('dialog', { name: 'Create an account' })).toBeVisible();
});

test('phone: a compact header (at most 120 px) keeps search, cart and sign-in in reach; Menu opens the navigation, Tab stays in it, Escape and a link close it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/magazine');
  await waitForLive(page);
  const header = page.locator('header.site-header');
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(120);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const menu = header.getByRole('button', { name: 'Menu', exact: true });
  const controls = [
    menu,
    header.getByRole('button', { name: 'Search', exact: true }),
    cartLink(page),
    header.getByRole('button', { name: 'Cart menu' }),
    header.getByRole('button', { name: 'Sign in' }),
    header.getByRole('link', { name: 'Register' }),
  ];
  for (const control of controls) {
    await expect(control).toBeInViewport();
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height), await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }

  // Closed, the navigation is out of sight (and out of the keyboard's way).
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Magazine' })).toHaveClass(/\bactive\b/);
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(7);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(120); // the panel opens over the page
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Tab goes through the links and back to the button; it never leaves for the page.
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('Tab');
    await expect(links.nth(i)).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(links.nth(6)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // A phone reader chooses a section: the menu closes, the page changes, focus goes to its heading.
  await menu.click();
  await nav.getByRole('link', { name: 'Topics' }).click();
  await expect(page).toHaveURL(/\/topics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
});

test('phone: without JavaScript the header menu cannot open, and the footer leads to every section', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/topics');
  // The server renders the menu closed.
  await expect(page.locator('header.site-header').getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'false');
  const footer = page.getByRole('navigation', { name: 'Site' });
  for (const [name, href] of [
    ['Latest', '/the-latest'],
    ['Magazine', '/magazine'],
    ['Topics', '/topics'],
    ['Video', '/video'],
    ['Visual Library', '/visual-library'],
    ['Store', '/store'],
    ['My Library', '/my-library'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await context.close();
});
