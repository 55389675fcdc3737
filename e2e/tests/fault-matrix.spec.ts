/**
 * The fault matrix (decision 047, docs/architecture.md 'How a remote is loaded, and how it fails'):
 * every remote x {connection refused, hung, 500, 400 ms + 50 KB/s, offline then back, a chunk
 * answering 404 after a new release} x {first load, a navigation inside the app, a click on the
 * remote's main control}. One page per (remote, fault) runs the three moments in turn, so 30 tests
 * cover the 90 cells:
 *
 * 1. first load with the fault on: the header and the server's content of the remote stay;
 * 2. a click on the remote's main control: feedback within 100 ms (taken in the page: from the
 *    click to the first change of the control, a dialog, an alert or a status);
 * 3. a navigation inside the app (to Topics and Back, client-side): the header stays and the
 *    remote's slot is never blank (loading, its fallback with the reason, or the remote);
 * then the network comes back, and the control works without a reload (Try again first where the
 * slot shows it, its feedback within 100 ms too). Every test fails on an uncaught page error
 * (fixtures.ts).
 *
 * Faults are injected by routing the remote's origin (`page.route`) and by CDP's network emulation;
 * the test waits on data-mfe-status, aria-busy, roles and text, never on time.
 */
import type { CDPSession, Locator, Page, Route } from '@playwright/test';
import { expect, firstArticleUrl, firstVideo, slot, test, type SlotId } from '../fixtures';
import { E2E_PORTS } from '../ports';

type RemoteKey = 'paywall' | 'library' | 'store' | 'video' | 'visualLibrary';
type Fault = 'refused' | 'hung' | '500' | 'slow' | 'offline' | 'chunk-404';

interface Cell {
  slot: SlotId;
  path: (page: Page) => Promise<string>;
  /** What the server rendered of the remote (null: the remote renders in the browser only, the paywall's gate). */
  server: ((page: Page) => Locator) | null;
  /** The remote's main control, and what it does. */
  control: (page: Page) => Locator;
  result: (page: Page) => Locator;
  /** After the result: back to where the control can be pressed again. */
  close?: (page: Page) => Promise<void>;
}

const escape = async (page: Page) => page.keyboard.press('Escape');

async function firstProduct(page: Page): Promise<string> {
  const res = await page.request.get('/api/store/products?category=books');
  const body = (await res.json()) as { products: { productUrl: string; type: string; availabilityStatus: string }[] };
  const found = body.products.find((p) => p.type === 'ship' && p.availabilityStatus === 'AVAILABLE');
  if (!found) throw new Error('no available book in the seed');
  return found.productUrl;
}

const CELLS: Record<RemoteKey, Cell> = {
  // The gate is rendered by the browser only: its 'main control' is the fallback's Try again, and
  // the result the gate itself.
  paywall: {
    slot: 'paywall/ArticleGate',
    path: firstArticleUrl,
    server: (page) => page.locator('#main').getByRole('heading', { level: 1 }),
    control: (page) => slot(page, 'paywall/ArticleGate').getByRole('button', { name: 'Try again' }),
    result: (page) => slot(page, 'paywall/ArticleGate').locator('[data-gate-state]'),
  },
  // My Library as a guest: the server's 'Keep what you read... SIGN IN or REGISTER'; SIGN IN is an
  // action the shell serves itself.
  library: {
    slot: 'library/App',
    path: async () => '/my-library',
    server: (page) => slot(page, 'library/App').getByText('To access this feature, please'),
    control: (page) => slot(page, 'library/App').getByRole('button', { name: 'SIGN IN' }),
    result: (page) => page.getByRole('dialog', { name: 'Sign In' }),
    close: escape,
  },
  store: {
    slot: 'store/App',
    path: firstProduct,
    server: (page) => slot(page, 'store/App').getByRole('heading', { level: 1 }),
    control: (page) => slot(page, 'store/App').getByRole('button', { name: 'Add to cart', exact: true }),
    result: (page) => page.getByRole('dialog', { name: 'Added to cart' }),
    close: escape,
  },
  video: {
    slot: 'video/App',
    path: async (page) => {
      const v = await firstVideo(page);
      return `/video/${v.id}/${v.slug}`;
    },
    server: (page) => slot(page, 'video/App').getByRole('heading', { level: 1 }),
    control: (page) => slot(page, 'video/App').getByRole('button', { name: 'Embed' }),
    result: (page) => page.getByRole('dialog'),
    close: escape,
  },
  visualLibrary: {
    slot: 'visualLibrary/App',
    path: async () => '/visual-library',
    server: (page) => slot(page, 'visualLibrary/App').getByRole('heading', { level: 1, name: 'Visual Library' }),
    control: (page) => slot(page, 'visualLibrary/App').getByRole('tab', { name: 'Strategy' }),
    result: (page) => slot(page, 'visualLibrary/App').getByRole('tab', { name: 'Strategy', selected: true }),
  },
};

