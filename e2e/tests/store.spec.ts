/**
 * The store, end to end (decision 014): a guest fills a cart with a shipped book and an ebook, signs in
 * (the cart survives), checks out with the test gateway's card and sees the order and its receipt;
 * a declined card keeps the cart; buying a subscription lifts the paywall on a walled article.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { cartLink, expect, expectSlot, slot, test } from '../fixtures';
import { fillAddress, fillCard, signInToCheckout } from '../checkout';
import { registerAccount, type NewAccount } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };
/** The test gateway's cards (shared-contracts TEST_CARDS). */
const TEST_CARDS = { approved: '4242424242424242', declined: '4000000000000002' } as const;
type ProductInfo = { title: string; productUrl: string; availabilityId: string; type: string; availabilityStatus: string };

async function bookOf(request: APIRequestContext, type: 'ship' | 'ebook'): Promise<ProductInfo> {
  const list = (await (await request.get('/api/store/products?category=books')).json()) as { products: ProductInfo[] };
  const found = list.products.find((p) => p.type === type && p.availabilityStatus === 'AVAILABLE');
  if (!found) throw new Error(`no available ${type} book in the seed`);
  return found;
}

async function store(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await expectSlot(page, 'store/App', 'ready');
  return slot(page, 'store/App');
}

async function addFromProductPage(page: Page, product: ProductInfo): Promise<Locator> {
  const app = await store(page, product.productUrl);
  await expect(app.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await app.getByRole('button', { name: 'Add to cart', exact: true }).click();
  const added = page.getByRole('dialog', { name: 'Added to cart' });
  await expect(added.getByRole('list', { name: 'Items added' })).toContainText(product.title);
  return added;
}

/** The header's cart link (the shell's since decision 021). */
function miniCart(page: Page): Locator {
  return cartLink(page);
}

/** The shipping-payment step for a cart that ships: address (billing the same), first method, card. */
async function shippingAndPayment(page: Page, who: { firstName: string; lastName: string }, card: string) {
  const app = slot(page, 'store/App');
  await expect(app.getByRole('heading', { level: 1, name: 'Shipping and Payment' })).toBeVisible();
  await fillAddress(app.getByRole('group', { name: 'Shipping address' }), who);
  await expect(app.getByLabel('Billing address same as shipping')).toBeChecked();
  const methods = app.getByRole('group', { name: 'Shipping method' });
  await methods.getByRole('radio').first().check();
  await fillCard(page, card);
  await app.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/review-order$/);
  await expect(app.getByRole('heading', { level: 1, name: 'Review Order' })).toBeVisible();
}

test('a guest adds a shipped book and an ebook, signs in, keeps the cart, pays with the test card and sees the order and its receipt', async ({
  page,
  request,
}) => {
  const account: NewAccount = await registerAccount(request, 'shopper'); // not signed in on the page
  const book = await bookOf(page.request, 'ship');
  const ebook = await bookOf(page.request, 'ebook');

  let added = await addFromProductPage(page, book);
  await added.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(added).toBeHidden();
  await expect(miniCart(page)).toHaveAccessibleName('Cart, 1 item');

  added = await addFromProductPage(page, ebook);
  await added.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  const app = slot(page, 'store/App');
  await expect(app.getByRole('region', { name: 'Shipped items' })).toContainText(book.title);
  await expect(app.getByRole('region', { name: 'Digital items' })).toContainText(ebook.title);
  await expect(miniCart(page)).toHaveAccessibleName('Cart, 2 items');
  // An ebook is one per order: its quantity is shown, not edited (SITE-05.10).
  await expect(app.getByRole('region', { name: 'Digital items' }).getByText(/^Quantity: 1/)).toBeVisible();
  await expect(app.getByRole('region', { name: 'Digital items' }).getByRole('spinbutton')).toHaveCount(0);

  // Checkout asks a guest to sign in; the guest cart becomes the member's.
  await app.getByRole('button', { name: 'Checkout' }).click();
  await signInToCheckout(page, account);
  await expect(page).toHaveURL(/\/shipping-payment$/);
  const cart = (await (await page.request.get('/api/shopping-cart')).json()) as { itemCount: number };
  expect(cart.itemCount).toBe(2);

  await shippingAndPayment(page, account, TEST_CARDS.approved);
  await expect(app.getByRole('region', { name: 'Payment' })).toContainText('Card ending in 4242');
  const reviewTotal = await app.locator('dt:text-is("Total") + dd').innerText();
  expect(reviewTotal).toMatch(/^\$\d+\.\d{2}$/);

  await app.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/[^/?]+\?receipt=true$/);
  await expect(app.getByRole('heading', { level: 1, name: /^Order M-\d{8}-/ })).toBeVisible();
  const receipt = app.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await expect(app.getByRole('region', { name: 'Items' })).toContainText(book.title);
  await expect(app.getByRole('region', { name: 'Items' })).toContainText(ebook.title);
  await expect(app.locator('dt:text-is("Total") + dd').first()).toHaveText(reviewTotal);
  await expect(miniCart(page)).toHaveAccessibleName('Cart, 0 items');

  // The order is in My Library's ordered history.
  await page.goto('/my-library');
  await expectSlot(page, 'library/App', 'ready');
  await slot(page, 'library/App').getByRole('tab', { name: 'Ordered' }).click();
  await expect(slot(page, 'library/App')).toContainText(book.title);
});

