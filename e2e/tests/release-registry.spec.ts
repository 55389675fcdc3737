/**
 * The release registry on a running site (decisions 037, 046): a team publishes immutable versions
 * of its remote with the CLI and its deploy token, canaries one for a cohort, promotes it and rolls
 * back, all on the next page load, with the shell's files byte-identical and the server never
 * restarted; a broken canary falls back in its slot and the registry takes it out by itself once
 * enough browsers fail; a published version is pinned, so its files changed afterwards are refused
 * by the browser and the render tier.
 *
 * Its own site, as releases.spec.ts: each remote served from a copy of its build on ports 4411-4415,
 * the published versions (RELEASES_DIR) on 4416, the API and shell in this process on 4410. The
 * store's v2 and v3 are rebuilds of copies of mfe-store (in .cache/release-registry), v2 with
 * data-release="v2" on its roots and its own change of the cart's request and words, v3 with data-release="v3" and a StoreApp that throws while
 * rendering.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { RemoteApp } from '../../scripts/apps.mjs';
import { settingsFromEnv } from '../../dev-server/src/config';
import { startServer, type RunningServer } from '../../dev-server/src/server';
import { cohortBucket } from '../../dev-server/src/services/releases';
import { cartLink, expect, expectSlot, slot, test } from '../fixtures';
import { buildStoreRelease, hashTree, replaceIn, type StorePatches } from '../store-release';

const ROOT = path.resolve(__dirname, '../..');
const SITE_PORT = 4410;
const SITE = `http://localhost:${SITE_PORT}`;
const RELEASES_PORT = SITE_PORT + 6;
const BUILDS = path.join(ROOT, '.cache/release-registry');
const OPERATOR = { email: 'operator@example.com', password: 'Reader#2025pass' };
const TESTER = { email: 'reader@example.com', password: 'Reader#2025pass' };

test.describe.configure({ mode: 'serial' });

/**
 * What the store team changes in v2, in its own code alone (decision 048): the request its cart
 * page reads the cart with, and the empty cart's words. Neither is in the shell's files.
 */
const V2_CART_PATH = '/api/shopping-cart?view=store-v2';
const V2_EMPTY_CART = 'Nothing in your cart yet.';
const V2_CHANGES: StorePatches = {
  'api/cart.ts': replaceIn('api/cart.ts', "api.request('GET', '/api/shopping-cart', CartSchema)", `api.request('GET', '${V2_CART_PATH}', CartSchema)`),
  'components/cart/CartParts.tsx': replaceIn('components/cart/CartParts.tsx', '{COMMERCE_MESSAGES.emptyCart}', `{${JSON.stringify(V2_EMPTY_CART)}}`),
};

type RunRelease = (argv: string[], options?: { env?: Record<string, string | undefined>; out?: (line: string) => void }) => Promise<unknown>;
let runRelease: RunRelease;
let tmp: string;
let site: RunningServer;
let siteStarts = 0;
let storeToken = '';
let libraryToken = '';
let releaseEnv: Record<string, string>;
let v2Dist = '';
let v3Dist = '';
let operatorSid = '';
const servers: Server[] = [];

