/**
 * The metered paywall, end to end: the server's meter, the walls, registration from the panel,
 * subscribers, the HTML without JavaScript, gift links and the persistent banner. Each test has
 * its own browser context (so its own guest device) and, where it needs one, its own account.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectSlot, slot, test } from '../fixtures';
import { registerAccount, signIn, uniqueEmail } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };
type ArticleInfo = { url: string; year: number; month: number; slug: string; title: string; lead: string; free: boolean; ascend: boolean };

/** Metered articles (not free, not ascend) from the latest stream, newest first. */
async function meteredArticles(request: APIRequestContext, count: number): Promise<ArticleInfo[]> {
  const found: ArticleInfo[] = [];
  for (let page = 1; found.length < count && page < 10; page++) {
    const stream = (await (await request.get(`/service/stream/latest?page=${page}&size=8`)).json()) as { entry: { url: string }[] };
    for (const entry of stream.entry) {
      const a = (await (await request.get(`/api/article${entry.url}`)).json()) as ArticleInfo;
      if (!a.free && !a.ascend) found.push({ ...a, url: entry.url });
      if (found.length === count) break;
    }
  }
  if (found.length < count) throw new Error('not enough metered articles in the seed');
  return found;
}

function gate(page: Page) {
  return slot(page, 'paywall/ArticleGate').locator('[data-gate-state]');
}

async function readThrough(page: Page, articles: readonly ArticleInfo[]) {
  for (const a of articles) {
    await page.goto(a.url);
    await expectSlot(page, 'paywall/ArticleGate', 'ready');
    await expect(gate(page)).toHaveAttribute('data-gate-state', 'full-content');
  }
}

test('a guest reads four articles; the fifth is walled by the registration wall; registering from the panel unlocks it', async ({ page }) => {
  const articles = await meteredArticles(page.request, 5);
  await readThrough(page, articles.slice(0, 4));
  await expect(page.getByText('You have 0 free articles left this month.')).toBeVisible();

  const fifth = articles[4]!;
  await page.goto(fifth.url);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'registration-wall');
  await expect(slot(page, 'paywall/ArticleGate').getByText(fifth.lead)).toBeVisible();
  await expect(slot(page, 'paywall/ArticleGate').locator('.article-gated p')).toHaveCount(0);
  const panel = slot(page, 'paywall/ArticleGate');
  await expect(panel.getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('href', /^\/subscriptions\?ab=/);

  // Register from the panel, then profile settings ('Maybe later'): the page reloads with
  // registration=success and shows the article.
  const email = uniqueEmail('panel');
  await panel.getByLabel('First name').fill('Ines');
  await panel.getByLabel('Last name').fill('Moreau');
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Password', { exact: true }).fill('Strong#Pass2026');
  await panel.getByRole('button', { name: 'Create account' }).click();
  await panel.getByRole('button', { name: 'Maybe later' }).click();
  await expect(page).toHaveURL(/registration=success/);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'full-content');
  await expect(slot(page, 'paywall/ArticleGate').locator('.article-gated p').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Ines' })).toBeVisible();
});

test('a registered reader past the meter meets the subscription offer; a subscriber reads everything', async ({ page, browser }) => {
  const articles = await meteredArticles(page.request, 5);
  const account = await registerAccount(page.request, 'metered');
  await readThrough(page, articles.slice(0, 4));
  await page.goto(articles[4]!.url);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'subscriber-panel');
  const panel = slot(page, 'paywall/ArticleGate');
  await expect(panel).toContainText(account.firstName);
  await expect(panel.getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('href', /\/subscriptions\?ab=/);
  await expect(panel.locator('.article-gated p')).toHaveCount(0);

  const context = await browser.newContext();
  const subscriber = await context.newPage();
  await signIn(subscriber, { email: 'subscriber@example.com', password: 'Reader#2025pass' });
  for (const a of articles) {
    await subscriber.goto(a.url);
    await expectSlot(subscriber, 'paywall/ArticleGate', 'ready');
    await expect(gate(subscriber)).toHaveAttribute('data-gate-state', 'full-content');
  }
  await context.close();
});

test('a walled page fetched without JavaScript holds the lead and JSON-LD but no gated paragraph', async ({ page, browser }) => {
  const [article] = await meteredArticles(page.request, 1);
  // The body, as a subscriber gets it.
  const context = await browser.newContext();
  const subscriber = await context.newPage();
  await signIn(subscriber, { email: 'subscriber@example.com', password: 'Reader#2025pass' });
  const content = (await (
    await subscriber.request.post(
      `/api/article/piano/content?year=${article!.year}&month=${String(article!.month).padStart(2, '0')}&seotitle=${article!.slug}`,
      { headers: CSRF, data: {} },
    )
  ).json()) as { content: string[] };
  await context.close();
  expect(content.content.length).toBeGreaterThan(1);

  const res = await page.request.get(article!.url, { headers: { Accept: 'text/html' } });
  const html = await res.text();
  for (const paragraph of content.content) expect(html).not.toContain(paragraph.slice(0, 40));
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(ld ?? '{}')).toMatchObject({
    isAccessibleForFree: false,
    hasPart: { isAccessibleForFree: false, cssSelector: '.article-gated' },
  });

  // The same for a browser without JavaScript.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(article!.url);
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText(article!.title);
  await expect(plain.getByText(article!.lead)).toBeVisible();
  await expect(plain.locator('body')).not.toContainText(content.content[0]!.slice(0, 40));
  await noJs.close();
});

test('a gift link opens the whole article for a walled guest without spending the meter', async ({ page, browser }) => {
  const articles = await meteredArticles(page.request, 6);
  const context = await browser.newContext();
  const subscriber = await context.newPage();
  await signIn(subscriber, { email: 'subscriber@example.com', password: 'Reader#2025pass' });
  const gift = (await (await subscriber.request.post('/api/article-gift/give-gift', { headers: CSRF, data: { url: articles[5]!.url } })).json()) as {
    articleGiftURL: string;
    articleGiftsLeft: number;
  };
  await context.close();
  expect(gift.articleGiftURL).toContain('?gift=');

  await readThrough(page, articles.slice(0, 4));
  await page.goto(articles[4]!.url);
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'registration-wall');
  await page.goto(new URL(gift.articleGiftURL).pathname + new URL(gift.articleGiftURL).search);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'full-content');
  await expect(slot(page, 'paywall/ArticleGate').locator('.article-gated p').first()).toBeVisible();
});

test('the subscription banner appears after scrolling past the article start and closes with Escape', async ({ page }) => {
  const [article] = await meteredArticles(page.request, 1);
  await page.setViewportSize({ width: 1200, height: 600 });
  await page.goto(article!.url);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'full-content');
  const banner = page.getByRole('region', { name: 'Subscription offer' });
  await expect(banner).toHaveCount(0);
  await page.mouse.wheel(0, 900);
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  await expect(banner).toHaveCount(0);
});
