/**
 * The render tier (decision 045) with the real renderer: a hostile server build of the store, served
 * by the static host at the store's configured location (REMOTE_STORE_URL), is evaluated by the
 * shell's built server renderer (`shell/dist-server/render.js`) when `/store` is asked for. It looks
 * for everything the API process holds (its environment and secrets, the SQLite file, the right to
 * write files, start processes, load addons, signal the API) and renders what it found into the
 * store's slot; the test reads the page's HTML. No browser: the page's HTML is what is checked.
 *
 * Its own site in this process, as release-registry.spec.ts: the API and shell on 4420 with a
 * SQLite file in a temporary folder, the hostile store on 4423 (the other remotes are not served:
 * /store renders only the store's slot).
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { settingsFromEnv } from '../../dev-server/src/config';
import { startServer, type RunningServer } from '../../dev-server/src/server';

const ROOT = path.resolve(__dirname, '../..');
const SITE_PORT = 4420;
const SITE = `http://localhost:${SITE_PORT}`;
const STORE_PORT = SITE_PORT + 3;
const SECRET = 'e2e-digest-secret-the-render-tier-must-never-see';
const READER = { email: 'reader@example.com', password: 'Reader#2025pass' };

test.describe.configure({ mode: 'serial' });

let tmp: string;
let databaseFile: string;
let written: string;
let site: RunningServer;
let store: Server;

/** The store's server build as an attacker would publish it: each probe's outcome is 'ok: ...' or 'refused: <code>'. */
function hostileBuild(): string {
  return `
const React = require('react');
const { api } = require('shared-contracts');
const findings = {};
const builtin = process.getBuiltinModule;
const fs = builtin('node:fs');
const attempt = (name, f) => {
  try {
    findings[name] = 'ok: ' + String(f()).slice(0, 2000);
  } catch (error) {
    findings[name] = 'refused: ' + (error.code || error.message);
  }
};
attempt('env', () => JSON.stringify(process.env));
attempt('own environ', () => fs.readFileSync('/proc/self/environ', 'latin1'));
attempt('parent environ', () => fs.readFileSync('/proc/' + process.ppid + '/environ', 'latin1'));
attempt('database file', () => fs.readFileSync(${JSON.stringify(databaseFile)}).subarray(0, 15).toString('latin1'));
attempt('write', () => fs.writeFileSync(${JSON.stringify(written)}, 'written by the store'));
attempt('process', () => builtin('node:child_process').execFileSync('/bin/sh', ['-c', 'id -u']).toString());
attempt('thread', () => new (builtin('node:worker_threads').Worker)('0', { eval: true }).terminate());
attempt('addon', () => process.dlopen({ exports: {} }, '/nonexistent/addon.node'));
attempt('signal the API', () => process.kill(process.ppid, 0));
findings.pid = process.pid;
findings.uid = process.getuid();
// The render's own requests, through the page's API client: a write is refused, a read is the reader's.
const asked = Promise.all([
  api.request('POST', '/service/user/profile', { parse: (v) => v }, { displayName: 'pwned' }).then(() => 'answered', (e) => 'refused: ' + e.message),
  api.profile().then((answer) => 'profile: ' + JSON.stringify(answer).slice(0, 300), (e) => 'refused: ' + e.message),
]).then(([write, read]) => { findings['write through the API'] = write; findings['read through the API'] = read; });
exports.App = function App() {
  React.use(asked);
  return React.createElement('main', null, React.createElement('h1', null, 'Store'), React.createElement('pre', { id: 'findings' }, JSON.stringify(findings)));
};
`;
}

function findingsOf(html: string): Record<string, string | number> {
  const match = /<pre id="findings">([\s\S]*?)<\/pre>/.exec(html);
  if (!match) throw new Error(`the page holds no findings: ${html.slice(0, 400)}`);
  const text = match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(text) as Record<string, string | number>;
}

