/**
 * The real captcha, end to end: a site started with CAPTCHA_SECRET and a site key loads
 * the provider's script (its origin allowed by the Content-Security-Policy in that mode only), the
 * account forms get a token per action from it, and the server checks each token at the provider's
 * verify endpoint before it looks at any password.
 *
 * This spec runs its own site (not the shared webServer, which keeps the offline captcha): the API
 * and shell in this process, each remote from a temporary copy of its build (as releases.spec.ts
 * does), and two stand-ins of the provider started here. Every one listens on a port the system
 * picks: with --repeat-each the repeats of this file may run at once in two workers.
 * - the script (`/api.js`), which defines `grecaptcha` as reCAPTCHA v3 does; `execute` refuses
 *   a site key other than the one it was loaded with and answers `tok.{action}.{load}.{random}`,
 *   `load` naming the copy of the script served (so that the provider knows its own tokens);
 * - the verify endpoint (`/siteverify`), which reads the form-encoded `secret` and `response`
 *   as Google's siteverify does, passes each token its script minted once (a replay is
 *   'timeout-or-duplicate', any other token 'invalid-input-response') and answers
 *   `{ success, action, score, hostname }`; `verify.mode` makes it answer a bot's low score or
 *   `success: false`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RemoteApp } from '../../scripts/apps.mjs';
import { settingsFromEnv } from '../../dev-server/src/config';
import { startServer, type RunningServer } from '../../dev-server/src/server';
import { expect, test } from '../fixtures';
import { DEMO_READER, uniqueEmail } from '../session';

const ROOT = path.resolve(__dirname, '../..');
/** The site's and the script stand-in's origins, once listening. */
let SITE = '';
let SCRIPT_ORIGIN = '';
const SECRET = 'e2e-captcha-secret';
const SITE_KEY = 'e2e-site-key_42';
const CSRF = { 'X-Requested-With': 'magazine-site' };
const REQUIRED = 'reCAPTCHA is required.';

test.describe.configure({ mode: 'serial' });

/** The provider's browser script: `grecaptcha` as reCAPTCHA v3 defines it, for the key it was loaded with. */
const standInScript = (load: string) => `(function () {
  var load = '${load}';
  var key = new URL(document.currentScript.src).searchParams.get('render');
  window.grecaptcha = {
    ready: function (callback) { setTimeout(callback, 0); },
    execute: function (siteKey, options) {
      if (siteKey !== key) return Promise.reject(new Error('Invalid site key or not loaded in api.js: ' + siteKey));
      var random = Array.from(crypto.getRandomValues(new Uint8Array(12)), function (b) { return b.toString(16).padStart(2, '0'); }).join('');
      return Promise.resolve('tok.' + options.action + '.' + load + '.' + random);
    },
  };
})();
`;

type VerifyMode = 'pass' | 'low-score' | 'invalid';
interface VerifyCall {
  secret: string | null;
  response: string | null;
  contentType: string | undefined;
  answer: Record<string, unknown>;
}

/** The verify stand-in's state: what it was asked, how it answers, the tokens it has passed. */
const verify = { mode: 'pass' as VerifyMode, calls: [] as VerifyCall[], used: new Set<string>() };
const scriptRequests: string[] = [];
/** The copies of the script served: a token names the one that minted it. */
const loads = new Set<string>();

/** Google's siteverify, as far as the site uses it. */
function siteVerifyAnswer(secret: string | null, token: string | null): Record<string, unknown> {
  if (secret !== SECRET) return { success: false, 'error-codes': ['invalid-input-secret'] };
  const minted = token ? /^tok\.([A-Za-z0-9_]+)\.([0-9a-f]{16})\.[0-9a-f]{24}$/.exec(token) : null;
  if (!token || !minted || !loads.has(minted[2] ?? '') || verify.mode === 'invalid') return { success: false, 'error-codes': ['invalid-input-response'] };
  if (verify.used.has(token)) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
  verify.used.add(token);
  return {
    success: true,
    action: minted[1],
    score: verify.mode === 'low-score' ? 0.1 : 0.9,
    hostname: 'localhost',
    challenge_ts: new Date().toISOString(),
  };
}

/** Listens on a port the system picks; returns the server's origin. */
function listen(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, () => {
      servers.push(server);
      resolve(`http://localhost:${(server.address() as AddressInfo).port}`);
    });
  });
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

let tmp = '';
let site: RunningServer | undefined;
const servers: http.Server[] = [];

/** The calls the verify endpoint got since `from`, as the action each token names and what it answered. */
function verifiedSince(from: number) {
  return verify.calls.slice(from).map((c) => ({ secret: c.secret, action: c.response?.split('.')[1], success: c.answer.success, score: c.answer.score }));
}

