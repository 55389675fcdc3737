/**
 * Decision 047: a slow connection is not a broken remote. A remote is
 * given up only once nothing has arrived for STALL_MS (8 s), never on a clock budget: the slot then
 * says why (`data-mfe-reason="stalled"`; the server's HTML stays where the server rendered it, the
 * fallback shows where it did not), keeps loading and takes the remote when it arrives, without a
 * reload. A refused remote is asked again by itself (backoff) and at once by 'Try again'. And a
 * fresh home load does not warn that `/remotes.json` was preloaded but not used.
 *
 * The remote's network is held: every request to its origin waits until the slot has given up, then
 * goes through. Nothing here waits on time.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { expect, expectSlot, firstArticleUrl, firstVideo, reachIsland, slot, test, waitForLive, type SlotId } from '../fixtures';
import { E2E_PORTS } from '../ports';

type RemoteKey = 'paywall' | 'library' | 'store' | 'video' | 'visualLibrary';

interface Journey {
  slot: SlotId;
  path: (page: Page) => Promise<string>;
  /** The remote's own content, once it has arrived. */
  content: (page: Page) => Promise<Locator>;
}

const JOURNEYS: Record<RemoteKey, Journey> = {
  paywall: {
    slot: 'paywall/ArticleGate',
    path: firstArticleUrl,
    content: async (page) => slot(page, 'paywall/ArticleGate').locator('[data-gate-state]'),
  },
  library: {
    slot: 'library/App',
    path: async () => '/my-library',
    content: async (page) => slot(page, 'library/App').getByText('To access this feature, please SIGN IN or REGISTER'),
  },
  store: {
    slot: 'store/App',
    path: async () => '/store',
    content: async (page) => slot(page, 'store/App').locator('a[href^="/product/"]').first(),
  },
  video: {
    slot: 'video/App',
    path: async (page) => {
      const v = await firstVideo(page);
      return `/video/${v.id}/${v.slug}`;
    },
    content: async (page) => slot(page, 'video/App').getByRole('heading', { level: 1, name: (await firstVideo(page)).name }),
  },
  visualLibrary: {
    slot: 'visualLibrary/App',
    path: async () => '/visual-library',
    content: async (page) => slot(page, 'visualLibrary/App').getByRole('heading', { level: 1, name: 'Visual Library' }),
  },
};

const originOf = (remote: RemoteKey) => `http://localhost:${E2E_PORTS[remote]}`;