/** A session of the seeded operator (the deploy tokens are theirs to issue). */
async function operatorCookie(): Promise<string> {
  const res = await fetch(`${SITE}/authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'magazine-site' },
    body: JSON.stringify({ username: OPERATOR.email, password: OPERATOR.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!res.ok || !sid) throw new Error(`the operator could not sign in: ${res.status}`);
  return sid.split(';')[0]!;
}

/** Signs a browser context in (its session cookie and hint, as the sign-in dialog would). */
async function signInContext(context: BrowserContext, who: { email: string; password: string }): Promise<void> {
  const res = await context.request.post(`${SITE}/authenticate`, {
    headers: { 'X-Requested-With': 'magazine-site' },
    data: { username: who.email, password: who.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  if (!res.ok()) throw new Error(`${who.email} could not sign in: ${res.status()}`);
}

async function issueToken(cookie: string, remote: string): Promise<string> {
  const res = await fetch(`${SITE}/api/releases/${remote}/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'magazine-site', Cookie: cookie },
    body: JSON.stringify({ label: `${remote} team (e2e)` }),
  });
  if (res.status !== 201) throw new Error(`no token for ${remote}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** `npm run release -- <args>` as the store team (its token), the printed lines returned. */
async function release(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runRelease(argv, { env: releaseEnv, out: (l) => lines.push(l) });
  return lines;
}

async function storeState(): Promise<{
  stable: { version: string } | null;
  canary: { version: string; loads: number; failures: number } | null;
  events: { action: string; actor: string; reason: string; channel: string | null; from: string | null; to: string | null }[];
  refusals: { action: string; actor: string; reason: string; count: number }[];
}> {
  const res = await fetch(`${SITE}/api/releases/store`, { headers: { Authorization: `Bearer ${storeToken}` } });
  return (await res.json()) as Awaited<ReturnType<typeof storeState>>;
}

/** The `nth` (from 0) cohort id whose bucket for the store is inside (or outside) a share of `percent`. */
function cohortId(inside: boolean, percent: number, nth = 0): string {
  for (let i = 0, found = 0; ; i++) {
    const id = `e2e-cohort-${String(i).padStart(6, '0')}`;
    if (cohortBucket(id, 'store') < percent === inside && found++ === nth) return id;
  }
}

async function browserWithCohort(context: BrowserContext, id: string): Promise<Page> {
  await context.addCookies([{ name: 'mfe_cohort', value: id, url: SITE }]);
  return context.newPage();
}

/** The store page's release marker in the browser ('v1' for none) once its slot is ready. */
async function storeRelease(page: Page): Promise<string> {
  await page.goto(`${SITE}/store`);
  await expectSlot(page, 'store/App', 'ready');
  const root = slot(page, 'store/App').locator('[data-remote-root="store"]');
  await expect(root).toBeVisible();
  return (await root.getAttribute('data-release')) ?? 'v1';
}

/**
 * The store's cart page as a guest reaches it from the store (a navigation inside the page): which
 * requests the store's code read the cart with, the empty cart's words in the browser, and those
 * in the server's HTML of /shopping-cart.
 */
async function cartPage(page: Page): Promise<{ v2Request: boolean; browser: string; html: string }> {
  await page.goto(`${SITE}/store`);
  await expectSlot(page, 'store/App', 'ready');
  const reads: string[] = [];
  const track = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/shopping-cart') reads.push(url.pathname + url.search);
  };
  page.on('request', track);
  await cartLink(page).click();
  const empty = slot(page, 'store/App').getByText(/^(Your cart is empty\.|Nothing in your cart yet\.)$/);
  await expect(empty).toBeVisible();
  const html = await (await page.request.get(`${SITE}/shopping-cart`, { headers: { accept: 'text/html' } })).text();
  const words = [V2_EMPTY_CART, 'Your cart is empty.'].filter((w) => html.includes(`<p>${w}</p>`));
  // The empty cart may show before the page's own read of the cart has gone out: wait for it.
  const wanted = (await empty.innerText()) === V2_EMPTY_CART;
  await expect.poll(() => reads.includes(V2_CART_PATH) || !wanted, { timeout: 5_000 }).toBe(true);
  page.off('request', track);
  return { v2Request: reads.includes(V2_CART_PATH), browser: await empty.innerText(), html: words.join(' and ') || 'neither' };
}

/** The release the server rendered into the store page's HTML for this browser's cookies. */
async function storeHtmlRelease(page: Page): Promise<string> {
  const html = await (await page.request.get(`${SITE}/store`, { headers: { accept: 'text/html' } })).text();
  return /<div data-remote-root="store" data-release="(v\d)"/.exec(html)?.[1] ?? (html.includes('<div data-remote-root="store"') ? 'v1' : 'none');
}

test.beforeAll(async () => {
  test.setTimeout(420_000);
  const { REMOTES } = (await import('../../scripts/apps.mjs')) as { REMOTES: RemoteApp[] };
  const { createStaticApp } = await import('../../scripts/serve-static.mjs');
  ({ runRelease } = (await import('../../scripts/release.mjs')) as { runRelease: RunRelease });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-registry-'));
  // One build after the other: the machine has two cores, and the site starts meanwhile.
  const builds = buildStoreRelease(path.join(BUILDS, 'v2'), 'v2', V2_CHANGES).then(async (v2): Promise<[string, string]> => [
    v2,
    await buildStoreRelease(path.join(BUILDS, 'v3'), 'v3', {
      'StoreApp.tsx': replaceIn(
        'StoreApp.tsx',
        'export default function StoreApp() {',
        "export default function StoreApp() {\n  if (Date.now() > 0) throw new Error('store v3 is broken');",
      ),
    }),
  ]);
  const serve = (dir: string, port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createStaticApp(dir, { shellOrigin: SITE }).listen(port, () => resolve(server));
      server.on('error', reject);
    });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(SITE_PORT),
    DATABASE_FILE: ':memory:',
    NODE_ENV: 'test',
    RATE_LIMIT_MULTIPLIER: '20',
    RELEASE_CANARY_MIN_LOADS: '3',
    RELEASE_CANARY_MAX_FAILURE_RATE: '0.5',
    // The operator's releases host: versions are published from there only (decision 046).
    RELEASE_BASE_URL: `http://localhost:${RELEASES_PORT}`,
  };
  for (const [i, remote] of REMOTES.entries()) {
    const dist = path.join(ROOT, remote.dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${remote.dir} has no production build; run node scripts/build-all.mjs`);
    const dir = path.join(tmp, remote.dir);
    fs.cpSync(dist, dir, { recursive: true });
    servers.push(await serve(dir, SITE_PORT + 1 + i));
    env[remote.env] = `http://localhost:${SITE_PORT + 1 + i}/mf-manifest.json`;
  }
  const releasesDir = path.join(tmp, 'releases');
  fs.mkdirSync(releasesDir);
  servers.push(await serve(releasesDir, RELEASES_PORT));
  site = await startServer(settingsFromEnv(env));
  siteStarts++;
  const cookie = await operatorCookie();
  operatorSid = cookie;
  storeToken = await issueToken(cookie, 'store');
  libraryToken = await issueToken(cookie, 'library');
  // The reader is a release tester: their canary opt-in counts when signed in (decision 046).
  const listed = await fetch(`${SITE}/api/releases/testers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'magazine-site', Cookie: cookie },
    body: JSON.stringify({ email: TESTER.email }),
  });
  if (!listed.ok) throw new Error(`the tester could not be listed: ${listed.status}`);
  releaseEnv = { RELEASE_API: SITE, RELEASE_TOKEN: storeToken, RELEASES_DIR: releasesDir, RELEASE_BASE_URL: `http://localhost:${RELEASES_PORT}` };
  [v2Dist, v3Dist] = await builds;
});

