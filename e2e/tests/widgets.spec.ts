/**
 * The widgets, end to end: the help boxes (where they show, once per browser, how they
 * close, following their anchor), the generic title-and-body flyout, My Library's 'Stop following
 * all' and activity empty state, the paywall panel's profile settings after a registration, gift
 * mode ('On to recipient') when a subscriber's session ends, the cart line's fields and the
 * pagination's phone layout. Each test has its own browser context (its own help-box storage).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectSlot, slot, test, waitForLive } from '../fixtures';
import { registerAccount, signIn, spendMeter, uniqueEmail } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };

function helpBox(page: Page, type: string) {
  return page.locator(`aside[data-help-box="${type}"]`);
}

/** The reader's first move on a live page (a key; a help box waits for one). */
async function firstMove(page: Page) {
  await waitForLive(page);
  await page.keyboard.press('Shift');
}

/** The `n`-th metered article (0-based) of the latest stream, in the order spendMeter reads them. */
async function meteredArticleUrl(request: APIRequestContext, n: number): Promise<string> {
  let seen = 0;
  for (let page = 0; page < 10; page++) {
    const stream = (await (await request.get(`/service/stream/latest/${page}/20`)).json()) as { entry: { url: string }[] };
    for (const entry of stream.entry) {
      const a = (await (await request.get(`/api/article${entry.url}`)).json()) as { free: boolean; ascend: boolean };
      if (a.free || a.ascend) continue;
      if (seen === n) return entry.url;
      seen += 1;
    }
  }
  throw new Error('not enough metered articles in the seed');
}

test("a guest's sign-in-benefits help box points at Sign in, follows it, closes on Escape and never comes back", async ({ page }) => {
  await page.goto('/');
  const box = helpBox(page, 'sign-in-benefits');
  // Not before the reader does anything: it would cover the page's heading on a phone.
  await waitForLive(page);
  await expect(page.locator('header.site-header').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(box).toHaveCount(0);
  await firstMove(page);
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', { name: 'Why sign in?' })).toBeVisible();
  await expect(box.getByRole('link', { name: 'Register for free' })).toHaveAttribute('href', '/register');
  // Under its anchor, the header's Sign in.
  const signInButton = page.locator('header.site-header').getByRole('button', { name: 'Sign in' });
  const anchor = (await signInButton.boundingBox())!;
  const placed = (await box.boundingBox())!;
  expect(placed.y).toBeGreaterThanOrEqual(anchor.y + anchor.height);
  expect(placed.y).toBeLessThan(anchor.y + anchor.height + 20);
  // Scrolling down hides the sticky header: the box goes with its anchor.
  await page.mouse.wheel(0, 1500);
  await expect(page.locator('header.site-header')).toHaveAttribute('data-header', 'hidden');
  await expect(box).toBeHidden();
  await page.mouse.wheel(0, -300);
  await expect(page.locator('header.site-header')).toHaveAttribute('data-header', 'shown');
  await expect(box).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await page.reload();
  await expect(page.locator('header.site-header').getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(box).toHaveCount(0);
});

test("a new member's firmographics help box on the home page: 'Why we ask' opens the title-and-body flyout", async ({ page }) => {
  await registerAccount(page.request, 'firmographics');
  await page.goto('/');
  const box = helpBox(page, 'firmographics');
  await firstMove(page);
  await expect(box).toBeVisible();
  await expect(box.getByRole('link', { name: 'Update your profile' })).toHaveAttribute('href', '/my-account');
  await box.getByRole('button', { name: 'Why we ask' }).click();
  const flyout = page.getByRole('dialog', { name: 'Why we ask about your work' });
  await expect(flyout).toHaveAttribute('data-flyout', 'title-and-body');
  await expect(flyout).toContainText('They are optional, never shown to anyone else');
  await flyout.getByRole('button', { name: 'Close' }).click();
  await expect(flyout).toHaveCount(0);
  // The help box closed with the click on the flyout outside it; it stays gone.
  await expect(box).toHaveCount(0);
});

test("My Library: the help box at the folder list, 'Stop following all' and the activity of followed topics", async ({ page }) => {
  await registerAccount(page.request, 'unfollow-all');
  for (const name of ['Leading teams', 'Innovation']) {
    expect((await page.request.post('/service/user/topics', { headers: CSRF, data: { name } })).status()).toBe(200);
  }
  await page.goto('/my-library');
  await expectSlot(page, 'library/App', 'ready');
  const box = helpBox(page, 'my-library');
  await firstMove(page);
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: 'Dismiss tip' }).click();
  await expect(box).toHaveCount(0);

  const library = slot(page, 'library/App');
  await library.getByRole('tab', { name: 'Topics' }).click();
  await expect(library.getByRole('tab', { name: /Leading teams/ })).toBeVisible();
  await library.getByRole('button', { name: 'Stop following all' }).click();
  const confirm = library.locator('[data-confirm="stop-following-all"]');
  await expect(confirm).toContainText('Stop following every topic you follow?');
  await confirm.getByRole('button', { name: 'Stop following all' }).click();
  await expect(library.locator('[data-empty-state="topics"]')).toBeVisible();
  await expect(page.locator('[data-library-announcer]')).toHaveText('You no longer follow any topics.');
  const following = (await (await page.request.get('/service/user/topics')).json()) as { topics: unknown[] };
  expect(following.topics).toEqual([]);
});

