/**
 * Intents kept across sign-in (SITE-06.9; contracts.md `auth:open`): a guest who presses
 * 'Follow this' or 'Save' is told why sign-in is asked, and once signed in (or registered) in the
 * modal the action finishes in place, without a reload: the topic is followed, the save flyout opens
 * and saves. A modal closed without signing in does nothing.
 *
 * Repeat-safe: the follow journeys use an account of their own (the user menu's count is the
 * account's); the save journey signs in as the demo reader and picks an article by repetition, and
 * takes the save back at the end.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectSlot, slot, test } from '../fixtures';
import { DEMO_READER, registerAccount, uniqueEmail } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };
const TOPIC = { slug: 'design-thinking', name: 'Design thinking' };

/** Marks the page so a reload (which would lose the mark) can be told from an update in place. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

async function signInInModal(dialog: Locator, who: { email: string; password: string }) {
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

async function openTopic(page: Page) {
  await page.goto(`/topic/${TOPIC.slug}`);
  await expectSlot(page, 'library/FollowTopic', 'ready');
  const widget = slot(page, 'library/FollowTopic');
  await expect(widget.locator('[data-widget="follow-topic"]')).toHaveAttribute('data-follow-state', 'idle');
  return widget;
}

test('a guest presses Follow this, is told why, signs in, and the topic is followed without a reload', async ({ browser, page }, testInfo) => {
  // A reader with an account of their own, signed in nowhere yet (the request context is apart from the page's).
  const api = await browser.newContext();
  const account = await registerAccount(api.request, 'intent-follow');
  await api.close();
  const detail = (await (await page.request.get(`/api/topic/${TOPIC.slug}`)).json()) as { articleCount: number };

  const widget = await openTopic(page);
  await markPage(page);
  await widget.getByRole('button', { name: 'Follow this' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByText('Sign in to follow this topic.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('intent-follow-sign-in.png') });
  await signInInModal(dialog, account);
  await expect(dialog).toBeHidden();

  const following = widget.getByRole('button', { name: 'Following' });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(widget.locator('[data-widget="follow-topic"]')).toHaveAttribute('data-follow-state', 'idle');
  await expect(following).toBeFocused();
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('link', { name: `Following, ${detail.articleCount} unread` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('intent-follow-done.png') });
  await expectNoReload(page);

  // The follow is the server's: it is still there after a reload.
  await page.reload();
  await expectSlot(page, 'library/FollowTopic', 'ready');
  await expect(slot(page, 'library/FollowTopic').getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
});

test('a guest presses Follow this, creates an account in the modal, and the topic is followed', async ({ page }) => {
  const widget = await openTopic(page);
  await markPage(page);
  await widget.getByRole('button', { name: 'Follow this' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Create one.' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await expect(dialog.getByText('Create an account to follow this topic.')).toBeVisible();
  await dialog.getByLabel('First name').fill('Ines');
  await dialog.getByLabel('Last name').fill('Moreau');
  await dialog.getByLabel('Email', { exact: true }).fill(uniqueEmail('intent-register'));
  await dialog.getByLabel('Password', { exact: true }).fill('Journey#2026ok');
  await dialog.getByRole('button', { name: 'Create account' }).click();

  // The account exists: the topic is followed under the profile screen, which the reader skips.
  const profile = page.getByRole('dialog', { name: 'Tell us about yourself' });
  await expect(profile).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await expectNoReload(page);
  await expect(widget.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
});

test('a guest who closes the sign-in box follows nothing', async ({ page }) => {
  const widget = await openTopic(page);
  await widget.getByRole('button', { name: 'Follow this' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByText('Sign in to follow this topic.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(widget.getByRole('button', { name: 'Follow this' })).toHaveAttribute('aria-pressed', 'false');
  await expect(widget.getByRole('button', { name: 'Follow this' })).toBeFocused();
  // Still a guest: the header offers Sign in.
  await expect(page.locator('header.site-header').getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a guest presses Save on an article, is told why, signs in, and saves it from the flyout that opens', async ({ page }, testInfo) => {
  const stream = (await (await page.request.get('/service/stream/latest/0/8')).json()) as { entry: { id: string; title: string; url: string }[] };
  // One article per repetition, none the other journeys save: parallel repetitions never share one.
  const article = stream.entry[3 + (testInfo.repeatEachIndex % 5)]!;

  await page.goto(article.url);
  await expectSlot(page, 'library/ItemActions', 'ready');
  const actions = slot(page, 'library/ItemActions');
  await markPage(page);
  await actions.getByRole('button', { name: 'Save', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByText('Sign in to save this to My Library.')).toBeVisible();
  await signInInModal(dialog, DEMO_READER);
  await expect(dialog).toBeHidden();

  // The click is finished: the save flyout opens for the reader now signed in.
  const flyout = page.getByRole('dialog', { name: 'Save to My Library' });
  await expect(flyout).toBeVisible();
  await expect(flyout.getByRole('checkbox', { name: 'My Library' })).toBeChecked();
  await flyout.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(flyout.getByRole('status')).toHaveText('Saved!');
  await expect(actions.locator('[data-widget="item-actions"]')).toHaveAttribute('data-saved', 'true');
  await expect(actions.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  await expectNoReload(page);

  // Leave the demo reader's library as it was.
  expect((await page.request.delete(`/service/user/saves/${encodeURIComponent(article.id)}`, { headers: CSRF })).status()).toBeLessThan(300);
});