test('a declined card keeps the cart intact', async ({ page }) => {
  const account = await registerAccount(page.request, 'declined');
  const book = await bookOf(page.request, 'ship');
  const add = await page.request.post('/api/shopping-cart', { headers: CSRF, data: { items: [{ availabilityId: book.availabilityId, quantity: 2 }] } });
  expect(add.status()).toBe(200);

  await store(page, '/shipping-payment');
  await shippingAndPayment(page, account, TEST_CARDS.declined);
  const app = slot(page, 'store/App');
  await app.getByRole('button', { name: 'Place order' }).click();
  await expect(app.getByRole('alert')).toContainText('Your card was declined.');
  await expect(app.getByRole('alert').getByRole('link', { name: /^Your card was declined\./ })).toHaveAttribute('href', '/shipping-payment#payment');

  await store(page, '/shopping-cart');
  await expect(app.getByLabel(`Quantity for ${book.title}`)).toHaveValue('2');
  await expect(miniCart(page)).toHaveAccessibleName('Cart, 2 items');
});

test('buying a subscription lifts the paywall on a walled article', async ({ page }) => {
  const account = await registerAccount(page.request, 'subscribing');
  // Spend the member's meter through the content call, as four article pages would.
  const stream = (await (await page.request.get('/service/stream/latest/0/40')).json()) as { entry: { url: string }[] };
  const metered: string[] = [];
  for (const entry of stream.entry) {
    const a = (await (await page.request.get(`/api/article${entry.url}`)).json()) as { free: boolean; ascend: boolean };
    if (!a.free && !a.ascend) metered.push(entry.url);
    if (metered.length === 5) break;
  }
  for (const url of metered.slice(0, 4)) {
    await page.goto(url);
    await expectSlot(page, 'paywall/ArticleGate', 'ready');
  }
  const walled = metered[4]!;
  const gate = () => slot(page, 'paywall/ArticleGate').locator('[data-gate-state]');
  await page.goto(walled);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate()).toHaveAttribute('data-gate-state', 'subscriber-panel');

  const app = await store(page, '/subscriptions');
  await app.getByRole('button', { name: 'Subscribe to Good' }).click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect(app.getByRole('region', { name: 'Digital items' })).toContainText('Subscription');
  await app.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping-payment$/);
  // Nothing ships: only the billing address and the card.
  await expect(app.getByRole('group', { name: 'Shipping method' })).toHaveCount(0);
  await fillAddress(app.getByRole('group', { name: 'Billing address' }), account);
  await fillCard(page, TEST_CARDS.approved);
  await app.getByRole('button', { name: 'Continue to review' }).click();
  await app.getByRole('button', { name: 'Place order' }).click();
  await expect(app.getByRole('region', { name: 'Subscription' })).toContainText('Account number:');
  expect((await page.context().cookies()).some((c) => c.name === 'subscription_order')).toBe(true);

  // The next load completes activation: the walled article opens, and the cookie is gone.
  await page.goto(walled);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate()).toHaveAttribute('data-gate-state', 'full-content');
  await expect(slot(page, 'paywall/ArticleGate').locator('.article-gated p').first()).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'subscription_order')).toBe(false);
});