/** Holds every request to the remote's origin until `release()`; after that they go through. */
async function slowDown(page: Page, remote: RemoteKey): Promise<{ release: () => Promise<void>; held: () => number }> {
  const held: Route[] = [];
  let released = false;
  await page.route(`${originOf(remote)}/**`, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

/** Marks the document, so the test can tell the content arrived in it and not in a reloaded page. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'no reload').toBe(true);
}

for (const remote of Object.keys(JOURNEYS) as RemoteKey[]) {
  const journey = JOURNEYS[remote];
  test(`${remote} when nothing arrives: given up only after STALL_MS with its reason, then the remote's content when it arrives, without a reload`, async ({
    page,
  }) => {
    const path = await journey.path(page);
    const content = await journey.content(page);
    const network = await slowDown(page, remote);
    await page.goto(path, { waitUntil: 'commit' });
    // An island (My Library, decision 043) is the server's content until the reader reaches for it.
    await reachIsland(page, journey.slot, content);

    // Nothing arrives: given up once nothing has come for STALL_MS (not on a clock budget), saying why.
    const at = await page.evaluate(() => performance.now());
    await expectSlot(page, journey.slot, 'failed', 20_000);
    const waited = (await page.evaluate(() => performance.now())) - at;
    test.info().annotations.push({ type: 'given-up-after-ms', description: String(Math.round(waited)) });
    await expect(slot(page, journey.slot)).toHaveAttribute('data-mfe-reason', 'stalled');
    if (remote === 'paywall') {
      const fallback = slot(page, journey.slot).getByRole('status');
      await expect(fallback).toContainText('unavailable right now');
      await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
    } else {
      // The server's HTML stays.
      await expect(content).toBeVisible();
    }
    expect(network.held(), 'requests to the remote held back').toBeGreaterThan(0);
    await markDocument(page);

    // The remote's answers arrive late: the slot was still loading, and swaps its fallback for the content.
    await network.release();
    await expectSlot(page, journey.slot, 'ready');
    await expect(content).toBeVisible();
    await expect(slot(page, journey.slot).getByText('unavailable right now')).toHaveCount(0);
    await expectSameDocument(page);
  });
}

test('an article on a throttled connection (600 ms round trips, 1 Mbit/s): the rest of the article arrives, even past the budget', async ({ page }) => {
  test.setTimeout(60_000);
  const article = await firstArticleUrl(page);
  // The whole page on a slow mobile network, as Chromium's network throttling makes it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 600, downloadThroughput: 125_000, uploadThroughput: 60_000 });
  const timedOut: string[] = [];
  page.on('console', (m) => {
    if (/failed \(timeout\)/.test(m.text())) timedOut.push(m.text().split(' Remote')[0] ?? '');
  });
  await page.goto(article, { waitUntil: 'commit' });
  const gate = slot(page, 'paywall/ArticleGate');
  await expect(gate.locator('[data-gate-state]')).toBeVisible({ timeout: 40_000 });
  // Whether the budget ran out first depends on the machine; it is recorded, the outcome is the same.
  test.info().annotations.push({ type: 'fell back first', description: timedOut.join('; ') || 'no' });
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expectSlot(page, 'library/ItemActions', 'ready', 40_000);
  await expect(page.getByText('unavailable right now')).toHaveCount(0);
});

/** Refuses every connection to the remote's origin until `restore()`; counts the attempts. */
async function refuse(page: Page, remote: RemoteKey): Promise<{ restore: () => void; attempts: () => number }> {
  let refusing = true;
  let attempts = 0;
  await page.route(`${originOf(remote)}/**`, async (route) => {
    attempts += 1;
    if (refusing) await route.abort('connectionrefused');
    else await route.continue();
  });
  return { restore: () => (refusing = false), attempts: () => attempts };
}

test('a refused remote is asked again by itself (backoff) once it is back, without a reload (a page the server rendered: the store)', async ({ page }) => {
  const network = await refuse(page, 'store');
  await page.goto('/store', { waitUntil: 'commit' });
  await expectSlot(page, 'store/App', 'failed');
  await expect(slot(page, 'store/App')).toHaveAttribute('data-mfe-reason', 'unreachable');
  // The server's HTML stays meanwhile.
  await expect(slot(page, 'store/App').locator('a[href^="/product/"]').first()).toBeVisible();
  await markDocument(page);
  const attempts = network.attempts();

  // The remote is back: the next attempt of the backoff (1, 2, 4 ... s) takes it.
  network.restore();
  await expectSlot(page, 'store/App', 'ready', 20_000);
  expect(network.attempts(), 'asked again without a click').toBeGreaterThan(attempts);
  await expect(slot(page, 'store/App')).not.toHaveAttribute('data-hydrating');
  await expectSameDocument(page);
});

test('a refused article gate comes back with Try again: the rest of the article appears in place', async ({ page }) => {
  const article = await firstArticleUrl(page);
  const network = await refuse(page, 'paywall');
  await page.goto(article, { waitUntil: 'commit' });
  await expectSlot(page, 'paywall/ArticleGate', 'failed');
  const gate = slot(page, 'paywall/ArticleGate');
  await expect(gate.getByRole('status')).toContainText('The rest of this article is unavailable right now.');
  await markDocument(page);

  network.restore();
  await gate.getByRole('button', { name: 'Try again' }).click();
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate.locator('[data-gate-state]')).toBeVisible();
  await expectSameDocument(page);
});

test('a fresh home load uses its preload of /remotes.json: no console warning about an unused preload', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) warnings.push(`${m.type()}: ${m.text()}`);
  });
  const remotesJson: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/remotes.json') remotesJson.push(r.url());
  });
  await page.goto('/');
  await waitForLive(page);
  await expect(page.getByRole('heading', { level: 1, name: 'The Latest' })).toBeVisible();
  // Chromium reports a preload that was not used on a timer, about 3 s after the load event: the
  // one thing here that can only be waited for, so the test waits (bounded) for that report and
  // expects none to come.
  const warned = await page
    .waitForEvent('console', { predicate: (m) => /preload/i.test(m.text()), timeout: 4_500 })
    .then((m) => m.text())
    .catch(() => null);
  expect(warned, 'a console message about a preload').toBeNull();
  expect(warnings).toEqual([]);
  // Requested once: the preload, which the shell's read of the remote locations used.
  expect(remotesJson).toHaveLength(1);
});
