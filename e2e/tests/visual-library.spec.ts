/**
 * The visual library, end to end (decision 016): filter by a subject tab and page through it (with a
 * collection card after every third chart); a Best subscriber downloads a chart through the digest
 * link; a guest past the meter sees the single-item paywalled view with no pagination, and the
 * server gives that guest no other chart (stream or image).
 */
import type { Page } from '@playwright/test';
import { expect, expectSlot, slot, test } from '../fixtures';
import { signIn, spendMeter } from '../session';

async function visualLibrary(page: Page, path = '/visual-library') {
  await page.goto(path);
  await expectSlot(page, 'visualLibrary/App', 'ready');
  return slot(page, 'visualLibrary/App');
}

test('filter by a subject tab and page through its charts', async ({ page }) => {
  const app = await visualLibrary(page);
  const feed = app.locator('[data-feed-state]');
  await expect(feed).toHaveAttribute('data-feed-state', 'full');
  await expect(app.getByRole('tab', { name: 'All Data & Visuals' })).toHaveAttribute('aria-selected', 'true');

  await app.getByRole('tab', { name: 'Strategy' }).click();
  await expect(page).toHaveURL(/\/visual-library\?filter=4294961102$/);
  await expect(app.getByRole('heading', { level: 2, name: 'Strategy' })).toBeVisible();
  await expect(app.getByText('12 items')).toBeVisible();
  const charts = app.getByRole('list', { name: 'Charts' });
  await expect(charts.locator('li[data-chart-entry]')).toHaveCount(10);
  // A collection card after every third chart.
  await expect(charts.locator(':scope > li').nth(3)).toHaveAttribute('data-collection-card', /.+/);
  await expect(charts.locator(':scope > li').nth(3)).toContainText('View the collection');
  const pages = app.getByRole('navigation', { name: 'Pagination' });
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0);

  // The left navigation appears once the page scrolls past the logo and goes when it is back at
  // the top (its footer and wall rules are unit-tested: leftNav.test.ts).
  const nav = app.locator('nav[data-left-nav]');
  await expect(nav).toHaveAttribute('data-left-nav', 'hidden');
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(nav).toHaveAttribute('data-left-nav', 'shown');
  await expect(nav.getByRole('link', { name: 'Strategy' })).toHaveAttribute('aria-current', 'page');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(nav).toHaveAttribute('data-left-nav', 'hidden');

  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/filter=4294961102&page=2$/);
  await expect(charts.locator('li[data-chart-entry]')).toHaveCount(2);
  await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await expect(pages.getByRole('link', { name: 'Previous' })).toBeVisible();

  // A reload shows the same tab and page.
  await page.reload();
  await expectSlot(page, 'visualLibrary/App', 'ready');
  await expect(app.getByRole('tab', { name: 'Strategy' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByRole('list', { name: 'Charts' }).locator('li[data-chart-entry]')).toHaveCount(2);
});

test('a Best subscriber downloads a chart through the digest link; a Good subscriber gets the chart itself', async ({ page, browser }) => {
  await signIn(page, { email: 'subscriber@example.com', password: 'Reader#2025pass' });
  const app = await visualLibrary(page);
  await expect(app.locator('[data-feed-state]')).toHaveAttribute('data-feed-state', 'full');
  const first = app.locator('li[data-chart-entry]').first();
  const link = first.getByRole('link', { name: 'Download Chart' });
  await expect(link).toHaveAttribute('href', /^\/data-visuals\/download\/[0-9a-f]{64}\/[a-z0-9-]+\.svg$/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.svg$/);
  const body = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(body).toString('utf8')).toContain('<svg');

  const context = await browser.newContext();
  const good = await context.newPage();
  await signIn(good, { email: 'good@example.com', password: 'Reader#2025pass' });
  const goodApp = await visualLibrary(good);
  await expect(goodApp.locator('li[data-chart-entry]').first().getByRole('link', { name: 'Download Chart' })).toHaveAttribute(
    'href',
    /^\/data-visuals\/images\/[a-z0-9-]+\.svg$/,
  );
  // The digest link of another subscriber is refused.
  const href = await link.getAttribute('href');
  expect((await good.request.get(href!)).status()).toBe(403);
  await context.close();
});

