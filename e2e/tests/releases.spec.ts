/**
 * Independent releases (decision 017): a remote redeployed behind its stable manifest address is picked
 * up by the running site on the next page load, with the shell neither rebuilt nor restarted, and a
 * page still holding the old release recovers from a chunk that is gone.
 *
 * This spec runs its own site (not the shared webServer), because it replaces a remote's files:
 * each remote is served from a temporary copy of its build with the static host of
 * scripts/serve-static.mjs on ports 4401-4405, the API and shell in this process on 4400.
 * The store's v2 is a rebuild of a copy of mfe-store (in .cache/release-v2) whose MiniCart and
 * StoreApp roots carry data-release="v2", built with the same webpack factory. The header's cart
 * link is the shell's (decision 021): the store loads when a page shows it or the cart link is
 * pointed at.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { RemoteApp } from '../../scripts/apps.mjs';
import { settingsFromEnv } from '../../dev-server/src/config';
import { startServer, type RunningServer } from '../../dev-server/src/server';
import { cartLink, expect, expectSlot, slot, test, waitForLive } from '../fixtures';
import { buildStoreRelease, hashTree } from '../store-release';

const ROOT = path.resolve(__dirname, '../..');
const SITE_PORT = 4400;
const SITE = `http://localhost:${SITE_PORT}`;
let STORE_ORIGIN = '';
const V2_DIR = path.join(ROOT, '.cache/release-v2');
const HASHED = /\.[0-9a-f]{8,}\.(js|css)$/;

/** The file of a build's named chunk: chunk files are named by id and hash, and chunk-names.json says which is which. */
function chunkNamed(dir: string, name: string): string {
  const file = (JSON.parse(fs.readFileSync(path.join(dir, 'chunk-names.json'), 'utf8')) as Record<string, string>)[name];
  if (!file || !HASHED.test(file)) throw new Error(`no chunk named ${name} in ${dir}`);
  return file;
}

test.describe.configure({ mode: 'serial' });

let tmp: string;
let v1: string;
let v2: string;
let served: string;
let site: RunningServer;
let siteStarts = 0;
const remoteServers: Server[] = [];

function copyDir(from: string, to: string) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

/**
 * Deploys a release into the served folder the way a static host is updated: the new hashed chunks
 * first, then the manifest and remote entry replaced, then the old release's chunks removed.
 */
function deploy(release: string) {
  const files = fs.readdirSync(release);
  const copy = (f: string) => fs.cpSync(path.join(release, f), path.join(served, f), { recursive: true, force: true });
  for (const f of files.filter((f) => HASHED.test(f) || f.endsWith('.LICENSE.txt'))) copy(f);
  // Then the unhashed files: the manifest, the remote entry and the server build (server/remote.js).
  for (const f of files.filter((f) => !HASHED.test(f) && !f.endsWith('.LICENSE.txt'))) copy(f);
  for (const f of fs.readdirSync(served)) if (!files.includes(f)) fs.rmSync(path.join(served, f), { recursive: true });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const started = Date.now();
  // ES modules, loaded at run time: Playwright's transform would turn a static import into require().
  const { REMOTES } = (await import('../../scripts/apps.mjs')) as { REMOTES: RemoteApp[] };
  const { createStaticApp } = await import('../../scripts/serve-static.mjs');
  STORE_ORIGIN = `http://localhost:${SITE_PORT + 1 + REMOTES.findIndex((r) => r.name === 'store')}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  const v2Build = buildStoreRelease(V2_DIR, 'v2');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(SITE_PORT),
    DATABASE_FILE: ':memory:',
    NODE_ENV: 'test',
    RATE_LIMIT_MULTIPLIER: '20',
  };
  for (const [i, remote] of REMOTES.entries()) {
    const dist = path.join(ROOT, remote.dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${remote.dir} has no production build; run node scripts/build-all.mjs`);
    const dir = path.join(tmp, remote.dir);
    copyDir(dist, dir);
    const port = SITE_PORT + 1 + i;
    remoteServers.push(
      await new Promise<Server>((resolve, reject) => {
        const server = createStaticApp(dir, { shellOrigin: SITE }).listen(port, () => resolve(server));
        server.on('error', reject);
      }),
    );
    env[remote.env] = `http://localhost:${port}/mf-manifest.json`;
  }
  served = path.join(tmp, 'mfe-store');
  v1 = path.join(tmp, 'store-v1');
  copyDir(served, v1);
  site = await startServer(settingsFromEnv(env));
  siteStarts++;
  v2 = path.join(tmp, 'store-v2');
  copyDir(await v2Build, v2);
  test.info().annotations.push({ type: 'setup-ms', description: String(Date.now() - started) });
});

