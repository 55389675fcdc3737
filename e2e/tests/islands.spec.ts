/**
 * Save and Share on the video and visual-library pages are an island hydrated on demand (decision
 * 038): the server renders My Library's buttons, and My Library's code is fetched only when the
 * reader reaches for them. A first click, made before that code has arrived, still does what it says.
 */
import type { Page } from '@playwright/test';
import { bootRan, expect, firstVideo, holdRequests, slot, test, waitForLive } from '../fixtures';
import { E2E_PORTS } from '../ports';
import { signIn } from '../session';

/** The ports of the remotes the page fetched anything from (the shell is 4100). */
function remotesFetched(page: Page): Set<string> {
  const ports = new Set<string>();
  page.on('request', (r) => {
    const port = new URL(r.url()).port;
    if (port !== '4100') ports.add(port);
  });
  return ports;
}

test("a video page's Save fetches My Library only when the reader reaches for it, and the first click opens the flyout", async ({ page }) => {
  await signIn(page);
  const video = await firstVideo(page);
  const fetched = remotesFetched(page);
  await page.goto(`/video/${video.id}/${video.slug}`);
  await waitForLive(page);
  await page.waitForLoadState('networkidle');
  const actions = slot(page, 'library/ItemActions').first();
  await expect(actions).toHaveAttribute('data-hydrate-on', 'interaction');
  expect([...fetched].sort()).toEqual(['4104']);

  // The held click is replayed once My Library's part is live.
  await actions.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Save to My Library' })).toBeVisible();
  expect(fetched.has('4102')).toBe(true);
  await expect(actions).not.toHaveAttribute('data-hydrating');
  await expect(actions).not.toHaveAttribute('data-hydrate-on');
});

test('a keyboard reader reaching the Save of a chart loads it by focus, and Enter opens the flyout', async ({ page }) => {
  await signIn(page);
  const fetched = remotesFetched(page);
  await page.goto('/visual-library');
  await waitForLive(page);
  await page.waitForLoadState('networkidle');
  expect(fetched.has('4102')).toBe(false);
  const save = slot(page, 'library/ItemActions').first().getByRole('button', { name: /^Save/ });
  await save.focus();
  await expect(slot(page, 'library/ItemActions').first()).not.toHaveAttribute('data-hydrate-on');
  await expect(slot(page, 'library/ItemActions').first()).not.toHaveAttribute('data-hydrating');
  await save.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Save to My Library' })).toBeVisible();
  expect(fetched.has('4102')).toBe(true);
});

test("with My Library down, an article's Save keeps the server's HTML: a press is busy at once, then says inline it is unavailable, and the page goes on working", async ({
  page,
}) => {
  await page.route(`http://localhost:${E2E_PORTS.library}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/2025/06/the-unexpected-power-of-slowing-down');
  await waitForLive(page);
  const actions = slot(page, 'library/ItemActions');
  // The server rendered My Library's buttons; nothing was asked of My Library yet.
  await expect(actions).toHaveAttribute('data-hydrate-on', 'interaction');
  const save = actions.getByRole('button', { name: 'Save', exact: true });
  await save.hover();
  // Its code cannot be fetched: the slot says why and keeps the server's HTML (decision 047).
  await expect(actions).toHaveAttribute('data-mfe-status', 'failed');
  await expect(actions).toHaveAttribute('data-mfe-reason', 'unreachable');
  await expect(actions.getByRole('toolbar', { name: 'Article actions' })).toHaveCount(0);
  // A press asks again at once; refused again, the control says so inline, announced.
  await save.click();
  await expect(actions.locator('[data-mfe-note][role=alert]')).toHaveText('Unavailable right now. Its code could not be fetched.');
  await expect(save).not.toHaveAttribute('aria-busy', 'true');
  await expect(actions.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test("a click on an article's Save made before the page's scripts have run still opens the flyout", async ({ page }) => {
  await signIn(page);
  // The shell's scripts arrive late (a slow connection): the reader presses Save on the server's HTML meanwhile.
  const release = await holdRequests(page, '**/main.js');
  await page.goto('/2025/06/the-unexpected-power-of-slowing-down', { waitUntil: 'commit' });
  const actions = slot(page, 'library/ItemActions');
  await bootRan(page);
  await actions.getByRole('button', { name: 'Save', exact: true }).click();
  // boot.js saw the reader reach for it: the island is marked before any of the app's code has run.
  await expect(actions).toHaveAttribute('data-reached', '');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Save to My Library' })).toBeVisible();
});
