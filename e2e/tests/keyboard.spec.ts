/**
 * Keyboard only: the arrow keys move through the search suggestions and the
 * account menu, and following a header link moves focus to the new page's heading instead of
 * leaving it in the header.
 */
import { cartLink, expect, expectSlot, slot, test, waitForLive } from '../fixtures';
import { signIn } from '../session';

test('following the header Cart link from the keyboard puts focus on the cart page heading', async ({ page }) => {
  await page.goto('/topics');
  await waitForLive(page);
  await cartLink(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expectSlot(page, 'store/App', 'ready');
  const heading = page.locator('#main h1');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

test('ArrowDown and ArrowUp move through the search suggestions and back to the field; Enter follows one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/topics');
  await waitForLive(page);
  await page.getByRole('button', { name: 'Search' }).focus();
  await page.keyboard.press('Enter');
  const overlay = page.getByRole('dialog', { name: 'Search' });
  const field = overlay.getByRole('searchbox', { name: 'Search' });
  await expect(field).toBeFocused();
  await page.keyboard.type('strategy');
  // The answer for the whole word shown (an earlier one, for 'strat', would be replaced under the
  // reader's keys by it).
  await expect(overlay.locator('[data-suggestions-for="strategy"]')).toBeVisible();
  const records = overlay.getByRole('list', { name: 'Suggested articles' }).getByRole('link');
  await expect(records.first()).toBeVisible();
  expect(await records.count()).toBeGreaterThan(1);

  await page.keyboard.press('ArrowDown');
  await expect(records.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(records.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(records.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('strategy');

  await page.keyboard.press('ArrowDown');
  await expect(records.nth(0)).toBeFocused();
  const href = await records.nth(0).getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The article's headline takes focus: the reader starts at the new page.
  await expect(page.locator('main#main h1')).toBeFocused();
});

test('the account menu opens with ArrowDown and its items follow the arrows, Home and End; Escape returns to the button', async ({ page }) => {
  await signIn(page);
  await page.goto('/topics');
  const button = page.getByRole('button', { name: /^Account menu for / });
  await expect(button).toBeVisible();
  await waitForLive(page);
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('list', { name: 'Account' });
  const library = menu.getByRole('link', { name: 'My Library' });
  const signOut = menu.getByRole('link', { name: 'Sign out' });
  await expect(library).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: /^Following/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(library).toBeFocused(); // wraps to the first
  await page.keyboard.press('ArrowUp');
  await expect(signOut).toBeFocused(); // and back to the last
  await page.keyboard.press('Home');
  await expect(library).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // ArrowDown again, then Enter on My Library: the library page's heading takes focus.
  await page.keyboard.press('ArrowDown');
  await expect(library).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-library$/);
  await expectSlot(page, 'library/App', 'ready');
  await expect(slot(page, 'library/App').locator('h1').first()).toBeFocused();
});