test('a guest past the meter sees only the first chart, no pagination, and the wall', async ({ page }) => {
  await spendMeter(page.request, 4);
  const app = await visualLibrary(page);
  await expect(app.locator('[data-feed-state]')).toHaveAttribute('data-feed-state', 'paywalled');
  await expect(app.locator('li[data-chart-entry]')).toHaveCount(1);
  await expect(app.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  const wall = app.locator('[data-visual-wall]');
  await expect(wall).toContainText('Subscribe to see every chart in the visual library.');
  await expect(wall.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');

  // The server applies the same wall to the stream and the images: the one chart shown, no other.
  const shown = await app.locator('li[data-chart-entry]').getAttribute('data-chart-entry');
  const stream = (await (await page.request.get('/service/stream/visual-library/1/50')).json()) as { entry: { id: string }[] };
  expect(stream.entry).toHaveLength(1);
  expect(stream.entry[0]!.id).toBe(shown);
  // Each subject's walled feed shows its first chart too; any chart none of them shows is refused.
  const granted = new Set([shown]);
  const subjects = (await (await page.request.get('/api/data-and-visuals/subjects')).json()) as { filter: string }[];
  for (const s of subjects) {
    const feedOf = (await (await page.request.get(`/api/data-and-visuals?N=${s.filter}`)).json()) as { content: { id: string }[] };
    for (const c of feedOf.content) granted.add(c.id);
  }
  const other = Array.from({ length: 20 }, (_, i) => `dv-${String(i + 1).padStart(4, '0')}`).find((id) => !granted.has(id))!;
  expect((await page.request.get(`/data-visuals/images/${other}.svg`)).status()).toBe(403);
  expect((await page.request.get(`/data-visuals/images/${shown!}.svg`)).status()).toBe(200);
});

/**
 * Only what is really exclusive is labelled (decision 016: a guest the server
 * does not wall downloads every chart, through the chart's own link), no blank column beside the
 * feed on a desktop, and on a phone the subjects bar does not cover the feed. Screenshots of both
 * go to the test's output folder.
 */
test.describe('desktop, 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a guest sees no chart labelled subscriber exclusive, downloads one, and the feed has no blank column beside it', async ({ page }, testInfo) => {
    const app = await visualLibrary(page);
    await expect(app.locator('[data-feed-state]')).toHaveAttribute('data-feed-state', 'full');
    const charts = app.getByRole('list', { name: 'Charts' });
    await expect(charts.locator('li[data-chart-entry]')).toHaveCount(10);
    await expect(app.getByText(/subscriber exclusive/i)).toHaveCount(0);

    const link = charts.locator('li[data-chart-entry]').first().getByRole('link', { name: 'Download Chart' });
    await expect(link).toHaveAttribute('href', /^\/data-visuals\/images\/[a-z0-9-]+\.svg$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8')).toContain('<svg');

    // The feed starts where the heading does: no column kept for the navigation.
    const heading = await app.getByRole('heading', { level: 1, name: 'Visual Library' }).boundingBox();
    const list = await charts.boundingBox();
    expect(Math.abs(list!.x - heading!.x)).toBeLessThan(1);
    const nav = app.locator('nav[data-left-nav]');
    await expect(nav).toHaveAttribute('data-left-nav', 'hidden');
    await page.screenshot({ path: testInfo.outputPath('visual-library-1280-top.png') });

    // Scrolled past the tabs, the subjects show in the margin left of the page, over nothing.
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(nav).toHaveAttribute('data-left-nav', 'shown');
    await expect(nav.getByRole('link', { name: 'All Data & Visuals' })).toBeVisible();
    const navBox = await nav.boundingBox();
    const listNow = await charts.boundingBox();
    expect(navBox!.x).toBeGreaterThanOrEqual(0);
    expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(listNow!.x);
    await page.screenshot({ path: testInfo.outputPath('visual-library-1280-scrolled.png') });
  });
});

test.describe('phone, 390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the subjects bar sits small at the bottom and keeps its own room after the feed, so it covers none of it', async ({ page }, testInfo) => {
    const app = await visualLibrary(page);
    await expect(app.locator('[data-feed-state]')).toHaveAttribute('data-feed-state', 'full');
    await expect(app.getByText(/subscriber exclusive/i)).toHaveCount(0);
    const nav = app.locator('nav[data-left-nav]');
    await expect(nav).toHaveAttribute('data-nav-layout', 'bar');

    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect(nav).toHaveAttribute('data-left-nav', 'shown');
    await expect(nav.getByRole('group', { name: 'Subjects carousel' })).toBeVisible();
    const bar = (await nav.boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(64);
    expect(Math.round(bar.y + bar.height)).toBe(844);
    await page.screenshot({ path: testInfo.outputPath('visual-library-390-scrolled.png') });

    // Not fixed over the page: it rests after the pagination, in room of its own.
    expect(await nav.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    const pagination = app.getByRole('navigation', { name: 'Pagination' });
    const restingGap = await page.evaluate(() => {
      const root = document.querySelector('[data-mfe-slot="visualLibrary/App"]')!;
      const navEl = root.querySelector<HTMLElement>('nav[data-left-nav]')!;
      const pag = root.querySelector<HTMLElement>('nav[aria-label="Pagination"]')!;
      // Where the bar rests in the flow (its sticky offset taken out for one measurement).
      navEl.style.position = 'static';
      const rest = navEl.getBoundingClientRect().top;
      navEl.style.position = '';
      return rest - pag.getBoundingClientRect().bottom;
    });
    expect(restingGap).toBeGreaterThanOrEqual(0);
    // Scrolled to the end, the pagination is not under the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const pag = (await pagination.boundingBox())!;
    const barEnd = (await nav.boundingBox())!;
    const barShown = (await nav.getAttribute('data-left-nav')) === 'shown';
    expect(pag.y + pag.height).toBeLessThanOrEqual(barShown ? barEnd.y + 1 : 844);
    await page.screenshot({ path: testInfo.outputPath('visual-library-390-end.png') });
  });
});
