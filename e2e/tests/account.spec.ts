/**
 * The account page (PLAT-15): a subscriber opens My Account from the user menu, sees the
 * subscription's facts (in the server's HTML too), changes a profile setting that a reload keeps,
 * and opens an order's receipt. A guest is asked to sign in.
 */
import { expect, expectSlot, slot, test } from '../fixtures';
import { signIn } from '../session';

const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Reader#2025pass' };

/**
 * Each repeat of the journey changes a setting of its own (only changed settings are sent), so
 * repeats running at once on the one demo subscriber do not undo each other's change.
 */
const SETTINGS = [
  { label: 'Industry', values: ['Media', 'Consultant'] },
  { label: 'Job title', values: ['Consultant', 'Analyst'] },
  { label: 'Company size', values: ['100 to 499', '5 to 99'] },
] as const;

test('a subscriber opens My Account from the user menu, sees the subscription, keeps a profile change and opens a receipt', async ({ page }, testInfo) => {
  await signIn(page, SUBSCRIBER);
  await page.goto('/topics');
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  // The subscription: the Best tier with its caption, the term, the account number and the dates.
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Best (Premium)');
  await expect(subscription).toContainText('Account number700000103');
  await expect(subscription).toContainText(/Start date[A-Z][a-z]+ \d{2}, \d{4}/);
  await expect(subscription).toContainText(/Expiration date[A-Z][a-z]+ \d{2}, \d{4}/);
  await expect(subscription).toContainText(/Renewals(Not renewed yet|Renewed \d+ times?)/);
  await expect(page.getByRole('region', { name: 'Newsletters' }).getByRole('link', { name: 'Manage newsletters' })).toBeVisible();

  // A profile setting, kept after a reload (and rendered so by the server).
  const setting = SETTINGS[testInfo.repeatEachIndex % SETTINGS.length]!;
  const field = () => page.getByRole('region', { name: 'Profile settings' }).getByRole('combobox', { name: setting.label });
  const next = (await field().inputValue()) === setting.values[0] ? setting.values[1] : setting.values[0];
  await field().selectOption(next);
  const profile = page.getByRole('region', { name: 'Profile settings' });
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your profile settings are saved.');
  await page.reload();
  await expect(field()).toHaveValue(next);

  // The order history: each order with its receipt; the receipt opens the store's order page.
  const orders = page.getByRole('region', { name: 'Orders' });
  const receipt = orders.getByRole('link', { name: /^Receipt for order / }).first();
  await expect(receipt).toBeVisible();
  const number = ((await receipt.getAttribute('aria-label')) ?? '').replace('Receipt for order ', '');
  await expect(orders.getByRole('link', { name: `Order ${number}`, exact: true })).toHaveAttribute('href', /^\/order\/[^/?]+$/);
  await receipt.click();
  await expect(page).toHaveURL(/\/order\/[^/?]+\?receipt=true$/);
  await expectSlot(page, 'store/App', 'ready');
  const store = slot(page, 'store/App');
  await expect(store.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(store.getByRole('heading', { name: 'Receipt' })).toBeVisible();
});

test('the page is rendered on the server for the reader, and a guest is asked to sign in', async ({ page }) => {
  // A guest: the sign-in prompt, in the server's HTML and on the page.
  const guestHtml = await (await page.request.get('/my-account', { headers: { accept: 'text/html' } })).text();
  expect(guestHtml).toContain('To access this feature, please');
  expect(guestHtml).not.toContain('700000103');
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders' })).toHaveCount(0);

  // Signed in: the subscription and the orders are in the HTML before any script runs.
  await signIn(page, SUBSCRIBER);
  const html = await (await page.request.get('/my-account', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('700000103');
  expect(html).toMatch(/Receipt for order \S+/);
  await page.goto('/my-account');
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('Best (Premium)');
});
