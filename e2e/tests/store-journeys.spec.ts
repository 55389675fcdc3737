/**
 * The store as a first-time reader walks it (desktop 1280x800, and a 390x844 touch phone
 * where the page behaves differently): a declined card, the checkout's errors, the totals of the
 * chosen shipping, a guest's promo code, the order's confirmation, the 'Added to cart' dialog and the
 * list of products with their formats. Every wait is on a role, a text or a state, never on time.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectSlot, slot, test } from '../fixtures';
import { fillAddress, fillCard, signInToCheckout } from '../checkout';
import { registerAccount, type NewAccount } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };
const CARDS = { approved: '4242424242424242', declined: '4000000000000002' } as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
type Tile = {
  title: string;
  format: string;
  productUrl: string;
  availabilityId: string;
  type: string;
  availabilityStatus: string;
  formats: { availabilityId: string }[];
};

/** A product of the books list by what it is: a shipped book with another format, or an ebook. */
async function bookOf(page: Page, kind: 'ship-with-formats' | 'ebook'): Promise<Tile> {
  const list = (await (await page.request.get('/api/store/products?category=books')).json()) as { products: Tile[] };
  const found = list.products.find((p) =>
    p.availabilityStatus !== 'AVAILABLE' ? false : kind === 'ebook' ? p.type === 'ebook' : p.type === 'ship' && p.formats.length > 1,
  );
  if (!found) throw new Error(`no ${kind} book in the seed`);
  return found;
}

/**
 * Opens a store page and waits until the store's server-rendered part is live (no data-hydrating):
 * a promo code typed and applied before then was once refused as blank (1 run in 3).
 */
async function store(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await expectSlot(page, 'store/App', 'ready');
  await expect(slot(page, 'store/App')).not.toHaveAttribute('data-hydrating');
  return slot(page, 'store/App');
}

async function addThroughApi(page: Page, availabilityId: string, quantity = 1) {
  const res = await page.request.post('/api/shopping-cart', { headers: CSRF, data: { items: [{ availabilityId, quantity }] } });
  expect(res.status()).toBe(200);
}

