/**
 * Several API processes over one database: what one process records, the others see, because
 * sessions, sign-in counters, meters and carts live in the database, not in a process. They start
 * at the same moment over one new database, as a deployment starts its replicas: migrations and the
 * seed run under a database lock (db/startup-lock.ts), so all of them start. Real processes (tsx
 * dev-server/src/main.ts), real HTTP; one SQLite file, or with TEST_DATABASE_URL one new PostgreSQL
 * database (DATABASE_URL), as production runs them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import { SIGN_IN_MAX_TRIES } from './server-rules';
import { isPostgresUrl } from './db/postgres';
import { admin, withDatabase } from './test/postgres';
import { DEFAULT_RATE_LIMITS, TOO_MANY_REQUESTS } from './http/rate-limit';

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '../..');
let dir: string;
/** Low limits (forgot password: 2 a window), so the test below reaches one; sign-in keeps 6. */
const LIMIT_MULTIPLIER = 0.2;
const children: ChildProcess[] = [];

/** Starts an API process on a free port over the shared file; resolves with its base URL. */
function startProcess(database: { DATABASE_FILE: string } | { DATABASE_URL: string }): Promise<string> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'dev-server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...database, SHELL_DIST: '', LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MULTIPLIER: String(LIMIT_MULTIPLIER) },
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
let c: string;

const postgres = isPostgresUrl(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined;
let databaseName: string | undefined;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-api-'));
  let database: { DATABASE_FILE: string } | { DATABASE_URL: string } = { DATABASE_FILE: path.join(dir, 'site.db') };
  if (postgres) {
    databaseName = `two_api_${randomBytes(6).toString('hex')}`;
    await admin(postgres, (client) => client.query(`CREATE DATABASE ${databaseName}`));
    database = { DATABASE_URL: withDatabase(postgres, databaseName) };
  }
  // Three at once over the new database: one migrates and seeds, the others wait and find it done.
  [a, b, c] = await Promise.all([startProcess(database), startProcess(database), startProcess(database)]);
});

afterAll(async () => {
  const exited = children.map((c) => new Promise((resolve) => (c.exitCode === null ? c.once('exit', resolve) : resolve(null))));
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(exited);
  fs.rmSync(dir, { recursive: true, force: true });
  if (postgres && databaseName) await admin(postgres, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName}`));
});

it('three processes started together over one new database all start and serve it', async () => {
  for (const base of [a, b, c]) {
    const res = await fetch(`${base}/api/topics`);
    expect(res.status).toBe(200);
  }
  const topics = ((await (await fetch(`${a}/api/topics`)).json()) as unknown[]).length;
  expect(topics).toBeGreaterThan(0);
  expect(((await (await fetch(`${c}/api/topics`)).json()) as unknown[]).length).toBe(topics);
});

it('a member signed in on one process is recognised on the other, and spends sign-in tries across both', async () => {
  const reader = browser();
  const email = `two.processes.${Date.now()}@example.org`;
  const registered = await reader(a, 'POST', '/api/user/register', {
    firstName: 'Ada',
    lastName: 'Two',
    emailAddress: email,
    password: 'Fresh#Pass2026',
    optIn: false,
    deviceType: 'WEB_SITE',
    reCaptchaToken: 'test',
  });
  expect(registered.status).toBe(201);
  const onB = await reader(b, 'GET', '/service/user/profile');
  expect(onB.status).toBe(200);
  expect(onB.body).toMatchObject({ emailAddress: email });
  if (postgres && databaseName) {
    // The account is in the PostgreSQL database, not in some file of the processes.
    const found = await admin(withDatabase(postgres, databaseName), (client) => client.query('SELECT count(*) AS n FROM users WHERE email = $1', [email]));
    expect(Number(found.rows[0]?.n)).toBe(1);
  }

  // Wrong passwords, alternating between the processes: one counter in the database.
  const stranger = browser();
  const tries: unknown[] = [];
  for (let i = 0; i < SIGN_IN_MAX_TRIES - 1; i++) {
    const res = await stranger(i % 2 === 0 ? a : b, 'POST', '/authenticate', {
      username: email,
      password: 'Wrong#password1',
      reCaptchaToken: 'test',
      deviceType: 'WEB_SITE',
    });
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

it('rate limits count a client once across both processes, not once per process', async () => {
  const forgotLimit = Math.ceil(DEFAULT_RATE_LIMITS.forgotPassword.limit * LIMIT_MULTIPLIER);
  expect(forgotLimit).toBe(2);
  const client = browser();
  const ask = (base: string) =>
    client(base, 'POST', '/api/user/forgotpassword', { emailAddress: 'nobody.here@example.org', reCaptchaToken: 'test', deviceType: 'WEB_SITE' });
  // a, b, a: each process alone has seen at most 2 of the 3 requests.
  expect((await ask(a)).status).toBe(200);
  expect((await ask(b)).status).toBe(200);
  const third = await ask(a);
  expect(third.status).toBe(429);
  expect(third.body).toMatchObject({ message: TOO_MANY_REQUESTS });
  expect((await ask(b)).status).toBe(429);
});
