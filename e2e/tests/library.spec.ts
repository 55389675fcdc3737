/**
 * My Library, end to end (decision 013): save from an article page into a new folder, make another
 * folder and move the item there, share by email (the outbox holds the mail) and see it in the
 * shared history, bulk-discard, and stop following a topic.
 */
import type { Page } from '@playwright/test';
import { expect, expectSlot, slot, test } from '../fixtures';
import { DEMO_READER, newestMail, registerAccount, signIn } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };
type Entry = { id: string; title: string; url: string };

async function latestArticles(page: Page, n: number): Promise<Entry[]> {
  const stream = (await (await page.request.get('/service/stream/latest/0/8')).json()) as { entry: Entry[] };
  return stream.entry.slice(0, n);
}

async function openLibrary(page: Page, path = '/my-library') {
  await page.goto(path);
  await expectSlot(page, 'library/App', 'ready');
  return slot(page, 'library/App');
}

test('save from the article page into a new folder, make another folder, move the item, then bulk-discard', async ({ page }) => {
  await registerAccount(page.request, 'library');
  const [first, second] = await latestArticles(page, 2);

  await page.goto(first!.url);
  await expectSlot(page, 'library/ItemActions', 'ready');
  const actions = slot(page, 'library/ItemActions');
  await actions.getByRole('button', { name: 'Save', exact: true }).click();
  const saveFlyout = page.getByRole('dialog', { name: 'Save to My Library' });
  // 'My Library' is always checked and cannot be unchecked.
  await expect(saveFlyout.getByRole('checkbox', { name: 'My Library' })).toBeChecked();
  await expect(saveFlyout.getByRole('checkbox', { name: 'My Library' })).toBeDisabled();
  const name = saveFlyout.getByLabel('New folder');
  await name.fill('Board prep!');
  await expect(saveFlyout.getByRole('button', { name: 'Create folder' })).toBeDisabled();
  await name.fill('Board prep');
  await saveFlyout.getByRole('button', { name: 'Create folder' }).click();
  await expect(saveFlyout.getByRole('checkbox', { name: 'Board prep' })).toBeChecked();
  await saveFlyout.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(saveFlyout.getByRole('status')).toHaveText('Saved!');
  await expect(actions.locator('[data-widget="item-actions"]')).toHaveAttribute('data-saved', 'true');

  // A second save through the API (as another page would), so there are two items to bulk-discard.
  expect((await page.request.post('/service/user/saves', { headers: CSRF, data: { id: second!.id } })).status()).toBeLessThan(300);

  const library = await openLibrary(page, '/my-library/library/board-prep');
  await expect(library.getByRole('link', { name: first!.title })).toBeVisible();
  await expect(library.getByRole('link', { name: second!.title })).toHaveCount(0);

  // Another folder, from the folder list; the duplicate name (ignoring case and spaces) is refused.
  await library.getByRole('button', { name: 'New folder' }).click();
  const folderName = library.getByLabel('Folder name');
  await folderName.fill('boardprep');
  await expect(library.getByText('A folder with this title already exists.')).toBeVisible();
  await folderName.fill('Follow ups');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/my-library\/library\/follow-ups$/);
  await expect(library.locator('[data-empty-state="newFolderCreated"]')).toBeVisible();

  // Move the first article from 'Board prep' to 'Follow ups'.
  await library.getByRole('link', { name: 'All Folders' }).click();
  await library.getByRole('button', { name: `Move ${first!.title}` }).click();
  const organize = page.getByRole('dialog', { name: 'Organize folders' });
  await organize.getByRole('checkbox', { name: 'Board prep' }).uncheck();
  await organize.getByRole('checkbox', { name: 'Follow ups' }).check();
  await organize.getByRole('button', { name: 'Update' }).click();
  await expect(organize.getByRole('status')).toHaveText('Folders Updated');
  await library.getByRole('link', { name: /^Follow ups/ }).click();
  await expect(library.getByRole('link', { name: first!.title })).toBeVisible();
  await library.getByRole('link', { name: /^Board prep/ }).click();
  await expect(library.locator('[data-empty-state="content"]')).toBeVisible();

  // Bulk-discard both from All Folders.
  await library.getByRole('link', { name: 'All Folders' }).click();
  await library.getByRole('checkbox', { name: `Select ${first!.title}` }).check();
  await library.getByRole('checkbox', { name: `Select ${second!.title}` }).check();
  await expect(library.getByRole('group', { name: 'Bulk actions' })).toContainText('2 selected');
  await library.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Remove' }).click();
  const discard = page.getByRole('dialog', { name: 'Remove from My Library' });
  await discard.getByRole('button', { name: 'Remove' }).click();
  await expect(discard.getByRole('status')).toHaveText('2 items removed from My Library');
  await expect(library.locator('[data-empty-state="library"]')).toBeVisible();
  // The folders themselves stay.
  await expect(library.getByRole('link', { name: /^Follow ups/ })).toBeVisible();
});

