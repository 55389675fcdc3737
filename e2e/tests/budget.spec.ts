/**
 * The byte budget (PLAT-04; docs/performance.md, decisions 018, 021 and 022): the first view of an
 * article, paywall included, loads at most 150 KB of JavaScript (gzip -9 of every script the page
 * loaded, as `npm run bench` measures it), and the federation runtime once. Bytes do not depend on
 * the machine's load, so this is the one budget a test enforces; timings are only reported.
 *
 * Met since decision 022 (the shared-contracts areas, the shell reading remotes' manifests): 149.1 KB.
 * A change that adds first-view bytes pays for them elsewhere or moves them off the first view.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { cartLink, expect, expectSlot, slot, test } from '../fixtures';

const ARTICLE = '/2025/06/the-unexpected-power-of-slowing-down';
const BUDGET_KB = 150;
const SHELL_DIST = path.resolve(__dirname, '../../shell/dist');
/** A string only @module-federation/runtime-core's code holds (a hook name): one script on the page has it. */
const RUNTIME_CORE_MARK = 'beforeRegisterRemote';

test(`an article's first view loads at most ${BUDGET_KB} KB of JavaScript (gzip) and one federation runtime`, async ({ page }) => {
  const scripts: Promise<{ url: string; gzip: number; runtime: boolean }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(
      res.body().then((body) => ({
        url: res.url(),
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        runtime: body.includes(RUNTIME_CORE_MARK),
      })),
    );
  });
  await page.goto(ARTICLE);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  // Save and Share are the server's until the reader reaches for them (an island, decision 038).
  await expect(slot(page, 'library/ItemActions')).toHaveAttribute('data-hydrate-on', 'interaction');
  // The header's cart link with its count: the shell's, from the shared cart count (decision 021).
  await expect(cartLink(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  const kb = loaded.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  const listing = loaded.map((s) => `${(s.gzip / 1024).toFixed(1).padStart(6)} KB ${new URL(s.url).port}${new URL(s.url).pathname}`).join('\n');
  expect(kb, `first-view JavaScript, gzip -9 (KB), ${loaded.length} scripts:\n${listing}`).toBeLessThanOrEqual(BUDGET_KB);

  // Reaching for Save brings My Library's part, on the same runtime.
  await slot(page, 'library/ItemActions').getByRole('button', { name: 'Save', exact: true }).hover();
  await expect(slot(page, 'library/ItemActions')).not.toHaveAttribute('data-hydrating');
  await expect(slot(page, 'library/ItemActions')).not.toHaveAttribute('data-hydrate-on');
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(scripts);

  // The federation runtime: in one script only, and every container on the page runs on it.
  expect(
    all.filter((s) => s.runtime).map((s) => new URL(s.url).pathname),
    'scripts carrying the federation runtime',
  ).toHaveLength(1);
  const containers = await page.evaluate(() => {
    const g = globalThis as unknown as {
      _FEDERATION_RUNTIME_CORE?: { ModuleFederation: new (...args: never[]) => unknown };
      __FEDERATION__?: { __INSTANCES__?: unknown[] };
    };
    const instances = g.__FEDERATION__?.__INSTANCES__ ?? [];
    const core = g._FEDERATION_RUNTIME_CORE;
    return { count: instances.length, onSharedRuntime: instances.filter((i) => !!core && i instanceof core.ModuleFederation).length };
  });
  expect(containers.count).toBeGreaterThanOrEqual(3); // the shell, paywall and library
  expect(containers.onSharedRuntime).toBe(containers.count);
});

test("an article's first-view scripts arrive as the build's brotli twins, from the shell and from the remotes", async ({ page }) => {
  // Precompressed at build time (decision 025): no server compresses a script while the page runs.
  // A twin is sent as a file, with its length; an answer compressed on the fly is streamed without one.
  type Sent = { url: string; encoding?: string; length?: string; size: number };
  const scripts: Promise<Sent>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(
      res.allHeaders().then(async (h) => ({ url: res.url(), encoding: h['content-encoding'], length: h['content-length'], size: (await res.body()).length })),
    );
  });
  await page.goto(ARTICLE);
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  // My Library's part comes when the reader reaches for Save (an island, decision 038).
  await slot(page, 'library/ItemActions').getByRole('button', { name: 'Save', exact: true }).hover();
  await expect(slot(page, 'library/ItemActions')).not.toHaveAttribute('data-hydrating');
  await expect(slot(page, 'library/ItemActions')).not.toHaveAttribute('data-hydrate-on');
  await page.waitForLoadState('networkidle');
  // Scripts under 1 KB have no twins (the build skips them): compressing them gains nothing.
  const loaded = (await Promise.all(scripts)).filter((s) => s.size >= 1024);
  const origins = new Set(loaded.map((s) => new URL(s.url).origin));
  expect(origins.size, 'the shell and two remotes').toBeGreaterThanOrEqual(3);
  expect(loaded.filter((s) => s.encoding !== 'br' || !s.length).map((s) => `${s.url} (${s.encoding ?? 'identity'}, length ${s.length ?? 'none'})`)).toEqual([]);
  // The shell's are byte for byte the build's .br files.
  const shell = loaded.filter((s) => new URL(s.url).origin === new URL(page.url()).origin);
  expect(shell.length).toBeGreaterThan(3);
  for (const s of shell) expect(Number(s.length), s.url).toBe(fs.statSync(path.join(SHELL_DIST, `${new URL(s.url).pathname}.br`)).size);
});