const originOf = (remote: RemoteKey) => `http://localhost:${E2E_PORTS[remote]}`;
/** A hashed chunk of a remote (not its manifest or its entry): what a new release removes. */
const CHUNK = /\/[\w-]+\.[0-9a-f]{8}\.js(\?.*)?$/;

/** Turns the fault on; returns what to do once the page is live, and how to bring the network back. */
async function inject(page: Page, cdp: CDPSession, remote: RemoteKey, fault: Fault): Promise<{ live: () => Promise<void>; back: () => Promise<void> }> {
  const origin = `${originOf(remote)}/**`;
  const held: Route[] = [];
  let on = true;
  const handler = async (route: Route) => {
    if (!on) return route.continue();
    if (fault === 'refused') return route.abort('connectionrefused');
    if (fault === '500') return route.fulfill({ status: 500, body: 'Internal Server Error' });
    if (fault === 'chunk-404') return CHUNK.test(route.request().url()) ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue();
    // hung, and offline's first moments (its requests fail once the browser is offline)
    held.push(route);
  };
  if (fault === 'slow') {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
    return {
      live: async () => undefined,
      back: async () => {
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      },
    };
  }
  await page.route(origin, handler);
  return {
    // Offline: the browser goes offline before the remote's code has come; what was on its way fails.
    live: async () => {
      if (fault !== 'offline') return;
      await page.context().setOffline(true);
      // In the tests' network namespace Chromium takes the machine for offline from the start, so it
      // announces no change: the test sends the events the browser sends on a real machine.
      await page.evaluate(() => dispatchEvent(new Event('offline')));
      on = false;
      await Promise.all(held.splice(0).map((r) => r.abort('internetdisconnected').catch(() => undefined)));
    },
    back: async () => {
      on = false;
      if (fault === 'offline') {
        await page.context().setOffline(false);
        await page.evaluate(() => dispatchEvent(new Event('online')));
      }
      // A hung server that answers at last: what it held goes through.
      await Promise.all(held.splice(0).map((r) => r.continue().catch(() => undefined)));
    },
  };
}