test('registering in the paywall panel goes on to profile settings, whose Save reloads the page with the article', async ({ page }) => {
  await page.goto('/');
  await spendMeter(page.request, 4);
  await page.goto(await meteredArticleUrl(page.request, 4));
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  const panel = slot(page, 'paywall/ArticleGate');
  await expect(panel.locator('[data-gate-state]')).toHaveAttribute('data-gate-state', 'registration-wall');
  await panel.getByLabel('First name').fill('Ines');
  await panel.getByLabel('Last name').fill('Moreau');
  await panel.getByLabel('Email', { exact: true }).fill(uniqueEmail('panel-profile'));
  await panel.getByLabel('Password', { exact: true }).fill('Strong#Pass2026');
  await panel.getByRole('button', { name: 'Create account' }).click();

  await expect(panel.locator('[data-panel-screen]')).toHaveAttribute('data-panel-screen', 'profile-settings');
  await expect(panel.getByRole('heading', { name: 'Tell us about yourself' })).toBeFocused();
  await panel.getByLabel('Industry').selectOption('Education');
  await panel.getByLabel('Job title').selectOption('Analyst');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/registration=success/);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(panel.locator('[data-gate-state]')).toHaveAttribute('data-gate-state', 'full-content');
  const profile = (await (await page.request.get('/service/user/profile')).json()) as {
    industry: string | null;
    jobTitle: string | null;
    companySize: string | null;
  };
  expect(profile).toMatchObject({ industry: 'Education', jobTitle: 'Analyst', companySize: null });
});

test("a subscriber whose session ended signs in again in gift mode ('On to recipient') and gets the gift link", async ({ page }) => {
  const subscriber = { email: 'allaccess@example.com', password: 'Reader#2025pass' };
  await signIn(page, subscriber);
  await page.goto(await meteredArticleUrl(page.request, 0));
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  const gate = slot(page, 'paywall/ArticleGate');
  await gate.getByRole('button', { name: 'Gift this article' }).click();
  const flyout = page.getByRole('dialog', { name: 'Gift this article' });
  await expect(flyout).toContainText(/You have \d+ gifts? left this month\./);

  // The session ends (signed out elsewhere, expired): the server answers 401.
  await page.context().clearCookies();
  await flyout.getByRole('button', { name: 'Create gift link' }).click();
  await expect(flyout.getByRole('alert')).toHaveText('Your session has ended. Sign in to create the gift link.');
  const modal = page.getByRole('dialog', { name: 'Sign In' });
  await expect(modal).toContainText('Sign in to give this article as a gift.');
  await modal.getByLabel('Email', { exact: true }).fill(subscriber.email);
  await modal.getByLabel('Password', { exact: true }).fill(subscriber.password);
  await modal.getByRole('button', { name: 'On to recipient' }).click();
  await expect(modal).toHaveCount(0);
  await expect(flyout.getByRole('textbox', { name: 'Gift link' })).toHaveValue(/\?gift=/);
});

test("the cart tells each line's subject, volume pricing and (for a shipped book) what an ebook does not", async ({ page }) => {
  type Tile = { title: string; categorySlug?: string; formats: { availabilityId: string; type: string; availabilityStatus: string }[] };
  const { products } = (await (await page.request.get('/api/store/products?category=books')).json()) as { products: Tile[] };
  const shipped = products.flatMap((p) => p.formats.map((f) => ({ p, f }))).find(({ f }) => f.type === 'ship' && f.availabilityStatus === 'AVAILABLE')!;
  const ebook = products.flatMap((p) => p.formats.map((f) => ({ p, f }))).find(({ f }) => f.type === 'ebook' && f.availabilityStatus === 'AVAILABLE')!;
  const added = await page.request.post('/api/shopping-cart', {
    headers: CSRF,
    data: { items: [shipped.f, ebook.f].map((f) => ({ availabilityId: f.availabilityId, quantity: 1 })) },
  });
  expect(added.status()).toBe(200);
  await page.goto('/shopping-cart');
  await expectSlot(page, 'store/App', 'ready');
  const shippedItems = page.getByRole('region', { name: 'Shipped items' });
  const digitalItems = page.getByRole('region', { name: 'Digital items' });
  const line = shippedItems.locator('li.cart-line').first();
  await expect(line).toHaveAttribute('data-line-status', 'ACTIVE');
  await expect(line).toContainText('Books');
  await expect(line).toContainText('Volume pricing available: ask Customer Service');
  await expect(line.getByRole('link', { name: 'ask Customer Service' })).toHaveAttribute('href', '/subscriber-help#contact-customer-service');
  await expect(digitalItems.locator('li.cart-line')).toHaveCount(1);
  await expect(digitalItems).not.toContainText('Volume pricing');
});

test('on a phone the pagination shows at most five items between Previous and Next', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/magazine?page=5');
  const nav = page.getByRole('navigation', { name: /pages/i }).first();
  await expect(nav).toHaveAttribute('data-pagination-layout', 'phone');
  const items = nav.locator('li');
  await expect(items).toHaveCount(7); // Previous, 1, …, 5, …, last, Next
  await expect(nav.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toHaveAttribute('data-pagination-layout', 'desktop');
  await expect(items).toHaveCount(9); // Previous, 1, …, 4, 5, 6, …, last, Next
});
