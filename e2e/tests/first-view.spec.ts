/**
 * What the first view waits for (decision 040): the lead picture first, the scripts next, the web
 * fonts last on a reader's first visit; from the first paint on a later one.
 */
import { expect, holdRequests, test, waitForLive } from '../fixtures';
import { signIn } from '../session';

const ARTICLE = '/2025/06/the-unexpected-power-of-slowing-down';

test('a first visit asks for the web fonts only after the page has loaded; a later visit uses them from the first paint', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { fontsAtStart: boolean }).fontsAtStart = document.documentElement.hasAttribute('data-fonts');
    });
  });
  await page.goto(ARTICLE);
  await expect(page.locator('html[data-fonts]')).toBeAttached();
  const first = await page.evaluate(() => ({
    atStart: (window as unknown as { fontsAtStart: boolean }).fontsAtStart,
    load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    fonts: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.woff2'))
      .map((e) => e.startTime),
    heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
  }));
  expect(first.atStart).toBe(false);
  expect(first.fonts.length).toBeGreaterThanOrEqual(4);
  for (const start of first.fonts) expect(start).toBeGreaterThan(first.load);
  expect(first.heading).toMatch(/^"Source Serif 4"/);
  expect(await page.evaluate(() => document.fonts.check('700 1em "Source Serif 4"'))).toBe(true);

  // The same reader comes back: the faces are used from the start.
  await page.goto('/topics');
  await waitForLive(page);
  expect(await page.evaluate(() => (window as unknown as { fontsAtStart: boolean }).fontsAtStart)).toBe(true);
});

test('on a page led by a picture, the scripts start only once that picture has arrived', async ({ page }) => {
  // What the page had started when the text was first painted, seen from inside the page.
  await page.addInitScript(() => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      setTimeout(() => {
        (window as unknown as { scriptsAtPaint: boolean }).scriptsAtPaint = document.querySelector('script[src="/main.js"]') !== null;
      });
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  // The product's lead picture arrives late (a slow line).
  const release = await holdRequests(page, /\/images\/product\//);
  const html = await (await page.request.get('/store', { headers: { accept: 'text/html' } })).text();
  const product = /href="(\/product\/[^"]+)"/.exec(html)?.[1] ?? '';
  await page.goto(product, { waitUntil: 'commit' });
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { scriptsAtPaint?: boolean }).scriptsAtPaint)).toBe(false);
  // Readable, and the scripts wait: the picture has the line to itself. Once it has come, they start.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  release();
  await waitForLive(page);
});

test("home's hidden carousel slides take their pictures only once the page is live", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') asked.push(new URL(r.url()).pathname);
  });
  const release = await holdRequests(page, '**/main.js');
  await page.goto('/', { waitUntil: 'commit' });
  const slides = page.locator('.carousel-slide');
  await expect(slides).toHaveCount(3);
  // The lead picture has arrived and is shown.
  await expect
    .poll(() =>
      slides
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  const folder = async (n: number) => (await slides.nth(n).locator('img').getAttribute('src'))!.replace(/[^/]+$/, '');
  const [second, third] = [await folder(1), await folder(2)];
  expect(asked.filter((p) => p.startsWith(second) || p.startsWith(third))).toEqual([]);
  release();
  await waitForLive(page);
  await expect.poll(() => asked.some((p) => p.startsWith(second))).toBe(true);
});

test("a page carries only its own type's sheet; a page type reached in the app shows once its sheet has arrived (decision 041)", async ({ page }) => {
  await page.goto('/store');
  const inline = () => page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join(''));
  // The store is the store remote's page: none of the shell's page sheets, neither the magazine's nor the topics'.
  expect(await page.locator('[data-sheet]').count()).toBe(0);
  expect(await inline()).not.toContain('.magazine-top');
  expect(await inline()).not.toContain('.topic-tree');
  await waitForLive(page);

  const release = await holdRequests(page, /\/styles\/magazine\.[0-9a-f]{8}\.css$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Magazine archive' }).click();
  // While the sheet is on its way the magazine is not shown unstyled: the page says it is loading.
  await expect(page.locator('link[rel="stylesheet"][href*="/styles/magazine."]')).toBeAttached();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading…');
  await expect(page.locator('.magazine-top')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Magazine' })).toBeVisible();
  await expect(page.locator('.magazine-top')).toHaveCSS('display', 'grid');
  await expect(page.locator('link[data-sheet="magazine"]')).toBeAttached();
});

test('the search overlay and the account menu bring their own sheets: fetched when first opened, inlined when the server renders them (decision 041)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/topics');
  await waitForLive(page);
  expect(await page.locator('[data-sheet="search-overlay"], [data-sheet="user-menu"]').count()).toBe(0);
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  await overlay.getByRole('searchbox', { name: 'Search' }).fill('strategy');
  await expect(overlay.getByRole('list', { name: 'Suggested articles' }).getByRole('link').first()).toBeVisible();
  await expect(page.locator('link[data-sheet="search-overlay"]')).toBeAttached();
  // The suggestions as the sheet draws them: a list without bullets, each a row at least a touch target high.
  await expect(overlay.getByRole('list', { name: 'Suggested articles' })).toHaveCSS('list-style-type', 'none');
  const row = await overlay.getByRole('list', { name: 'Suggested articles' }).getByRole('link').first().boundingBox();
  expect(row!.height).toBeGreaterThanOrEqual(44);

  // A signed-in reader's page carries the account menu's sheet in its HTML: nothing to fetch, nothing unstyled.
  await signIn(page);
  const html = await (await page.request.get('/topics', { headers: { Accept: 'text/html' } })).text();
  expect(html).toMatch(/<style data-sheet="user-menu">\.user-menu\{/);
  expect(html).not.toContain('data-sheet="search-overlay"');
});