/** Clicks `control` and returns the milliseconds from the click to the page's first feedback, taken in the page. */
async function clickWithFeedback(page: Page, control: Locator, timeout?: number): Promise<number> {
  await control.scrollIntoViewIfNeeded({ timeout });
  const el = await control.elementHandle({ timeout });
  await page.evaluate((target) => {
    const w = window as unknown as { __feedback?: Promise<number> };
    let clickAt = 0;
    w.__feedback = new Promise<number>((resolve) => {
      const seen = (node: Node | null) => {
        const e = node instanceof Element ? node : node?.parentElement;
        return !!e && (target!.contains(e) || e.contains(target!) || !!e.closest('[role=dialog],[role=alert],[role=status],[aria-busy=true],[data-mfe-note]'));
      };
      const observer = new MutationObserver((records) => {
        if (!clickAt) return;
        if (!records.some((r) => seen(r.target) || [...r.addedNodes].some(seen))) return;
        observer.disconnect();
        resolve(performance.now() - clickAt);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      // On the window, in the capture phase: before boot.js's listener, whose change is reported between listeners.
      addEventListener('click', () => (clickAt = performance.now()), { capture: true, once: true });
    });
  }, el);
  await control.click({ timeout });
  return page.evaluate(() => (window as unknown as { __feedback: Promise<number> }).__feedback);
}

const header = (page: Page) => page.locator('header.site-header');

async function expectNotBlank(page: Page, id: SlotId | null) {
  await expect(header(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('footer.site-footer')).toBeAttached();
  await expect(page.locator('#main')).toBeVisible();
  if (!id) return;
  const box = slot(page, id);
  await expect(box).toBeAttached();
  await expect(box).toHaveAttribute('data-mfe-status', /loading|ready|failed/);
}

const REMOTES = Object.keys(CELLS) as RemoteKey[];
const FAULTS: Fault[] = ['refused', 'hung', '500', 'slow', 'offline', 'chunk-404'];

for (const remote of REMOTES) {
  for (const fault of FAULTS) {
    test(`${remote}, ${fault}: first load, a click, a navigation, then the network back`, async ({ page }) => {
      test.setTimeout(fault === 'slow' ? 90_000 : 45_000);
      const cell = CELLS[remote];
      const path = await cell.path(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const network = await inject(page, cdp, remote, fault);

      // 1. First load: the header and the server's content stay.
      await page.goto(path, { waitUntil: 'commit' });
      await expect(header(page)).toBeVisible({ timeout: 30_000 });
      // (A server too busy to render the remote within its own deadline sends the slot's fallback
      // instead, and the browser loads the remote: that is the slot's fallback, never a blank.)
      const served = cell.server ? cell.server(page).or(slot(page, cell.slot).locator('.slot-fallback')).first() : null;
      if (served) await expect(served).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 60_000 });
      await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
      await network.live();

      // 2. A click on the main control: feedback within 100 ms; a fault that cannot heal by itself says so inline.
      const control = cell.control(page);
      if (remote === 'paywall') await expect(control.or(cell.result(page))).toBeVisible({ timeout: 30_000 });
      if (await control.isVisible()) {
        const ms = await clickWithFeedback(page, control);
        test.info().annotations.push({ type: 'click-feedback-ms', description: String(Math.round(ms)) });
        expect(ms, 'feedback after a click').toBeLessThanOrEqual(100);
        if (fault === 'slow') {
          await expect(cell.result(page)).toBeVisible({ timeout: 60_000 });
          await cell.close?.(page);
        } else if (remote === 'library') {
          // The shell serves sign-in itself, whatever the library's code does. Offline, the sign-in
          // dialog's own code may not come either: the shell says so, and opens it once back online.
          if (fault === 'offline')
            await expect(
              cell
                .result(page)
                .or(page.getByRole('alert', { name: '' }).filter({ hasText: 'could not be loaded' }))
                .first(),
            ).toBeVisible();
          else {
            await expect(cell.result(page)).toBeVisible();
            await cell.close?.(page);
            await expect(cell.result(page)).toBeHidden();
          }
        } else if (fault !== 'hung' && remote !== 'paywall') {
          await expect(slot(page, cell.slot).locator('[data-mfe-note][role=alert]')).toContainText('Unavailable right now');
          await expect(control).not.toHaveAttribute('aria-busy', 'true');
        }
      }
      await expectNotBlank(page, cell.slot);
      if (served) await expect(served).toBeVisible();

      // 3. A navigation inside the app: away to Topics and Back, both client-side. Offline, the
      // pages' own data cannot come either: the page says so inside the page grid, never blank.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Topics' }).click();
      if (fault === 'offline') await expect(page).toHaveURL(/\/topics$/);
      else await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible({ timeout: 30_000 });
      await expectNotBlank(page, null);
      await page.goBack({ waitUntil: 'commit' });
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await expectNotBlank(page, fault === 'offline' && remote === 'paywall' ? null : cell.slot);
      if (fault !== 'slow' && fault !== 'hung' && !(fault === 'offline' && remote === 'paywall')) {
        await expect(slot(page, cell.slot)).toHaveAttribute('data-mfe-status', 'failed', { timeout: 15_000 });
        await expect(slot(page, cell.slot)).toHaveAttribute('data-mfe-reason', fault === 'offline' ? 'offline' : fault === '500' ? 'status' : 'unreachable');
      }

      // The network comes back: the control works, without a reload.
      await network.back();
      if (remote === 'library' && fault === 'offline') {
        await expect(cell.result(page)).toBeVisible();
        await cell.close?.(page);
        await expect(cell.result(page)).toBeHidden();
      }
      const again = slot(page, cell.slot).getByRole('button', { name: 'Try again' });
      if (remote !== 'paywall' && (await again.isVisible())) {
        const ms = await clickWithFeedback(page, again, 2_000).catch(() => 0); // it may have come back by itself meanwhile (the online event)
        expect(ms, "feedback after 'Try again'").toBeLessThanOrEqual(100);
      }
      if (remote === 'paywall') {
        if (await again.isVisible()) await again.click({ timeout: 2_000 }).catch(() => undefined);
        await expect(cell.result(page)).toBeVisible({ timeout: 30_000 });
      } else {
        await expect(slot(page, cell.slot)).toHaveAttribute('data-mfe-status', 'ready', { timeout: 30_000 });
        await cell.control(page).click();
        await expect(cell.result(page)).toBeVisible({ timeout: 30_000 });
        await cell.close?.(page);
      }
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'no reload').toBe(true);
    });
  }
}