/** The Shipping and Payment step of a cart that ships: the address, a method and a card, then review. */
async function shippingAndPayment(page: Page, who: NewAccount, card: string, method: RegExp = /^Standard/) {
  const app = slot(page, 'store/App');
  await expect(app.getByRole('heading', { level: 1, name: 'Shipping and Payment' })).toBeVisible();
  await fillAddress(app.getByRole('group', { name: 'Shipping address' }), who);
  await app.getByRole('group', { name: 'Shipping method' }).getByRole('radio', { name: method }).check();
  await fillCard(page, card);
  await app.getByRole('button', { name: 'Continue to review' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Review Order' })).toBeVisible();
}

/** The value of a totals row ('Shipping', 'Total') of the first totals list in `scope`. */
function total(scope: Locator, row: string): Locator {
  return scope.locator(`dl.cart-totals >> nth=0 >> dt:text-is("${row}") + dd`);
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`on a ${device}`, () => {
    if (device === 'phone') test.use(PHONE);
    else test.use({ viewport: { width: 1280, height: 800 } });

    test('a declined card: the error summary at the top takes the focus and the view, and its link leads to the card number', async ({ page }) => {
      const account = await registerAccount(page.request, `declined-${device}`);
      await addThroughApi(page, (await bookOf(page, 'ship-with-formats')).availabilityId, 2);
      await store(page, '/shipping-payment');
      await shippingAndPayment(page, account, CARDS.declined);
      const app = slot(page, 'store/App');

      await app.getByRole('button', { name: 'Place order' }).click();
      const summary = app.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      const link = summary.getByRole('link', { name: 'Your card was declined. Your cart has not changed; try another card.' });
      await expect(link).toHaveAttribute('href', '/shipping-payment#payment');

      await link.click();
      await expect(app.getByRole('heading', { level: 1, name: 'Shipping and Payment' })).toBeVisible();
      const number = app.getByRole('group', { name: 'Payment' }).getByLabel('Card number');
      await expect(number).toBeFocused();
      await expect(number).toBeInViewport();
    });

    test('checkout errors: one summary titled There is a problem, each error a link to its field, blank expiry fields asked for', async ({ page }) => {
      await registerAccount(page.request, `errors-${device}`);
      await addThroughApi(page, (await bookOf(page, 'ship-with-formats')).availabilityId);
      const app = await store(page, '/shipping-payment');
      await expect(app.getByRole('heading', { level: 1, name: 'Shipping and Payment' })).toBeVisible();
      await fillCard(page, CARDS.approved, { month: '', year: '' });
      await app.getByRole('button', { name: 'Continue to review' }).click();

      const summary = app.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      // The heading is the summary's own: the first error is not said twice.
      await expect(summary.getByText('Enter a first name.')).toHaveCount(1);
      await expect(summary.getByRole('link', { name: 'Enter a first name.' })).toHaveCount(1);
      const payment = app.getByRole('group', { name: 'Payment' });
      await expect(payment.getByLabel('Expiry month')).toHaveAccessibleDescription('Enter the expiry month.');
      await expect(payment.getByLabel('Expiry year')).toHaveAccessibleDescription('Enter the expiry year.');
      await expect(app.getByText('This card has expired.')).toHaveCount(0);

      await summary.getByRole('link', { name: 'Enter the expiry year.' }).click();
      await expect(payment.getByLabel('Expiry year')).toBeFocused();
      await expect(payment.getByLabel('Expiry year')).toBeInViewport();
      await summary.getByRole('link', { name: 'Enter a first name.' }).click();
      await expect(app.getByRole('group', { name: 'Shipping address' }).getByLabel('First name')).toBeFocused();
    });
  });
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Shipping and Payment summary counts the chosen shipping, and review and the order charge the same total', async ({ page }) => {
    const account = await registerAccount(page.request, 'totals');
    await addThroughApi(page, (await bookOf(page, 'ship-with-formats')).availabilityId);
    const app = await store(page, '/shipping-payment');
    await fillAddress(app.getByRole('group', { name: 'Shipping address' }), account);
    const methods = app.getByRole('group', { name: 'Shipping method' });
    // Standard is chosen at first, and counted.
    await expect(methods.getByRole('radio', { name: 'Standard (5-7 business days), $5.95' })).toBeChecked();
    await expect(total(app, 'Shipping')).toHaveText('$5.95');
    await methods.getByRole('radio', { name: 'Expedited (2-3 business days), $14.95' }).check();
    await expect(total(app, 'Shipping')).toHaveText('$14.95');
    await expect(total(app, 'Tax')).toHaveText(/^\$\d+\.\d{2}$/);
    const charged = await total(app, 'Total').innerText();

    await fillCard(page, CARDS.approved);
    await app.getByRole('button', { name: 'Continue to review' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Review Order' })).toBeVisible();
    await expect(total(app, 'Shipping')).toHaveText('$14.95');
    await expect(total(app, 'Total')).toHaveText(charged);
    await app.getByRole('button', { name: 'Place order' }).click();
    await expect(app.getByRole('heading', { level: 1, name: /^Order M-\d{8}-/ })).toBeVisible();
    await expect(total(app, 'Total')).toHaveText(charged);
  });

  test("a guest's promo code is kept through sign-in and the order gets the discount", async ({ page, request }) => {
    const account = await registerAccount(request, 'promo'); // not signed in on the page
    const book = await bookOf(page, 'ship-with-formats');
    await addThroughApi(page, book.availabilityId);
    const app = await store(page, '/shopping-cart');
    const promo = app.getByRole('region', { name: 'Promo code' });
    await promo.getByRole('textbox', { name: 'Promo code' }).fill('SAVE10');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect(promo.getByRole('status')).toHaveText('Promo code SAVE10 applied.');
    await expect(promo.getByRole('button', { name: 'Remove promo code' })).toBeVisible();
    const discount = await total(app, 'Discount').innerText();
    expect(discount).toMatch(/^-\$\d+\.\d{2}$/);

    await app.getByRole('button', { name: 'Checkout' }).click();
    await signInToCheckout(page, account);
    await expect(page).toHaveURL(/\/shipping-payment$/);
    await shippingAndPayment(page, account, CARDS.approved);
    await expect(total(app, 'Discount')).toHaveText(discount);
    await app.getByRole('button', { name: 'Place order' }).click();
    const receipt = app.getByRole('region', { name: 'Receipt' });
    await expect(receipt).toContainText('Promo code: SAVE10');
    await expect(total(app, 'Discount')).toHaveText(discount);
  });

  test('the order page opens at its top and confirms the order just placed', async ({ page }) => {
    const account = await registerAccount(page.request, 'confirmed');
    await addThroughApi(page, (await bookOf(page, 'ship-with-formats')).availabilityId);
    await addThroughApi(page, (await bookOf(page, 'ebook')).availabilityId);
    await store(page, '/shipping-payment');
    await shippingAndPayment(page, account, CARDS.approved);
    const app = slot(page, 'store/App');
    await app.getByRole('button', { name: 'Place order' }).click();

    const heading = app.getByRole('heading', { level: 1, name: /^Order M-\d{8}-[A-Z0-9]{5}$/ });
    await expect(heading).toBeVisible();
    const orderNumber = ((await heading.innerText()).split(' ')[1] ?? '').trim();
    const confirmation = app.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Order confirmed' }) });
    await expect(confirmation).toContainText(`Thank you, your order ${orderNumber} is confirmed.`);
    await expect(confirmation).toBeInViewport();
    await expect(heading).toBeInViewport();
    // The review's 'Place order' left no focus or scroll at the bottom of the receipt.
    await expect(app.getByRole('button', { name: 'Print receipt' })).not.toBeFocused();

    // Opened again later (from My Library), the order is shown without the confirmation.
    await page.goto(new URL(page.url()).pathname);
    await expectSlot(page, 'store/App', 'ready');
    await expect(heading).toBeVisible();
    await expect(app.getByRole('heading', { name: 'Order confirmed' })).toHaveCount(0);
  });

  test('Added to cart: the item as separate facts, a Close button, Escape closes, and Checkout goes on to the cart', async ({ page }) => {
    const book = await bookOf(page, 'ship-with-formats');
    const app = await store(page, book.productUrl);
    const add = app.getByRole('button', { name: 'Add to cart', exact: true });
    await add.click();
    let dialog = page.getByRole('dialog', { name: 'Added to cart' });
    const item = dialog.getByRole('list', { name: 'Items added' }).getByRole('listitem').first();
    await expect(item.getByText(book.title, { exact: true })).toBeVisible();
    await expect(item.getByRole('term')).toHaveText(['Format', 'Quantity', 'Price']);
    await expect(item.getByRole('definition')).toHaveText([book.format, '1', /^\$\d+\.\d{2}$/]);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    await add.click();
    dialog = page.getByRole('dialog', { name: 'Added to cart' });
    await expect(dialog).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await add.click();
    await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Checkout' }).click();
    // The spec's target of this button (SITE-02.1): the cart, where checkout starts.
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(app.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  });

  test("the store lists each book once with its formats, and a digital line's quantity cannot be edited", async ({ page }) => {
    const app = await store(page, '/store/books');
    const products = app.getByRole('list', { name: 'Products' });
    const titles = await products.locator(':scope > li h2').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles).size).toBe(titles.length);

    const book = await bookOf(page, 'ship-with-formats');
    const formats = app.getByRole('list', { name: `Formats of ${book.title}` }).getByRole('link');
    await expect(formats).toHaveCount(book.formats.length);
    const ebook = formats.filter({ hasText: 'Ebook' }).first();
    await ebook.click();
    await expect(app.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await app.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Checkout' }).click();

    const digital = app.getByRole('region', { name: 'Digital items' });
    await expect(digital).toContainText(book.title);
    await expect(digital.getByText(/^Quantity: 1/)).toBeVisible();
    await expect(digital.getByRole('spinbutton')).toHaveCount(0);
    // The server refuses too.
    const cart = (await (await page.request.get('/api/shopping-cart')).json()) as { lineItems: { digitalItems: { itemId: string }[] } };
    const line = cart.lineItems.digitalItems[0]!;
    const refused = await page.request.put(`/api/shopping-cart/items/${line.itemId}`, { headers: CSRF, data: { quantity: 2 } });
    expect(refused.status()).toBe(422);
  });
});

test('the store shows twelve products a page: its pages are links that work without scripts, and the next page opens at its top', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = await store(page, '/store');
  const titles = () => app.getByRole('list', { name: 'Products' }).locator(':scope > li h2').allInnerTexts();
  const first = await titles();
  expect(first).toHaveLength(12);
  const pages = app.getByRole('navigation', { name: 'Store pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/store?page=2');

  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/store\?page=2$/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const second = await titles();
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((t) => first.includes(t))).toEqual([]);
  await expect(page.locator('#main h1')).toBeFocused();
  expect(await page.evaluate(() => scrollY)).toBe(0);

  // Without JavaScript the server's page is the list: the links lead from page to page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto('/store?page=2');
  await expect(noScript.getByRole('list', { name: 'Products' }).locator(':scope > li h2').first()).toHaveText(second[0]!);
  await noScript.getByRole('navigation', { name: 'Store pages' }).getByRole('link', { name: 'Previous' }).click();
  await expect(noScript).toHaveURL(/\/store$/);
  await expect(noScript.getByRole('list', { name: 'Products' }).locator(':scope > li h2').first()).toHaveText(first[0]!);
  await plain.close();
});
