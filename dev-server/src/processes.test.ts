/**
 * Two API processes over one database file (issue 10, "beyond one machine"): what one process
 * records, the other sees, because sessions, sign-in counters, meters and carts live in the
 * database, not in a process. Real processes (tsx dev-server/src/main.ts), real HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_VALUE, SIGN_IN_MAX_TRIES } from 'shared-contracts';

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '../..');
let dir: string;
const children: ChildProcess[] = [];

/** Starts an API process on a free port over the shared file; resolves with its base URL. */
function startProcess(databaseFile: string): Promise<string> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'dev-server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATABASE_FILE: databaseFile, SHELL_DIST: '', LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MULTIPLIER: '20' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/[^\s]+)/.exec(out)?.[1];
      if (url) resolve(url.replace('localhost', '127.0.0.1'));
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`API process exited (${code}): ${out}`)));
  });
}

/** A browser of its own: a cookie jar shared by its requests to either process. */
function browser() {
  const jar = new Map<string, string>();
  return async (base: string, method: string, pathname: string, body?: unknown) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers[CSRF_HEADER] = CSRF_VALUE;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(base + pathname, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) jar.set(k.trim(), v.join('='));
    }
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };
}

let a: string;
let b: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-api-'));
  const file = path.join(dir, 'site.db');
  a = await startProcess(file); // migrates and seeds
  b = await startProcess(file); // finds the seeded database
});

afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

it('a member signed in on one process is recognised on the other, and spends sign-in tries across both', async () => {
  const reader = browser();
  const email = `two.processes.${Date.now()}@example.org`;
  const registered = await reader(a, 'POST', '/api/user/register', {
    firstName: 'Ada', lastName: 'Two', emailAddress: email, password: 'Fresh#Pass2026', optIn: false, deviceType: 'WEB_SITE', reCaptchaToken: 'test',
  });
  expect(registered.status).toBe(201);
  const onB = await reader(b, 'GET', '/service/user/profile');
  expect(onB.status).toBe(200);
  expect(onB.body).toMatchObject({ emailAddress: email });

  // Wrong passwords, alternating between the processes: one counter in the database.
  const stranger = browser();
  const tries: unknown[] = [];
  for (let i = 0; i < SIGN_IN_MAX_TRIES - 1; i++) {
    const res = await stranger(i % 2 === 0 ? a : b, 'POST', '/authenticate', { username: email, password: 'Wrong#password1', reCaptchaToken: 'test', deviceType: 'WEB_SITE' });
    tries.push(res.body?.tries_left);
  }
  expect(tries).toEqual([4, 3, 2, 1]);
});

it("a guest's meter and cart follow the guest from one process to the other", async () => {
  const guest = browser();
  const stream = await guest(a, 'GET', '/service/stream/latest/0/20');
  const entries = (stream.body?.entry ?? []) as { url: string }[];
  let read = 0;
  for (const entry of entries) {
    const article = await guest(a, 'GET', `/api/article${entry.url}`);
    if (article.body?.free || article.body?.ascend) continue;
    const { year, month, slug } = article.body as { year: number; month: number; slug: string };
    const q = new URLSearchParams({ year: String(year), month: String(month).padStart(2, '0'), seotitle: slug });
    expect((await guest(read % 2 === 0 ? a : b, 'POST', `/api/article/piano/content?${q}`, {})).status).toBe(200);
    read += 1;
    if (read === 2) break;
  }
  const meterOnB = await guest(b, 'GET', '/api/meter');
  expect((meterOnB.body?.quota as { count: number }).count).toBe(2);

  const products = await guest(b, 'GET', '/api/store/products?category=books');
  const book = (products.body?.products as { availabilityId: string; availabilityStatus: string; type: string }[]).find(
    (p) => p.type === 'ship' && p.availabilityStatus === 'AVAILABLE',
  )!;
  expect((await guest(a, 'POST', '/api/shopping-cart', { items: [{ availabilityId: book.availabilityId, quantity: 2 }] })).status).toBe(200);
  const cartOnB = await guest(b, 'GET', '/api/shopping-cart');
  expect(cartOnB.body?.itemCount).toBe(2);
});