test.afterAll(async () => {
  await site?.close();
  await Promise.all(servers.map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('a token for one remote cannot release another; a build that fails the pre-release check is refused with the reason', async () => {
  test.setTimeout(120_000);
  await expect(runRelease(['store', 'status'], { env: { ...releaseEnv, RELEASE_TOKEN: libraryToken } })).rejects.toThrow(
    'Refused (403): This deploy token releases library only.',
  );
  // v2's build with a React the shell does not provide: the check refuses it, nothing is copied.
  const bad = path.join(BUILDS, 'bad', 'mfe-store', 'dist');
  fs.rmSync(path.dirname(bad), { recursive: true, force: true });
  fs.cpSync(path.dirname(v2Dist), path.dirname(bad), { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(bad, 'mf-manifest.json'), 'utf8')) as { shared: { name: string; version: string }[] };
  for (const s of manifest.shared) if (s.name === 'react') s.version = '18.3.1';
  fs.writeFileSync(path.join(bad, 'mf-manifest.json'), JSON.stringify(manifest));
  await expect(release('store', 'publish', '--dist', bad)).rejects.toThrow(
    /Refused \(422\): The pre-release check failed: store: shared MISMATCH: react: the remote has 18\.3\.1/,
  );
  expect(fs.existsSync(path.join(releaseEnv.RELEASES_DIR!, 'store'))).toBe(false);
  const refusals = (await storeState()).refusals;
  expect(refusals.find((e) => e.action === 'publish')).toMatchObject({ reason: expect.stringMatching(/^The pre-release check failed/) });
  expect(refusals.find((e) => e.action === 'read')).toMatchObject({
    actor: expect.stringMatching(/^token:.*library team/),
    reason: 'This deploy token releases library only.',
  });
});

test('v2 as a canary for a cohort, promoted to stable with its own cart request and words, rolled back: every step on the next page load, the shell untouched and never restarted', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const shellBefore = hashTree(path.join(ROOT, 'shell/dist'));
  const siteBefore = site;
  const published = await release('store', 'publish', '--dist', v2Dist);
  const v2 = /^published store (\S+) at /.exec(published.find((l) => l.startsWith('published ')) ?? '')?.[1];
  expect(v2).toMatch(/^\d{4}\.\d{2}\.\d{2}-[0-9a-f]{7}$/);
  expect(fs.existsSync(path.join(releaseEnv.RELEASES_DIR!, 'store', v2!, 'mf-manifest.json'))).toBe(true);

  await release('store', 'promote', v2!, '--channel', 'canary', '--percent', '30');
  // The fixture's page is the one in the cohort: it fails on any page error or CSP violation (v2 comes from another origin).
  const outside = await browser.newContext();
  const tester = await browser.newContext();
  const fresh = await browser.newContext();
  try {
    await page.context().addCookies([{ name: 'mfe_cohort', value: cohortId(true, 30), url: SITE }]);
    const a = page;
    const b = await browserWithCohort(outside, cohortId(false, 30));
    // A listed tester who opted in: signed in, their cookie counts; a guest's same cookie does not.
    await tester.addCookies([{ name: 'mfe_canary', value: 'store', url: SITE }]);
    await outside.addCookies([{ name: 'mfe_canary', value: 'store', url: SITE }]);
    await signInContext(tester, TESTER);
    const c = await tester.newPage();
    expect(await storeRelease(a)).toBe('v2');
    expect(await storeHtmlRelease(a)).toBe('v2');
    expect(await storeRelease(b)).toBe('v1');
    expect(await storeHtmlRelease(b)).toBe('v1');
    const V1_CART = { v2Request: false, browser: 'Your cart is empty.', html: 'Your cart is empty.' };
    expect(await cartPage(b)).toEqual(V1_CART);
    // Anyone's opt-in header is ignored by the page's render too (the probe's way to a canary's code on the server).
    const anonymous = await b.request.get(`${SITE}/store`, { headers: { accept: 'text/html', 'x-mfe-canary': 'store' } });
    expect(await anonymous.text()).not.toContain('data-release="v2"');
    // A tester who opted in, whatever their bucket.
    expect(await storeRelease(c)).toBe('v2');
    // A new browser is given its sticky cohort with its first page, and keeps its version.
    const d = await fresh.newPage();
    const first = await storeRelease(d);
    const cohort = (await fresh.cookies(SITE)).find((k) => k.name === 'mfe_cohort');
    expect(cohort?.httpOnly).toBe(true);
    expect(first).toBe(cohortBucket(cohort!.value, 'store') < 30 ? 'v2' : 'v1');
    expect(await storeRelease(d)).toBe(first);

    await release('store', 'promote', v2!, '--reason', 'canary clean');
    for (const p of [a, b, c, d]) expect(await storeRelease(p)).toBe('v2');
    expect(await storeHtmlRelease(b)).toBe('v2');
    // The store team's own request and words, with the shell's files unchanged (checked below).
    expect(await cartPage(b)).toEqual({ v2Request: true, browser: V2_EMPTY_CART, html: V2_EMPTY_CART });

    const rolled = await release('store', 'rollback', '--reason', 'e2e: back to v1');
    expect(rolled[0]).toMatch(/^store rolled back: stable is env-[0-9a-f]{8}$/);
    for (const p of [a, b, c, d]) expect(await storeRelease(p)).toBe('v1');
    expect(await storeHtmlRelease(a)).toBe('v1');
    expect(await cartPage(b)).toEqual(V1_CART);
  } finally {
    await Promise.all([outside.close(), tester.close(), fresh.close()]);
  }

  const events = (await storeState()).events.filter((e) => !['read', 'token-issue'].includes(e.action));
  expect(events.slice(0, 4).map((e) => e.action)).toEqual(['rollback', 'canary-remove', 'promote', 'promote']);
  expect(hashTree(path.join(ROOT, 'shell/dist'))).toEqual(shellBefore);
  expect(site).toBe(siteBefore);
  expect(siteStarts).toBe(1);
  expect((await fetch(`${SITE}/healthz`)).ok).toBe(true);
});

test('a broken v3 as a canary falls back in its slot, and the registry takes it out by its failure rate', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const published = await release('store', 'publish', '--dist', v3Dist);
  const v3 = /^published store (\S+) at /.exec(published.find((l) => l.startsWith('published ')) ?? '')?.[1];
  await release('store', 'promote', v3!, '--channel', 'canary', '--percent', '50');
  // Five browsers of the cohort, one page load each: each takes v3 up (a load) and fails in the
  // store's slot (a failure). The registry needs failures from five distinct browsers (decision 046).
  const contexts = await Promise.all(Array.from({ length: 5 }, () => browser.newContext()));
  try {
    const pageErrors: string[] = [];
    for (const [i, context] of contexts.entries()) {
      const cohortPage = await browserWithCohort(context, cohortId(true, 50, i));
      cohortPage.on('pageerror', (e) => pageErrors.push(e.message));
      await cohortPage.goto(`${SITE}/store`, { waitUntil: 'commit' });
      const ms = await cohortPage.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const failed = () => document.querySelector('[data-mfe-slot="store/App"]')?.getAttribute('data-mfe-status') === 'failed';
            if (failed()) return resolve(performance.now());
            const observer = new MutationObserver(() => {
              if (!failed()) return;
              observer.disconnect();
              resolve(performance.now());
            });
            observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-mfe-status'] });
            setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000);
          }),
      );
      // A thrown render fails at once (decision 047: no clock): the time is reported, not asserted.
      test.info().annotations.push({ type: 'fallback-ms', description: String(Math.round(ms)) });
      expect(ms).toBeLessThan(Number.POSITIVE_INFINITY);
      await expect(slot(cohortPage, 'store/App').getByRole('status')).toContainText('unavailable right now');
      if (i < 4) {
        await expect.poll(async () => (await storeState()).canary, { message: `browser ${i + 1} counted` }).toMatchObject({ loads: i + 1, failures: i + 1 });
      }
    }
    await expect.poll(async () => (await storeState()).canary, { message: 'the registry took v3 out' }).toBeNull();
    const auto = (await storeState()).events.find((e) => e.action === 'auto-rollback');
    expect(auto).toMatchObject({ actor: 'registry', from: v3 });
    // The last page's load and failure reports race: 4 or 5 loads, either above the threshold.
    expect(auto!.reason).toMatch(/^failure rate (100|80)% \(\d failures in [45] loads, from 5 browsers\) is above 50% after at least 3 loads$/);

    // The next page load in the cohort gets the stable version.
    expect(await storeRelease(await contexts[0]!.newPage())).toBe('v1');
    // A remote that throws is caught by its slot. The only errors that reach the page are React's
    // report that the server could not finish the slot's Suspense boundary and the browser rendered
    // it instead (React error 419, its default onRecoverableError), one per broken page: nothing else.
    expect(pageErrors.length).toBe(5);
    for (const message of pageErrors) expect(message).toMatch(/^Minified React error #419;/);
    // The team cannot bring the version the registry took out back by itself.
    await expect(release('store', 'promote', v3!, '--channel', 'canary', '--percent', '50')).rejects.toThrow(
      `Refused (403): The registry took store ${v3} out after readers' failures: only an operator may promote it again.`,
    );
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
  // A reader outside the cohort never saw v3 (the fixture's page: no page error, no CSP violation).
  const outside = await browserWithCohort(page.context(), cohortId(false, 50));
  expect(await storeRelease(outside)).toBe('v1');
});

