/**
 * Server rendering (decision 032): every page type is readable before, and without, any script; the
 * browser then hydrates the server's HTML with no mismatch; what a reader does before the scripts
 * have taken over is not lost.
 */
import type { Locator, Page } from '@playwright/test';
import { bootRan, expect, expectSlot, firstArticleUrl, firstVideo, holdRequests, hydrateIslands, slot, test, waitForLive, type SlotId } from '../fixtures';
import { registerAccount, signIn } from '../session';

interface PageType {
  name: string;
  path: (page: Page) => Promise<string>;
  /** What a reader without scripts must see: the heading, and the page's main content. */
  heading: string | RegExp;
  content: (page: Page) => ReturnType<Page['locator']>;
  slot?: SlotId;
}

const at = (path: string) => () => Promise.resolve(path);
const firstProduct = async (page: Page) => {
  const html = await (await page.request.get('/store', { headers: { accept: 'text/html' } })).text();
  const href = /href="(\/product\/[^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('the store lists no product');
  return href;
};

const PAGE_TYPES: PageType[] = [
  { name: 'home', path: at('/'), heading: 'The Latest', content: (p) => p.locator('.carousel-title a').first() },
  { name: 'article', path: firstArticleUrl, heading: /./, content: (p) => p.locator('main p.lead').first() },
  { name: 'topics', path: at('/topics'), heading: 'Topics', content: (p) => p.getByRole('link', { name: 'Strategy', exact: true }).first() },
  { name: 'topic', path: at('/topic/strategy'), heading: 'Strategy', content: (p) => p.locator('.stream-list li a').first() },
  {
    name: 'search',
    path: at('/search?term=strategy'),
    heading: 'Search',
    content: (p) => p.getByRole('heading', { level: 2, name: /results for "strategy"/ }),
  },
  { name: 'magazine', path: at('/magazine'), heading: 'Magazine', content: (p) => p.locator('article.issue-card img').first() },
  { name: 'archive', path: at('/archive-toc/BR2501'), heading: /2025/, content: (p) => p.locator('main li a').first() },
  { name: 'store', path: at('/store'), heading: 'Store', content: (p) => p.locator('a[href^="/product/"]').first(), slot: 'store/App' },
  {
    name: 'product',
    path: firstProduct,
    heading: /./,
    content: (p) => p.locator('main [class*="price"]').filter({ hasText: /\$\d/ }).first(),
    slot: 'store/App',
  },
  { name: 'cart', path: at('/shopping-cart'), heading: 'Shopping Cart', content: (p) => p.locator('main').getByText(/cart/i).first(), slot: 'store/App' },
  // A guest's My Library: the sign-in prompt (a signed-in reader's is tested below).
  { name: 'My Library', path: at('/my-library'), heading: 'My Library', content: (p) => p.locator('main.library'), slot: 'library/App' },
  { name: 'newsletters', path: at('/email-newsletters'), heading: 'Email Newsletters', content: (p) => p.locator('main li').first(), slot: 'library/App' },
  {
    name: 'video',
    path: async (page) => {
      const v = await firstVideo(page);
      return `/video/${v.id}/${v.slug}`;
    },
    heading: /./,
    content: (p) => p.locator('main video, main img').first(),
    slot: 'video/App',
  },
  { name: 'visual library', path: at('/visual-library'), heading: 'Visual Library', content: (p) => p.locator('main img').first(), slot: 'visualLibrary/App' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const type of PAGE_TYPES) {
    test(`the ${type.name} page shows its heading and main content`, async ({ page }) => {
      const path = await type.path(page);
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(type.heading);
      await expect(type.content(page)).toBeVisible();
      if (type.slot) await expect(slot(page, type.slot)).toHaveAttribute('data-mfe-status', 'ready');
      // Nothing the HTML holds is a script that runs: only the page's data, as JSON.
      expect(await page.locator('script:not([src]):not([type="application/json"]):not([type="application/ld+json"])').count()).toBe(0);
    });
  }

  test('links work: from the store to a product and back home', async ({ page }) => {
    await page.goto('/store');
    const product = page.locator('main a[href^="/product/"]').first();
    const name = (await product.textContent())?.trim() ?? '';
    await product.click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name.slice(0, 20));
    await page.getByRole('link', { name: 'The Management Review, home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The Latest' })).toBeVisible();
  });

  test('an unknown page answers 404 with the page saying so', async ({ page }) => {
    const res = await page.goto('/no/such/page/here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('hydration', () => {
  for (const type of PAGE_TYPES) {
    test(`the ${type.name} page is hydrated without a mismatch and without asking again for its data`, async ({ page }) => {
      const path = await type.path(page);
      const messages: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') messages.push(m.text());
      });
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (/^\/(api|service)\/(stream|article\/\d|topics|magazine|products|playlists|charts)/.test(url.pathname)) apiCalls.push(url.pathname);
      });
      await page.goto(path);
      await waitForLive(page);
      if (type.slot) await expectSlot(page, type.slot, 'ready');
      // Islands hydrate when the reader reaches for them: reach, so their hydration is checked too.
      await hydrateIslands(page);
      await expect(type.content(page)).toBeVisible();
      expect(messages.filter((m) => /hydrat|did not match|#418|#419|#421|#423|#425/i.test(m))).toEqual([]);
      // The server's answers served the first render: the shell's own page data is not fetched again.
      if (!type.slot) expect(apiCalls).toEqual([]);
    });
  }

  test("pages are kept by no shared cache: they may hold the reader's own data", async ({ page }) => {
    await signIn(page);
    const res = await page.request.get('/my-library', { headers: { accept: 'text/html' } });
    expect(res.headers()['cache-control']).toBe('private, no-cache');
    expect(res.headers().vary).toMatch(/Cookie/);
  });
});