/** A Content-Security-Policy header as its directives. */
function directives(csp: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  // ES modules, loaded at run time: Playwright's transform would turn a static import into require().
  const { REMOTES } = (await import('../../scripts/apps.mjs')) as { REMOTES: RemoteApp[] };
  const { createStaticApp } = await import('../../scripts/serve-static.mjs');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-'));
  Object.assign(verify, { mode: 'pass', calls: [], used: new Set() });
  scriptRequests.length = 0;
  loads.clear();

  const script = http.createServer((req, res) => {
    scriptRequests.push(req.url ?? '');
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/api.js') return void res.writeHead(404).end();
    const load = crypto.randomBytes(8).toString('hex');
    loads.add(load);
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(standInScript(load));
  });
  const verifier = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/siteverify') return void res.writeHead(404).end();
      const form = new URLSearchParams(body);
      const answer = siteVerifyAnswer(form.get('secret'), form.get('response'));
      verify.calls.push({ secret: form.get('secret'), response: form.get('response'), contentType: req.headers['content-type'], answer });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  SCRIPT_ORIGIN = await listen(script);
  const verifyOrigin = await listen(verifier);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DATABASE_FILE: ':memory:',
    NODE_ENV: 'test',
    RATE_LIMIT_MULTIPLIER: '20',
    CAPTCHA_SECRET: SECRET,
    CAPTCHA_SITE_KEY: SITE_KEY,
    CAPTCHA_SCRIPT_URL: `${SCRIPT_ORIGIN}/api.js`,
    CAPTCHA_VERIFY_URL: `${verifyOrigin}/siteverify`,
  };
  // The remotes listen first (the site is started with their addresses) and serve once the site's
  // origin, which their CORS answers name, is known.
  const remotes: { server: http.Server; dir: string }[] = [];
  for (const remote of REMOTES) {
    const dist = path.join(ROOT, remote.dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${remote.dir} has no production build; run node scripts/build-all.mjs`);
    const dir = path.join(tmp, remote.dir);
    fs.cpSync(dist, dir, { recursive: true });
    const server = http.createServer();
    env[remote.env] = `${await listen(server)}/mf-manifest.json`;
    remotes.push({ server, dir });
  }
  site = await startServer(settingsFromEnv(env));
  SITE = `http://localhost:${site.port}`;
  for (const { server, dir } of remotes) server.on('request', createStaticApp(dir, { shellOrigin: SITE }));
});

