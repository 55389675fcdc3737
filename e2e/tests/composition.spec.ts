import { cartLink, expect, expectAccessible, expectSlot, firstArticleUrl, firstVideo, slot, test, waitForLive } from '../fixtures';
import { countReactDomRenderers, readCopies } from '../instrumentation';
import { DEMO_READER, registerAccount, signIn } from '../session';

async function navigate(page: import('@playwright/test').Page, path: string) {
  // Client-side navigation: the same page, so every remote joins the same React tree and store.
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('shell and every remote run on one React, one React DOM and one user store', async ({ page }) => {
  await page.addInitScript(countReactDomRenderers);
  await signIn(page);
  const article = await firstArticleUrl(page);
  const video = await firstVideo(page);
  await page.goto('/');
  const seen = { react: new Set<string>(), store: new Set<string>() };
  const collect = async () => {
    for (const el of await page.locator('[data-remote-root]').all()) {
      seen.react.add((await el.getAttribute('data-react-instance')) ?? 'missing');
      seen.store.add((await el.getAttribute('data-store-instance')) ?? 'missing');
    }
  };
  const stops: [string, 'paywall/ArticleGate' | 'library/App' | 'store/App' | 'video/App' | 'visualLibrary/App'][] = [
    ['/store', 'store/App'],
    ['/my-library', 'library/App'],
    ['/visual-library', 'visualLibrary/App'],
    [`/video/${video.id}/${video.slug}`, 'video/App'],
    [article, 'paywall/ArticleGate'],
  ];
  await expect(cartLink(page)).toBeVisible();
  // Client-side navigation is the app's: it starts once the app has taken over the server's HTML.
  await waitForLive(page);
  await collect();
  const parts = new Set<string>();
  for (const [path, id] of stops) {
    await navigate(page, path);
    await expectSlot(page, id, 'ready');
    await collect();
    await expectAccessible(page);
    for (const el of await page.locator('[data-remote-root]').all()) parts.add((await el.getAttribute('data-remote-root')) ?? '');
  }
  // Every part reported, and all of them on the same copies.
  expect([...parts].sort()).toEqual(['library', 'paywall', 'shell', 'store', 'video', 'visualLibrary']);
  expect([...seen.react]).toHaveLength(1);
  expect([...seen.store]).toHaveLength(1);
  expect(seen.react.has('missing')).toBe(false);
  const copies = await page.evaluate(readCopies);
  expect(copies).toEqual({ reactDom: 1, react: 1 });
});

test('a remote asks the shell to sign in; after sign-in (which reloads the page) it shows the reader', async ({ page }) => {
  await page.goto('/my-library');
  await expectSlot(page, 'library/App', 'ready');
  const library = slot(page, 'library/App');
  await expect(library).toContainText('To access this feature, please SIGN IN or REGISTER');

  // The remote asks the shell to open its modal (remote -> shell) ...
  await library.getByRole('button', { name: 'SIGN IN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(DEMO_READER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_READER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();

  // ... and after the reload the remote shows the reader's folders. (Registration, which does not
  // reload, shows a shell event reaching a remote in accounts.spec.ts.)
  await expect(dialog).toBeHidden();
  await expect(library.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
  await expect(library.getByRole('link', { name: /Strategy reads/ })).toBeVisible();
});

test('a remote is fetched only when the page shows it', async ({ page }) => {
  const requested = new Set<string>();
  page.on('request', (r) => {
    const port = new URL(r.url()).port;
    if (port !== '4100') requested.add(port);
  });
  await page.goto('/topics');
  await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible();
  await expect(cartLink(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await waitForLive(page);
  // No remote: the header's cart link is the shell's (decision 021).
  expect([...requested]).toEqual([]);
  await navigate(page, '/visual-library');
  await expectSlot(page, 'visualLibrary/App', 'ready');
  // The visual library, and My Library for the Save and Share of its charts (through the host slot).
  await expect(page.locator('[data-mfe-slot="library/ItemActions"][data-mfe-status="ready"]').first()).toBeVisible();
  expect([...requested].sort()).toEqual(['4102', '4105']);
});

test('the modal traps focus, closes on Escape and shows a sign-in error', async ({ page, request }) => {
  const account = await registerAccount(request, 'focus');
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Sign in' });
  await expect(opener).toBeEnabled();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1!');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /./ })).toHaveText(
    'You have entered an invalid email and password combination. Please try again. You have 4 tries left.',
  );
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