test('share an article by email: the recipient gets the mail and the shared history shows it', async ({ page }) => {
  // Sharing by email needs a confirmed address: the demo reader's is (a fresh registration's is not).
  await signIn(page);
  const [article] = await latestArticles(page, 1);
  const friend = `friend.${Date.now().toString(36)}@example.com`;

  await page.goto(article!.url);
  await expectSlot(page, 'library/ItemActions', 'ready');
  await slot(page, 'library/ItemActions').getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await share.getByRole('tab', { name: 'Email' }).click();
  // No FROM: the mail names the member's own confirmed address.
  await expect(share.getByLabel('From')).toHaveCount(0);
  const to = share.getByLabel('To');
  await to.fill(`${friend}, not-an-address`);
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(share.getByText('Please enter a valid email address.')).toBeVisible();
  await to.fill(friend);
  await share.getByLabel('Message').fill('Worth ten minutes before Monday.');
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(share.getByRole('status')).toHaveText('Shared via email');

  const mail = await newestMail(page.request, friend);
  expect(mail.body).toContain(article!.url);
  expect(mail.body).toContain('Worth ten minutes before Monday.');
  expect(mail.body).toContain(`(${DEMO_READER.email}) shared this with you`);

  const library = await openLibrary(page);
  await library.getByRole('tab', { name: 'Shared' }).click();
  // The demo reader shares the newest article on every run against the same server, and each share
  // is its own entry: this run's is the one naming this run's friend.
  const item = library.locator(`[data-item-id="${article!.id}"][data-activity="shared"]`).filter({ hasText: friend });
  await expect(item).toBeVisible();
});

test('stop following a topic from the library topic menu', async ({ page }) => {
  await registerAccount(page.request, 'unfollow');
  expect((await page.request.post('/service/user/topics', { headers: CSRF, data: { name: 'Leading teams' } })).status()).toBe(200);

  const library = await openLibrary(page);
  await library.getByRole('tab', { name: 'Topics' }).click();
  await library.getByRole('tab', { name: /Leading teams/ }).click();
  await expect(library.locator('[data-topic-menu]')).toHaveAttribute('data-topic-menu', 'topic');
  await library.getByRole('button', { name: 'Stop following' }).click();
  await expect(library.locator('[data-topic-menu]')).toHaveAttribute('data-topic-menu', 'delete-confirm');
  await library.locator('[data-confirm="stop-following"]').getByRole('button', { name: 'Stop following' }).click();
  await expect(library.locator('[data-empty-state="topics"]')).toBeVisible();
  await expect(library.getByRole('link', { name: 'Find More' })).toHaveAttribute('href', '/topics');
  const following = (await (await page.request.get('/service/user/topics')).json()) as { topics: unknown[] };
  expect(following.topics).toEqual([]);
});