test.afterAll(async () => {
  await site?.close();
  await Promise.all(servers.map(close));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("the provider's script origin is in the CSP in this mode only, and the script is loaded with the site key", async ({ page, request }) => {
  const csp = directives((await request.get(`${SITE}/`, { headers: { accept: 'text/html' } })).headers()['content-security-policy']);
  expect(csp['script-src']).toContain(SCRIPT_ORIGIN);
  expect(csp['frame-src']).toContain(SCRIPT_ORIGIN);
  // The shared e2e site (offline captcha) names no captcha origin.
  const plain = directives((await request.get('/', { headers: { accept: 'text/html' } })).headers()['content-security-policy']);
  expect(plain['script-src']).toBeDefined();
  expect(plain['script-src']).not.toContain(SCRIPT_ORIGIN);
  expect(plain['script-src']).toHaveLength((csp['script-src'] ?? []).length - 1);
  expect(plain['frame-src']).toEqual(csp['frame-src']?.filter((source) => source !== SCRIPT_ORIGIN));
  expect(await (await request.get('/api/recaptcha/enabled')).json()).toMatchObject({ provider: 'local' });
  expect(await (await request.get(`${SITE}/api/recaptcha/enabled`)).json()).toEqual({
    enabled: true,
    provider: 'recaptcha',
    siteKey: SITE_KEY,
    scriptUrl: `${SCRIPT_ORIGIN}/api.js`,
  });

  // The sign-in form loads the script when it shows (the fixture fails the test on a CSP violation).
  const loaded = scriptRequests.length;
  await page.goto(`${SITE}/#signin`);
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await expect(page.locator(`script[src^="${SCRIPT_ORIGIN}/"]`)).toHaveAttribute('src', `${SCRIPT_ORIGIN}/api.js?render=${SITE_KEY}`);
  await expect.poll(() => page.evaluate(() => typeof (window as { grecaptcha?: unknown }).grecaptcha)).toBe('object');
  expect(scriptRequests.slice(loaded)).toEqual([`/api.js?render=${SITE_KEY}`]);
});

test("sign-in through the modal passes with a token for its action, checked with the site's secret", async ({ page }) => {
  verify.mode = 'pass';
  const from = verify.calls.length;
  await page.goto(`${SITE}/#signin`);
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO_READER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_READER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  expect(verifiedSince(from)).toEqual([{ secret: SECRET, action: 'sign_in_modal', success: true, score: 0.9 }]);
  const call = verify.calls[from];
  expect(call?.contentType).toBe('application/x-www-form-urlencoded');
  expect(call?.response).toMatch(/^tok\.sign_in_modal\.[0-9a-f]{16}\.[0-9a-f]{24}$/);
  expect((await page.request.get(`${SITE}/service/user/profile`)).ok()).toBe(true);
});

test("a token the provider does not vouch for refuses the sign-in with the captcha's error; the next good one signs in", async ({ page }) => {
  const from = verify.calls.length;
  await page.goto(`${SITE}/#signin`);
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO_READER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_READER.password);
  const captchaError = dialog.locator('[data-captcha-error]');

  for (const mode of ['low-score', 'invalid'] as const) {
    verify.mode = mode;
    const asked = verify.calls.length;
    const answered = page.waitForResponse((r) => r.url() === `${SITE}/authenticate` && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    expect((await answered).status(), mode).toBe(400);
    await expect(captchaError).toHaveText(REQUIRED);
    expect(verify.calls.length, `the server asked the provider once (${mode})`).toBe(asked + 1);
    await expect(dialog.getByText('We are sorry. We are unable to process your request at this time.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0);
    expect((await page.request.get(`${SITE}/service/user/profile`)).ok(), `nobody is signed in (${mode})`).toBe(false);
  }
  expect(verifiedSince(from)).toEqual([
    { secret: SECRET, action: 'sign_in_modal', success: true, score: 0.1 },
    { secret: SECRET, action: 'sign_in_modal', success: false, score: undefined },
  ]);

  // Then a token the provider vouches for signs in.
  verify.mode = 'pass';
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  expect(verifiedSince(from).at(-1)).toEqual({ secret: SECRET, action: 'sign_in_modal', success: true, score: 0.9 });
});

let registered = '';

test('registration sends its own action and creates the account when verified', async ({ page }) => {
  verify.mode = 'pass';
  const email = uniqueEmail('captcha');
  const from = verify.calls.length;
  await page.goto(`${SITE}/register`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await main.getByLabel('First name').fill('Ines');
  await main.getByLabel('Last name').fill('Moreau');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill('Strong#Pass2026');
  await main.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`Your account has been created, ${email}`)).toBeVisible();
  expect(verifiedSince(from)).toEqual([{ secret: SECRET, action: 'register_modal', success: true, score: 0.9 }]);
  expect(await (await page.request.get(`${SITE}/service/user/profile`)).json()).toMatchObject({ emailAddress: email });
  registered = email;
});

test('forgot password sends its own action and is answered when verified', async ({ page }) => {
  verify.mode = 'pass';
  expect(registered, 'the account of the registration test').not.toBe('');
  const from = verify.calls.length;
  await page.goto(`${SITE}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Forgot your password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email', { exact: true }).fill(registered);
  await forgot.getByRole('button', { name: 'Send link' }).click();
  await expect(forgot).toContainText('If your email is registered with us, you will receive an email with a link to reset your password.');
  expect(verifiedSince(from)).toEqual([{ secret: SECRET, action: 'forgot_pass_modal', success: true, score: 0.9 }]);
});

test('the server refuses a sign-in without a token, with a forged one, or with a replayed one', async ({ page }) => {
  verify.mode = 'pass';
  const signIn = (token?: string) =>
    page.request.post(`${SITE}/authenticate`, {
      headers: CSRF,
      data: { username: DEMO_READER.email, password: DEMO_READER.password, deviceType: 'WEB_SITE', ...(token === undefined ? {} : { reCaptchaToken: token }) },
    });
  const refused = { errors: [{ field: 'reCaptchaToken', errorMessage: REQUIRED }] };

  const from = verify.calls.length;
  const none = await signIn();
  expect(none.status()).toBe(400);
  expect(await none.json()).toMatchObject(refused);
  expect(verify.calls.length, 'no token: the provider is not asked').toBe(from);

  // The token the shared e2e site's offline captcha takes, and a token of the provider's shape it never minted.
  for (const forged of ['e2e', `tok.sign_in_modal.${crypto.randomBytes(8).toString('hex')}.${crypto.randomBytes(12).toString('hex')}`]) {
    const res = await signIn(forged);
    expect(res.status(), forged).toBe(400);
    expect(await res.json()).toMatchObject(refused);
  }
  // A token the provider already passed (the first sign-in's) is not passed again.
  const replayed = verify.calls.find((c) => c.answer.success === true && c.response?.startsWith('tok.sign_in_modal.'))?.response ?? '';
  expect(replayed).not.toBe('');
  const again = await signIn(replayed);
  expect(again.status()).toBe(400);
  expect(verify.calls.at(-1)?.answer).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  expect((await page.request.get(`${SITE}/service/user/profile`)).ok()).toBe(false);
});