test('an operator sees the registry on /operations and rolls back with its button; a reader gets not-found, a guest a sign-in prompt', async ({
  page,
  browser,
}) => {
  // Stable is v2 again, so there is something to roll back to.
  const v2 = (await storeState()).events.find((e) => e.action === 'promote' && e.channel === 'stable')?.to;
  expect(v2).toBeTruthy();
  await release('store', 'promote', v2!, '--reason', 'again, for the operations page');

  // Signed in as the browser would be: the session cookie and its hint.
  const signIn = await page.request.post(`${SITE}/authenticate`, {
    headers: { 'X-Requested-With': 'magazine-site' },
    data: { username: OPERATOR.email, password: OPERATOR.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  expect(signIn.ok()).toBe(true);
  await page.goto(`${SITE}/operations`);
  const store = page.getByRole('region', { name: 'store' });
  await expect(store.locator('[data-release-stable]')).toHaveAttribute('data-release-stable', v2!);
  await expect(store.getByText(/auto-rollback canary .* by registry/)).toBeVisible();
  await store.getByRole('button', { name: /^Roll back to env-[0-9a-f]{8}$/ }).click();
  await expect(page.locator('[data-release-message]')).toHaveText(/^store: rolled back to env-[0-9a-f]{8}$/);
  await expect(store.locator('[data-release-stable]')).toHaveAttribute('data-release-stable', /^env-[0-9a-f]{8}$/);
  expect((await storeState()).events[0]).toMatchObject({ action: 'rollback', actor: 'operator:operator@example.com', from: v2 });

  const others = await browser.newContext();
  try {
    const guest = await others.newPage();
    await guest.goto(`${SITE}/operations`);
    await expect(guest.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    await expect(guest.locator('main').getByRole('button', { name: 'SIGN IN' })).toBeVisible();
    const readerSignIn = await others.request.post(`${SITE}/authenticate`, {
      headers: { 'X-Requested-With': 'magazine-site' },
      data: { username: 'reader@example.com', password: OPERATOR.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
    });
    expect(readerSignIn.ok()).toBe(true);
    const reader = await others.newPage();
    const answer = await reader.goto(`${SITE}/operations`);
    expect(answer?.status()).toBe(404);
    await expect(reader.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  } finally {
    await others.close();
  }
});

test("a published version is pinned: its files changed on the host afterwards are refused by the browser and by the server's render", async ({ browser }) => {
  test.setTimeout(120_000);
  // Another build of v2 (a file more, so another content hash and version name), published and pinned.
  const copy = path.join(BUILDS, 'pinned', 'mfe-store', 'dist');
  fs.rmSync(path.dirname(path.dirname(copy)), { recursive: true, force: true });
  fs.cpSync(path.dirname(v2Dist), path.dirname(copy), { recursive: true });
  fs.writeFileSync(path.join(copy, 'release-notes.txt'), 'v2, again\n');
  const published = await release('store', 'publish', '--dist', copy);
  const pinned = /^published store (\S+) at /.exec(published.find((l) => l.startsWith('published ')) ?? '')?.[1];
  expect(pinned).toBeTruthy();
  await release('store', 'promote', pinned!, '--channel', 'canary', '--percent', '0');
  const context = await browser.newContext();
  try {
    // An operator who opted in sees the version as published: rendered by the server, live in the browser.
    await signInContext(context, OPERATOR);
    await context.addCookies([{ name: 'mfe_canary', value: 'store', url: SITE }]);
    const page = await context.newPage();
    expect(await storeRelease(page)).toBe('v2');

    // Someone with write access to the releases host changes the published entry (its compressed twins go, so the changed file is what is served).
    const folder = path.join(releaseEnv.RELEASES_DIR!, 'store', pinned!);
    for (const twin of ['remoteEntry.js.br', 'remoteEntry.js.gz']) fs.rmSync(path.join(folder, twin), { force: true });
    fs.appendFileSync(path.join(folder, 'remoteEntry.js'), '\n;globalThis.__tampered = true;\n');
    const failed = await context.newPage();
    await failed.goto(`${SITE}/store`);
    await expectSlot(failed, 'store/App', 'failed');
    expect(await failed.evaluate(() => (globalThis as { __tampered?: boolean }).__tampered)).toBeUndefined();

    // And its server build: the render tier evaluates nothing whose digest differs.
    fs.appendFileSync(path.join(folder, 'server', 'remote.js'), '\n;globalThis.__tampered = true;\n');
    expect(await storeHtmlRelease(failed)).not.toBe('v2');
  } finally {
    await context.close();
    await fetch(`${SITE}/api/releases/store/canary`, { method: 'DELETE', headers: { 'X-Requested-With': 'magazine-site', Cookie: operatorSid } });
  }
});
