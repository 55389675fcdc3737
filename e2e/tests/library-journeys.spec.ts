/**
 * My Library as a reader walks it: each tab is an address, so Back, Forward and
 * a reload come back to it; Rename and Delete open their form and confirmation right under the
 * buttons, in view, with the focus in them and back on the button after; the default folder a
 * reader has just saved into is not called 'Read-only'. Desktop (1280 x 800) and phone (390 x 844).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectSlot, slot, test } from '../fixtures';
import { registerAccount } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };

async function openLibrary(page: Page, path = '/my-library') {
  await page.goto(path);
  await expectSlot(page, 'library/App', 'ready');
  return slot(page, 'library/App');
}

/** The tab list of My Library's content and one of its tabs. */
const tabOf = (library: Locator, name: string) => library.getByRole('tablist', { name: 'Library content' }).getByRole('tab', { name, exact: true });

/** True when the element's box lies inside the window. */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= size.height;
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(device, () => {
    test.use({ viewport });

    test('the history tabs are addresses: Back and Forward move between them, a reload keeps one', async ({ page }) => {
      await registerAccount(page.request, 'tabs');
      const library = await openLibrary(page);
      await expect(tabOf(library, 'Saved')).toHaveAttribute('aria-selected', 'true');

      await tabOf(library, 'Read').click();
      await expect(page).toHaveURL(/\/my-library\?tab=read$/);
      await expect(library.locator('[data-library-tab]')).toHaveAttribute('data-library-tab', 'read');
      await tabOf(library, 'Ordered').click();
      await expect(page).toHaveURL(/\/my-library\?tab=ordered$/);
      await expect(library.locator('[data-library-tab]')).toHaveAttribute('data-library-tab', 'ordered');

      await page.goBack();
      await expect(page).toHaveURL(/\/my-library\?tab=read$/);
      await expect(tabOf(library, 'Read')).toHaveAttribute('aria-selected', 'true');
      await expect(library.locator('[data-library-tab]')).toHaveAttribute('data-library-tab', 'read');
      await page.goBack();
      await expect(page).toHaveURL(/\/my-library$/);
      await expect(tabOf(library, 'Saved')).toHaveAttribute('aria-selected', 'true');
      await page.goForward();
      await expect(tabOf(library, 'Read')).toHaveAttribute('aria-selected', 'true');

      await page.reload();
      await expectSlot(page, 'library/App', 'ready');
      await expect(tabOf(slot(page, 'library/App'), 'Read')).toHaveAttribute('aria-selected', 'true');
      await expect(slot(page, 'library/App').locator('[data-library-tab]')).toHaveAttribute('data-library-tab', 'read');
    });

    test('Rename and Delete open next to their buttons, in view, and give the focus back', async ({ page }) => {
      await registerAccount(page.request, 'folder-edit');
      const created = await page.request.post('/service/user/lists', { headers: CSRF, data: { name: 'Board prep' } });
      expect(created.status()).toBe(201);
      const library = await openLibrary(page, '/my-library/library/board-prep');
      const header = library.locator('header.folder-header');
      await expect(header.getByRole('heading', { level: 2, name: 'Board prep' })).toBeVisible();

      const rename = header.getByRole('button', { name: 'Rename' });
      await rename.click();
      const name = header.getByLabel('Folder name');
      await expect(name).toBeFocused();
      await expect(name).toHaveValue('Board prep');
      expect(await inView(page, name)).toBe(true);
      // Under the button that opened it, not at the far end of the folder list.
      const below = (await name.boundingBox())!.y - ((await rename.boundingBox())!.y + (await rename.boundingBox())!.height);
      expect(below).toBeGreaterThanOrEqual(0);
      expect(below).toBeLessThan(160);
      await page.keyboard.press('Escape');
      await expect(rename).toBeFocused();

      const del = header.getByRole('button', { name: 'Delete', exact: true });
      await del.click();
      const confirm = header.locator('[data-confirm="delete-folder"]');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      expect(await inView(page, confirm)).toBe(true);
      const gap = (await confirm.boundingBox())!.y - ((await del.boundingBox())!.y + (await del.boundingBox())!.height);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThan(160);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(del).toBeFocused();

      // And the delete goes through from there.
      await del.click();
      await confirm.getByRole('button', { name: 'Delete folder' }).click();
      await expect(page).toHaveURL(/\/my-library$/);
      await expect(library.getByRole('link', { name: /^Board prep/ })).toHaveCount(0);
    });

    test("the folder a reader has just saved into is not labelled 'Read-only'", async ({ page }) => {
      await registerAccount(page.request, 'default-folder');
      const stream = (await (await page.request.get('/service/stream/latest/0/8')).json()) as { entry: { id: string; title: string }[] };
      const article = stream.entry[0]!;
      expect((await page.request.post('/service/user/saves', { headers: CSRF, data: { id: article.id } })).status()).toBeLessThan(300);

      const library = await openLibrary(page);
      const folders = library.getByRole('navigation', { name: 'Folders' });
      const myLibrary = folders.locator('li[data-folder-slug="my-library"]');
      await expect(myLibrary.getByRole('link', { name: 'My Library (1 item)' })).toBeVisible();
      await expect(myLibrary).not.toContainText('Read-only');
      await expect(library.getByRole('link', { name: article.title })).toBeVisible();
    });
  });
}
