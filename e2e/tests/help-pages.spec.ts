/**
 * Pages every link of the site leads to (PLAT-16, "no dead ends"): customer service, the privacy
 * policy, The Big Idea and where a registration lands. Each is readable before scripts, linked from
 * the footer, and holds what a reader came for.
 */
import { expect, expectAccessible, test, waitForLive } from '../fixtures';
import { signIn } from '../session';

test('Get Help leads to customer service: phones, mail and hours, at its anchor', async ({ page }) => {
  await page.goto('/subscriber-help#contact-customer-service');
  await waitForLive(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriber help' })).toBeVisible();
  const contact = page.locator('#contact-customer-service');
  await expect(contact.getByRole('heading', { name: 'Contact Customer Service' })).toBeInViewport();
  await expect(contact.getByRole('link', { name: '+1 800 555 0199' })).toHaveAttribute('href', 'tel:+18005550199');
  await expect(contact.getByRole('link', { name: 'customerservice@example.com' })).toHaveAttribute('href', 'mailto:customerservice@example.com');
  for (const topic of ['Signing in', 'Subscriptions', 'Orders', 'Downloads']) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }
  // 'Reset your password' opens the forgot-password form.
  await page.getByRole('button', { name: 'Reset your password' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Send link' })).toBeVisible();
  await expectAccessible(page);
});

test('the footer leads to help, privacy and The Big Idea, and each page is there', async ({ page }) => {
  // From a page without an endless stream: under home's stream the footer moves away as pages load.
  await page.goto('/topics');
  await waitForLive(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cookies' })).toBeVisible();
  await footer.getByRole('link', { name: 'The Big Idea' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Big Idea' })).toBeVisible();
  // The Big Idea articles, each one a link to its article.
  const entries = page.getByRole('list', { name: 'Big Idea articles' }).getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  const first = entries.first().getByRole('link').first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await footer.getByRole('link', { name: 'Customer service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriber help' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('help, privacy and The Big Idea are readable', async ({ page }) => {
    await page.goto('/subscriber-help');
    await expect(page.getByRole('link', { name: '+44 20 7946 0958' })).toBeVisible();
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
    await page.goto('/big-ideas');
    await expect(page.getByRole('list', { name: 'Big Idea articles' }).getByRole('listitem').first()).toBeVisible();
  });
});

test('a registration lands on next steps; a guest there is asked to register', async ({ page }) => {
  await page.goto('/registration-complete');
  await waitForLive(page);
  await expect(page.getByRole('main').getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  await signIn(page);
  await page.goto('/registration-complete');
  await waitForLive(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Robin' })).toBeVisible();
  await page.getByRole('link', { name: 'Follow topics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible();
});
