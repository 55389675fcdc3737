/**
 * Things bought are delivered (PAY-01.3): a subscriber buys an ebook in the store, and the order
 * page and My Library's Ordered tab link to its files, one per format. The PDF is a PDF, the EPUB a
 * ZIP whose first entry is its mimetype; another member and a guest are refused the same links.
 */
import fs from 'node:fs';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { expect, expectSlot, slot, test } from '../fixtures';
import { fillAddress, fillCard } from '../checkout';
import { registerAccount } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };
const APPROVED = '4242424242424242';
type ProductInfo = { title: string; productUrl: string; availabilityId: string; type: string; availabilityStatus: string };

async function ebookOf(request: APIRequestContext): Promise<ProductInfo> {
  const list = (await (await request.get('/api/store/products?category=books')).json()) as { products: ProductInfo[] };
  const found = list.products.find((p) => p.type === 'ebook' && p.availabilityStatus === 'AVAILABLE');
  if (!found) throw new Error('no available ebook in the seed');
  return found;
}

/** The page's member becomes a subscriber (Good), bought through the API as the store would. */
async function subscribe(request: APIRequestContext): Promise<void> {
  const ok = async (res: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>) => {
    const r = await res;
    if (!r.ok()) throw new Error(`${r.status()} ${await r.text()}`);
  };
  await ok(request.post('/api/shopping-cart', { headers: CSRF, data: { items: [{ availabilityId: 'SUB-GOOD', quantity: 1 }] } }));
  const billingAddress = {
    firstName: 'Noor',
    lastName: 'Haddad',
    address1: '60 Harvard Way',
    address2: '',
    city: 'Boston',
    state: 'MA',
    postalCode: '02163',
    countryCode: 'US',
  };
  await ok(
    request.post('/api/commerce/shipping-payment', {
      headers: CSRF,
      data: {
        shippingAddress: null,
        billingAddress,
        billingSameAsShipping: false,
        shippingMethod: null,
        card: { number: APPROVED, expMonth: 12, expYear: 2034, cvc: '123', nameOnCard: 'Noor Haddad' },
      },
    }),
  );
  await ok(request.post('/api/commerce/order/submit', { headers: CSRF, data: {} }));
  await ok(request.post('/api/user/subscribe/checkoutComplete', { headers: CSRF, data: {} }));
}

async function downloadOf(page: Page, link: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { download, bytes: fs.readFileSync(path) };
}

test('a subscriber buys an ebook and downloads it from the order page and My Library; others are refused', async ({ page, browser, playwright }) => {
  const account = await registerAccount(page.request, 'downloads');
  await subscribe(page.request);
  const ebook = await ebookOf(page.request);

  // The store: product page, cart, billing address and card, review, Place order.
  await page.goto(ebook.productUrl);
  await expectSlot(page, 'store/App', 'ready');
  const app = slot(page, 'store/App');
  await expect(app.getByRole('heading', { level: 1, name: ebook.title })).toBeVisible();
  await app.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect(app.getByRole('region', { name: 'Digital items' })).toContainText(ebook.title);
  await app.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping-payment$/);
  await fillAddress(app.getByRole('group', { name: 'Billing address' }), account);
  await fillCard(page, APPROVED);
  await app.getByRole('button', { name: 'Continue to review' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Review Order' })).toBeVisible();
  await app.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/[^/?]+\?receipt=true$/);

  // The order page links the ebook's files, one per format.
  const files = app.getByRole('list', { name: `Downloads for ${ebook.title}` });
  const epubLink = files.getByRole('link', { name: `Download EPUB, ${ebook.title}` });
  const pdfLink = files.getByRole('link', { name: `Download PDF, ${ebook.title}` });
  await expect(epubLink).toBeVisible();
  await expect(pdfLink).toBeVisible();
  const hrefs = [await epubLink.getAttribute('href'), await pdfLink.getAttribute('href')];
  expect(hrefs).toEqual([expect.stringMatching(/^\/api\/downloads\/o-[\w-]+\/\d+\/epub$/), expect.stringMatching(/^\/api\/downloads\/o-[\w-]+\/\d+\/pdf$/)]);

  const pdf = await downloadOf(page, pdfLink);
  expect(pdf.download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

  const epub = await downloadOf(page, epubLink);
  expect(epub.download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.epub$/);
  // A ZIP whose first entry is the stored 'mimetype' holding 'application/epub+zip'.
  expect(epub.bytes.readUInt32LE(0)).toBe(0x04034b50);
  expect(epub.bytes.readUInt16LE(8)).toBe(0);
  expect(epub.bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
  expect(epub.bytes.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');
  await expect(page).toHaveURL(/\/order\/[^/?]+\?receipt=true$/);

  // My Library's Ordered tab shows the same links.
  await page.goto('/my-library?tab=ordered');
  await expectSlot(page, 'library/App', 'ready');
  const library = slot(page, 'library/App');
  const libraryFiles = library.getByRole('list', { name: `Downloads for ${ebook.title}` });
  await expect(libraryFiles.getByRole('link')).toHaveCount(2);
  expect(await libraryFiles.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(hrefs);
  const again = await downloadOf(page, libraryFiles.getByRole('link', { name: `Download PDF, ${ebook.title}` }));
  expect(again.bytes.equals(pdf.bytes)).toBe(true);

  // Another member is refused the links, as is a guest.
  const other = await browser.newContext();
  try {
    await registerAccount(other.request, 'not-the-buyer');
    for (const href of hrefs) {
      const res = await other.request.get(href!);
      expect(res.status()).toBe(404);
      expect(res.headers()['content-disposition']).toBeUndefined();
      expect(((await res.json()) as { message: string }).message).toBe('This download is not available.');
    }
  } finally {
    await other.close();
  }
  const guest = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const res = await guest.get(hrefs[1]!);
    expect(res.status()).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Sign in to download your files.');
  } finally {
    await guest.dispose();
  }
});