test.describe('for a signed-in reader', () => {
  // The server renders the page for the reader its session names (the user store reads it on the
  // server and while hydrating): their account menu and their own library, not a guest's page.
  test('without JavaScript, the header names the reader and My Library shows their folders and saved items', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/my-library');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Robin' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await expect(slot(page, 'library/App')).toHaveAttribute('data-mfe-status', 'ready');
    await expect(page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /Strategy reads/ })).toBeVisible();
    // The Saved tab's first page is in the HTML (the page's largest content), not 'Loading…'.
    const saved = page.locator('[data-list="saved:all"]');
    await expect(saved).toHaveAttribute('data-list-state', 'ready');
    await expect(saved.getByRole('link', { name: 'The Hidden Cost of Starting Small' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Sign in');
    await context.close();
  });

  test("without JavaScript, a member's topic page says they follow the topic, and its toggle is an island", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await registerAccount(page.request, 'follow-html');
    const followed = await page.request.post('/service/user/topics', { headers: { 'X-Requested-With': 'magazine-site' }, data: { name: 'Strategy' } });
    expect(followed.ok()).toBe(true);
    await page.goto('/topic/strategy');
    const toggle = slot(page, 'library/FollowTopic');
    // The member's own state, from the server's answer: not a busy, disabled 'Follow this'.
    await expect(toggle.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle.getByRole('button', { name: 'Following' })).toBeEnabled();
    // Hydrated when the reader reaches for it (decision 043): the page's first view does not load My Library.
    await expect(toggle).toHaveAttribute('data-hydrate-on', 'interaction');
    await context.close();
  });

  test("My Library's saved items come with the page: the browser does not ask for them again", async ({ page }) => {
    await signIn(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/service/user/saves') asked.push(r.url());
    });
    await page.goto('/my-library');
    await waitForLive(page);
    await expect(page.locator('[data-list="saved:all"]').getByRole('link', { name: 'The Hidden Cost of Starting Small' })).toBeVisible();
    expect(asked).toEqual([]);
    // The next tab loads as before, in the browser.
    await page.getByRole('tab', { name: 'Read' }).click();
    await expect(page.locator('[data-list="history:read"]')).toHaveAttribute('data-list-state', 'ready');
  });

  for (const path of ['/', '/my-library', '/shopping-cart']) {
    test(`${path} is hydrated for the reader without a mismatch`, async ({ page }) => {
      const messages: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') messages.push(m.text());
      });
      await signIn(page);
      // A page first: the visit's caches (the user, the visitor's country) are filled, as for a reader
      // who has been reading; what they hold is read after hydration, never during it.
      await page.goto('/topics');
      await waitForLive(page);
      await page.goto(path);
      await waitForLive(page);
      await hydrateIslands(page);
      await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
      expect(messages.filter((m) => /hydrat|did not match|#418|#419|#421|#423|#425/i.test(m))).toEqual([]);
    });
  }
});

/**
 * Opens the magazine with the script `name` held back until the returned `release` is called (not
 * waiting for the load event: the held script keeps it from firing), and chooses 2004 in the archive
 * picker on the server's HTML meanwhile.
 */
async function magazineWithHeldScript(page: Page, name: string): Promise<{ picker: Locator; release: () => void }> {
  const release = await holdRequests(page, `**/${name}`);
  await page.goto('/magazine', { waitUntil: 'commit' });
  const picker = page.getByRole('form', { name: 'Archive picker' });
  await expect(picker.getByLabel('YEAR')).toHaveValue('2025');
  await picker.getByLabel('YEAR').selectOption('2004');
  return { picker, release };
}

test('a choice made while the page is still arriving, before even boot.js has run, is kept', async ({ page }) => {
  // boot.js holds the reader's moves; a select changed before it ran is found by its changed value.
  const { picker, release } = await magazineWithHeldScript(page, 'boot.js');
  release();
  await waitForLive(page);
  await expect(picker.getByLabel('YEAR')).toHaveValue('2004');
  await expect(picker.getByLabel('MONTH')).toHaveValue('January');
});

test('a click and a choice made before the scripts have taken over are kept', async ({ page }) => {
  // The shell's scripts arrive late (a slow connection): the reader acts on the server's HTML meanwhile.
  const { picker, release } = await magazineWithHeldScript(page, 'main.js');
  await bootRan(page);
  await page.getByRole('button', { name: 'Search' }).first().click();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  release();
  await waitForLive(page);
  await expect(picker.getByLabel('YEAR')).toHaveValue('2004');
  await expect(picker.getByLabel('MONTH')).toHaveValue('January');
  await expect(page.getByRole('dialog', { name: /search/i })).toBeVisible();
});
