/**
 * Feed cards and the header's cart mini-menu (SITE-03.5, SITE-02.14), on a phone (390 px) and a desktop (1280 px):
 * a topic's product card shows its price and 'Add to cart' adds one with referral 03069 (the cart
 * API says so), the header's count and mini-menu show it, and the menu's Checkout leads on; a
 * coming-soon card has no add button; a search card adds with referral 02749; the menu is keyboard
 * operable.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { cartLink, expect, expectSlot, slot, test, waitForLive } from '../fixtures';

interface Entry {
  id: string;
  title: string;
  listPrice: number | null;
  productStatus: string | null;
  productLink: string | null;
  contentType: string;
}
interface CartAnswer {
  itemCount: number;
  subTotalCents: number;
  lineItems: { physicalItems: CartLineAnswer[]; digitalItems: CartLineAnswer[] };
}
interface CartLineAnswer {
  productTitle: string;
  availabilityId: string;
  quantity: number;
  referral: string | null;
}

const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A root topic whose first page lists a product matching `wanted`, and that product. */
async function topicProduct(request: APIRequestContext, wanted: (e: Entry) => boolean): Promise<{ slug: string; entry: Entry }> {
  const topics = (await (await request.get('/api/topics')).json()) as { slug: string; parentId: string | null }[];
  for (const { slug } of topics.filter((t) => t.parentId === null)) {
    const stream = (await (await request.get(`/service/stream/topic/0/8?topic=${slug}&format=json`)).json()) as { entry?: Entry[] };
    const entry = stream.entry?.find((e) => e.listPrice !== null && wanted(e));
    if (entry) return { slug, entry };
  }
  throw new Error('no topic lists such a product');
}

async function cartOf(page: Page): Promise<CartAnswer> {
  return (await (await page.request.get('/api/shopping-cart')).json()) as CartAnswer;
}
const linesOf = (cart: CartAnswer) => [...cart.lineItems.physicalItems, ...cart.lineItems.digitalItems];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a topic's product card adds to the cart with referral 03069; the mini-menu lists it and its Checkout leads on", async ({ page }) => {
      const { slug, entry } = await topicProduct(page.request, (e) => e.productStatus === null);
      await page.goto(`/topic/${slug}`);
      const card = page.locator(`li.stream-entry[data-entry-id="${entry.id}"]`);
      await card.scrollIntoViewIfNeeded();
      await expect(card.locator('.stream-entry-price')).toHaveText(price(entry.listPrice!));
      await card.getByRole('button', { name: `Add to cart: ${entry.title}` }).click();

      const added = page.getByRole('dialog', { name: 'Added to cart' });
      await expect(added.getByRole('list', { name: 'Items added' })).toContainText(entry.title);
      await added.getByRole('button', { name: 'Continue Shopping' }).click();
      await expect(added).toBeHidden();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

      // The cart API reports the line with the topic page's referral code.
      const cart = await cartOf(page);
      expect(linesOf(cart).map((l) => ({ title: l.productTitle, quantity: l.quantity, referral: l.referral }))).toEqual([
        { title: entry.title, quantity: 1, referral: '03069' },
      ]);

      // The header's mini-menu: the item, the subtotal, the links.
      await page.evaluate(() => window.scrollTo(0, 0));
      const toggle = page.locator('[data-cart-link]').getByRole('button', { name: 'Cart menu' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('region', { name: 'Cart contents' });
      await expectSlot(page, 'store/MiniCart', 'ready');
      await expect(menu.getByRole('list', { name: 'Items in your cart' })).toContainText(entry.title);
      await expect(menu.locator('.mini-cart-subtotal')).toHaveText(`Subtotal ${price(cart.subTotalCents)}`);
      await expect(menu).toBeInViewport();
      const box = await menu.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await expect(menu.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/shopping-cart');
      await menu.getByRole('link', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/shipping-payment$/);
      await expect(menu).toBeHidden();
      await expectSlot(page, 'store/App', 'ready');
      // A guest is asked to sign in to check out.
      await expect(slot(page, 'store/App').getByText('Sign in or register to check out.')).toBeVisible();
    });

    test("a coming-soon card shows its price and 'Coming soon', and no add button", async ({ page }) => {
      const { slug, entry } = await topicProduct(page.request, (e) => e.productStatus === 'F');
      await page.goto(`/topic/${slug}`);
      const card = page.locator(`li.stream-entry[data-entry-id="${entry.id}"]`);
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText('Coming soon')).toBeVisible();
      await expect(card.locator('.stream-entry-price')).toHaveText(price(entry.listPrice!));
      await waitForLive(page);
      await expect(card.getByRole('button')).toHaveCount(0);
    });

    test('a search card adds with referral 02749; the mini-menu opens with Enter and Escape gives the focus back', async ({ page }) => {
      const { entry } = await topicProduct(page.request, (e) => e.productStatus === null);
      // The product is shown among the search results (the search stream lists articles): the
      // browser's request for the results gets it added, the add itself goes to the real cart API.
      await page.route('**/service/stream/search/**', async (route) => {
        const answer = (await (await route.fetch()).json()) as { entry: Entry[] };
        await route.fulfill({ json: { ...answer, entry: [entry, ...answer.entry] } });
      });
      await page.goto('/');
      await waitForLive(page);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const search = page.getByRole('dialog');
      await search.getByRole('searchbox', { name: 'Search' }).fill('strategy');
      await search.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await expect(page).toHaveURL(/\/search\?term=strategy/);
      const card = page.getByRole('list', { name: 'Search results' }).locator(`[data-entry-id="${entry.id}"]`);
      await card.getByRole('button', { name: `Add to cart: ${entry.title}` }).click();
      const added = page.getByRole('dialog', { name: 'Added to cart' });
      await expect(added).toContainText(entry.title);
      await added.getByRole('button', { name: 'Close' }).click();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
      expect(linesOf(await cartOf(page)).map((l) => l.referral)).toEqual(['02749']);

      // The keyboard: Enter opens the menu, Tab reaches its links, Escape closes it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const toggle = page.locator('[data-cart-link]').getByRole('button', { name: 'Cart menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('region', { name: 'Cart contents' });
      await expectSlot(page, 'store/MiniCart', 'ready');
      await expect(menu).toContainText(entry.title);
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: entry.title })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
}