test.afterAll(async () => {
  await site?.close();
  await Promise.all(remoteServers.map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('v2 is a new release: other hashed chunks, the same manifest address', () => {
  const chunks = (dir: string) => new Set(fs.readdirSync(dir).filter((f) => HASHED.test(f)));
  const [a, b] = [chunks(v1), chunks(v2)];
  const gone = [...a].filter((f) => !b.has(f));
  for (const exposed of ['__federation_expose_App', '__federation_expose_MiniCart']) {
    expect(gone, `v1's ${exposed} chunk not in v2`).toContain(chunkNamed(v1, exposed));
    expect(chunkNamed(v2, exposed)).not.toBe(chunkNamed(v1, exposed));
  }
  expect(fs.readFileSync(path.join(v2, 'remoteEntry.js'), 'utf8')).not.toEqual(fs.readFileSync(path.join(v1, 'remoteEntry.js'), 'utf8'));
});

test('hashed assets are immutable; manifests, remote entries and the shell HTML are revalidated', async ({ request }) => {
  deploy(v1);
  const chunk = fs.readdirSync(served).find((f) => HASHED.test(f));
  const cache = async (url: string) => (await request.get(url, { headers: { accept: 'text/html,*/*' } })).headers()['cache-control'] ?? '';
  expect(await cache(`${STORE_ORIGIN}/${chunk}`)).toBe('public, max-age=31536000, immutable');
  expect(await cache(`${STORE_ORIGIN}/mf-manifest.json`)).toBe('no-cache');
  expect(await cache(`${STORE_ORIGIN}/remoteEntry.js`)).toBe('no-cache');
  // Pages may hold the reader's own data: revalidated, and never kept by a shared cache.
  expect(await cache(`${SITE}/`)).toBe('private, no-cache');
  expect(await cache(`${SITE}/store`)).toBe('private, no-cache');
  expect(await cache(`${SITE}/main.js`)).toBe('no-cache');
  const shellChunk = fs.readdirSync(path.join(ROOT, 'shell/dist')).find((f) => HASHED.test(f));
  expect(await cache(`${SITE}/${shellChunk}`)).toBe('public, max-age=31536000, immutable');
});

test('a redeployed remote is picked up on the next page load; the shell is neither rebuilt nor restarted', async ({ page }) => {
  deploy(v1);
  const shellBefore = hashTree(path.join(ROOT, 'shell/dist'));
  const siteBefore = site;

  await page.goto(`${SITE}/store`);
  await expectSlot(page, 'store/App', 'ready');
  await expect(slot(page, 'store/App').locator('[data-remote-root="store"]')).toBeVisible();
  await expect(page.locator('[data-release="v2"]')).toHaveCount(0);

  // The server renders the release it finds, like the browser: v1's HTML, then v2's, the shell's
  // server neither rebuilt nor restarted.
  const html = async () => (await page.request.get(`${SITE}/store`, { headers: { accept: 'text/html' } })).text();
  expect(await html()).toContain('<div data-remote-root="store"');
  expect(await html()).not.toContain('data-release="v2"');

  deploy(v2);
  expect(await html()).toContain('<div data-remote-root="store" data-release="v2"');
  await page.reload();
  await expectSlot(page, 'store/App', 'ready');
  await expect(slot(page, 'store/App').locator('[data-remote-root="store"][data-release="v2"]')).toBeVisible();

  expect(hashTree(path.join(ROOT, 'shell/dist'))).toEqual(shellBefore);
  expect(site).toBe(siteBefore);
  expect(siteStarts).toBe(1);
  expect((await page.request.get(`${SITE}/healthz`)).ok()).toBe(true);
});

test('a page holding v1 recovers from a chunk that is gone with one cache-busting retry', async ({ page }) => {
  deploy(v1);
  const manifests: string[] = [];
  const missing: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${STORE_ORIGIN}/mf-manifest.json`)) manifests.push(r.url());
  });
  // A 404 for a script reaches the page as a failed request (Chromium blocks the text/plain body).
  page.on('response', (r) => {
    if (r.url().startsWith(STORE_ORIGIN) && r.status() === 404) missing.push(r.url());
  });
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(STORE_ORIGIN)) missing.push(r.url());
  });

  await page.goto(`${SITE}/`);
  await expect(cartLink(page)).toBeVisible();
  await expect(page.locator('[data-release="v2"]')).toHaveCount(0);
  await waitForLive(page);

  // The page takes up v1: pointing at the cart link starts loading the store (decision 021), and
  // v1's entry arrives. Its StoreApp chunk is held back until the store is redeployed, so the page
  // holding v1 asks for a chunk that is gone.
  const v1App = chunkNamed(v1, '__federation_expose_App');
  let redeployed!: () => void;
  const afterDeploy = new Promise<void>((resolve) => (redeployed = resolve));
  let held = false;
  await page.route(`${STORE_ORIGIN}/${v1App}`, async (route) => {
    held = true;
    await afterDeploy;
    await route.continue();
  });
  // v1's entry must have arrived before the redeploy (it is asked for just after the chunk's
  // preload; answered after the redeploy it would be v2's, and nothing would be gone).
  const v1Entry = page.waitForResponse((r) => r.url() === `${STORE_ORIGIN}/remoteEntry.js`);
  await cartLink(page).hover();
  await expect.poll(() => held, { message: 'the page asked for the StoreApp chunk of v1' }).toBe(true);
  await v1Entry;
  deploy(v2);
  redeployed();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store' }).click();
  await expect(page).toHaveURL(`${SITE}/store`);
  await expectSlot(page, 'store/App', 'ready');
  await expect(slot(page, 'store/App').locator('[data-remote-root="store"][data-release="v2"]')).toBeVisible();

  expect(missing, 'the page asked for the StoreApp chunk of v1, which is gone').toContain(`${STORE_ORIGIN}/${v1App}`);
  expect(
    manifests.filter((u) => /[?&]v=\d+/.test(u)),
    `manifest requests: ${manifests.join(', ')}`,
  ).toHaveLength(1);
  // The header's cart link it already showed stays up.
  await expect(cartLink(page)).toBeVisible();
});