test.beforeAll(async () => {
  const renderer = path.join(ROOT, 'shell/dist-server/render.js');
  const storeManifest = path.join(ROOT, 'mfe-store/dist/mf-manifest.json');
  if (!fs.existsSync(renderer) || !fs.existsSync(storeManifest)) throw new Error('no production build; run node scripts/build-all.mjs');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'render-tier-'));
  databaseFile = path.join(tmp, 'site.db');
  written = path.join(os.tmpdir(), `render-tier-written-${process.pid}`);
  const storeDir = path.join(tmp, 'mfe-store');
  fs.mkdirSync(path.join(storeDir, 'server'), { recursive: true });
  fs.copyFileSync(storeManifest, path.join(storeDir, 'mf-manifest.json'));
  fs.writeFileSync(path.join(storeDir, 'server', 'remote.js'), hostileBuild());
  // ES module, loaded at run time: Playwright's transform would turn a static import into require().
  const { createStaticApp } = await import('../../scripts/serve-static.mjs');
  store = await new Promise<Server>((resolve, reject) => {
    const server = createStaticApp(storeDir, { shellOrigin: SITE }).listen(STORE_PORT, () => resolve(server));
    server.on('error', reject);
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(SITE_PORT),
    DATABASE_FILE: databaseFile,
    NODE_ENV: 'test',
    DIGEST_SECRET: SECRET,
    RATE_LIMIT_MULTIPLIER: '20',
    LOG_LEVEL: 'silent',
    REMOTE_STORE_URL: `http://localhost:${STORE_PORT}/mf-manifest.json`,
  };
  // The other remotes are nowhere: /store does not show them.
  for (const [name, port] of [
    ['REMOTE_PAYWALL_URL', 1],
    ['REMOTE_LIBRARY_URL', 2],
    ['REMOTE_VIDEO_URL', 4],
    ['REMOTE_VISUAL_LIBRARY_URL', 5],
  ] as const) {
    env[name] = `http://localhost:${SITE_PORT + port}/mf-manifest.json`;
  }
  site = await startServer(settingsFromEnv(env));
});

test.afterAll(async () => {
  await site?.close();
  await new Promise<void>((resolve) => (store ? (store.closeAllConnections(), store.close(() => resolve())) : resolve()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (written) fs.rmSync(written, { force: true });
});

test("a hostile store build, rendered by the real renderer, finds none of the API's secrets or powers; the page renders and the API stays whole", async () => {
  const signIn = await fetch(`${SITE}/authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'magazine-site' },
    body: JSON.stringify({ username: READER.email, password: READER.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' }),
  });
  const sid = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
  expect(sid, 'the reader signed in').toBeTruthy();

  const res = await fetch(`${SITE}/store`, { headers: { accept: 'text/html', cookie: sid! } });
  expect(res.status).toBe(200);
  const html = await res.text();
  // The page rendered: the shell's header, and the store's slot with what its build rendered.
  expect(html).toContain('class="site-header"');
  expect(html).toMatch(/data-mfe-slot="store\/App" data-mfe-status="ready"/);
  const findings = findingsOf(html);

  expect(findings.pid).not.toBe(process.pid);
  if (process.getuid?.() === 0) {
    expect(findings.uid).toBe(65534);
    expect(findings['signal the API']).toBe('refused: EPERM');
  }
  const env = JSON.parse(String(findings.env).replace(/^ok: /, '')) as Record<string, string>;
  expect(Object.keys(env).filter((name) => !['NODE_ENV', 'TZ', 'LANG', 'LC_ALL'].includes(name))).toEqual([]);
  expect(findings).toMatchObject({
    'own environ': 'refused: ERR_ACCESS_DENIED',
    'parent environ': 'refused: ERR_ACCESS_DENIED',
    'database file': 'refused: ERR_ACCESS_DENIED',
    write: 'refused: ERR_ACCESS_DENIED',
    process: 'refused: ERR_ACCESS_DENIED',
    thread: 'refused: ERR_ACCESS_DENIED',
    addon: 'refused: ERR_DLOPEN_DISABLED',
  });
  expect(fs.existsSync(written)).toBe(false);
  // Through the API it reads the reader's page data as the reader, and writes nothing.
  expect(findings['write through the API']).toMatch(/^refused: a page render may only read this site's API/);
  expect(findings['read through the API']).toMatch(/^profile: .*reader@example\.com/);
  const everything = JSON.stringify(findings);
  expect(everything).not.toContain(sid!.slice('sid='.length));
  expect(everything).not.toContain(SECRET);
  expect(everything).not.toMatch(/x-render-key/i);

  // The API is whole: it answers, its database is intact and the reader's profile unchanged.
  expect((await fetch(`${SITE}/healthz`)).status).toBe(200);
  expect((await fetch(`${SITE}/api/topics`)).status).toBe(200);
  expect(fs.readFileSync(databaseFile).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  const profile = (await (await fetch(`${SITE}/service/user/profile`, { headers: { cookie: sid! } })).json()) as { displayName?: string };
  expect(profile.displayName).not.toBe('pwned');
});
