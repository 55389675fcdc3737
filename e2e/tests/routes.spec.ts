import type { Page } from '@playwright/test';
import { cartLink, expect, expectAccessible, expectSlot, firstArticleUrl, firstVideo, slot, test, type SlotId } from '../fixtures';
import { signIn } from '../session';

test('home lists the latest articles, each linking to its article page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'The Latest' })).toBeVisible();
  // The first page's eight stories: the carousel's three, then the other five in the list (a story is never shown twice).
  await expect(page.locator('.carousel-title a')).toHaveCount(3);
  const links = page.locator('.article-list h3 a');
  await expect(links).toHaveCount(5);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(/^\/\d{4}\/\d{2}\/[a-z0-9-]+$/);
  await expect(cartLink(page)).toBeVisible();
  await expectAccessible(page);
});

test('an article page shows its headline and the paywall gate with the body', async ({ page }) => {
  const url = await firstArticleUrl(page);
  const article = (await (await page.request.get(`/api/article${url}`)).json()) as {
    title: string;
    lead: string;
    body: string[];
    topic: { name: string };
  };
  // The article answer carries the headline and lead only; the body comes through the meter.
  expect(article.body).toEqual([]);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByRole('link', { name: article.topic.name })).toBeVisible();
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(slot(page, 'paywall/ArticleGate').getByText(article.lead)).toBeVisible();
  await expect(slot(page, 'paywall/ArticleGate').locator('[data-gate-state="full-content"] p').first()).toBeVisible();
  await expectAccessible(page);
});

test('/store lists products from the API', async ({ page }) => {
  await page.goto('/store');
  await expectSlot(page, 'store/App', 'ready');
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  const products = slot(page, 'store/App').locator('li a[href^="/product/"]');
  await expect(products.first()).toBeVisible();
  expect(await products.count()).toBeGreaterThan(5);
  await expect(
    slot(page, 'store/App')
      .getByText(/\$\d+\.\d{2}/)
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
});

test('/video/{id}/{name} shows the video name and description', async ({ page }) => {
  const video = await firstVideo(page);
  await page.goto(`/video/${video.id}/${video.slug}`);
  await expectSlot(page, 'video/App', 'ready');
  await expect(page.getByRole('heading', { level: 1, name: video.name })).toBeVisible();
  await expect(page.getByText(video.description)).toBeVisible();
  await expect(page.locator('video')).toHaveCount(1);
  await expectAccessible(page);
});

test('/visual-library lists the first page of charts', async ({ page }) => {
  await page.goto('/visual-library');
  await expectSlot(page, 'visualLibrary/App', 'ready');
  await expect(page.getByRole('heading', { level: 1, name: 'Visual Library' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All Data & Visuals' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Download Chart' })).toHaveCount(10);
  await expectAccessible(page);
});

test('/my-library asks a guest to sign in or register', async ({ page }) => {
  await page.goto('/my-library');
  await expectSlot(page, 'library/App', 'ready');
  await expect(slot(page, 'library/App')).toContainText('To access this feature, please SIGN IN or REGISTER');
  await expectAccessible(page);
});

test("/my-library shows the signed-in user's folders", async ({ page }) => {
  await signIn(page);
  await page.goto('/my-library');
  await expectSlot(page, 'library/App', 'ready');
  await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
  await expect(slot(page, 'library/App').getByRole('link', { name: /Strategy reads/ })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path shows the not-found page with the header working', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Topics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible();
  await expect.poll(() => page.locator('.topic-list li').count()).toBeGreaterThanOrEqual(150);
  await expectAccessible(page);
});

/** Every route a remote owns renders its page and its slot reaches ready. */
test.describe('every remote route reaches ready', () => {
  type Case = { name: string; path: (page: Page) => Promise<string>; slot: SlotId; heading: RegExp; signedIn?: boolean };
  const products = async (page: Page) =>
    (await (await page.request.get('/api/store/products')).json()) as { categories: { slug: string }[]; products: { productUrl: string }[] };
  const cases: Case[] = [
    { name: '/store', path: async () => '/store', slot: 'store/App', heading: /^Store$/ },
    { name: '/store/{category}', path: async (page) => `/store/${(await products(page)).categories[0]?.slug}`, slot: 'store/App', heading: /\w/ },
    {
      name: '/product/{something}/{availabilityId}',
      path: async (page) => (await products(page)).products[0]?.productUrl ?? '/product/missing/0',
      slot: 'store/App',
      heading: /\w/,
    },
    { name: '/shopping-cart', path: async () => '/shopping-cart', slot: 'store/App', heading: /^Shopping Cart$/ },
    { name: '/shipping-payment', path: async () => '/shipping-payment', slot: 'store/App', heading: /Shipping/ },
    { name: '/review-order', path: async () => '/review-order', slot: 'store/App', heading: /Review Order/ },
    { name: '/subscriptions', path: async () => '/subscriptions', slot: 'store/App', heading: /Subscriptions/ },
    {
      name: '/my-library/library/{folder-slug}',
      path: async () => '/my-library/library/strategy-reads',
      slot: 'library/App',
      heading: /^My Library$/,
      signedIn: true,
    },
    { name: '/email-newsletters', path: async () => '/email-newsletters', slot: 'library/App', heading: /^Email Newsletters$/ },
    {
      name: '/video/embed/{id}/{name}',
      path: async (page) => {
        const v = await firstVideo(page);
        return `/video/embed/${v.id}/${v.slug}`;
      },
      slot: 'video/App',
      heading: /\w/,
    },
  ];
  for (const c of cases) {
    test(`${c.name} renders in ${c.slot}${c.signedIn ? ' (signed in)' : ''}`, async ({ page }) => {
      if (c.signedIn) await signIn(page);
      await page.goto(await c.path(page));
      await expectSlot(page, c.slot, 'ready');
      await expect(slot(page, c.slot).getByRole('heading', { level: 1 }).first()).toHaveText(c.heading);
      await expect(slot(page, c.slot)).not.toContainText('Page not found');
      await expectAccessible(page);
    });
  }
});

test('/visual-library?filter={subject} preselects that subject tab and filters the feed', async ({ page }) => {
  const subjects = (await (await page.request.get('/api/data-and-visuals/subjects')).json()) as { label: string; filter: string }[];
  const subject = subjects[1];
  if (!subject) throw new Error('no chart subjects in the seed');
  await page.goto(`/visual-library?filter=${subject.filter}`);
  await expectSlot(page, 'visualLibrary/App', 'ready');
  await expect(page.getByRole('tab', { name: subject.label })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'All Data & Visuals' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('heading', { level: 2, name: subject.label })).toBeVisible();
});
