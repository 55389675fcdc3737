/**
 * Test harness: the app over an in-memory database, migrated and seeded, with a fake clock and an
 * in-memory mailer. Used by the API tests (never by production code).
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { isPostgresUrl } from '../db/postgres';
import { openSqliteWithHandle } from '../db/sqlite';
import {
  createFakeClock,
  createLocalGeolocator,
  createMemoryMailer,
  createOutboxMailer,
  localCaptchaVerifier,
  type AppConfig,
  type CaptchaVerifier,
  type FakeClock,
  type Geolocator,
  type Mailer,
  type MemoryMailer,
} from '../deps';
import { silentLogger, type Logger } from '../http/logger';
import type { PaymentGateway } from '../integrations/payment-gateway';
import { seedDatabase } from '../seed';
import type { SharedPackage } from '../services/release-check.cjs';
import { dropPostgresCopy, seededPostgres } from './postgres';

export const TEST_ORIGIN = 'http://localhost:3000';
/** After every seeded article (the last is June 2025). */
export const TEST_NOW = '2025-07-01T12:00:00.000Z';

export const TEST_REMOTES: AppConfig['remotes'] = {
  paywall: 'http://localhost:3001/mf-manifest.json',
  library: 'http://localhost:3002/mf-manifest.json',
  store: 'http://localhost:3003/mf-manifest.json',
  video: 'http://localhost:3004/mf-manifest.json',
  visualLibrary: 'http://localhost:3005/mf-manifest.json',
};

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Kysely<Database>;
  clock: FakeClock;
  mailer: MemoryMailer;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * Seeded databases by seed: the first one per test file is migrated and seeded (about half a
 * second, mostly the search index), every later one is an in-memory copy of its bytes (a few ms).
 * With TEST_DATABASE_URL (a postgres:// URL of a server the tests may create databases on, see
 * scripts/postgres-cluster.sh), every database is a PostgreSQL database copied from a seeded
 * template instead (test/postgres.ts): the same tests, the other engine.
 */
const templates = new Map<string, Buffer>();

export async function seededDatabase(seed?: string): Promise<Kysely<Database>> {
  if (isPostgresUrl(process.env.TEST_DATABASE_URL)) return seededPostgres(process.env.TEST_DATABASE_URL, seed);
  const key = seed ?? '';
  const template = templates.get(key);
  if (template) return openSqliteWithHandle(template).db;
  const { db, handle } = openSqliteWithHandle(':memory:');
  await migrateToLatest(db);
  await seedDatabase(db, { seed });
  templates.set(key, handle.serialize());
  return db;
}

/** Which engine the API tests run on: 'postgres' with TEST_DATABASE_URL, else 'sqlite'. */
export const TEST_DATABASE_KIND: 'sqlite' | 'postgres' = isPostgresUrl(process.env.TEST_DATABASE_URL) ? 'postgres' : 'sqlite';

/** Closes a database from seededDatabase (a PostgreSQL copy is dropped too). */
export function closeDatabase(db: Kysely<Database>): Promise<void> {
  return isPostgresUrl(process.env.TEST_DATABASE_URL) ? dropPostgresCopy(db) : db.destroy();
}

export interface TestAppParts {
  captcha?: CaptchaVerifier;
  geolocation?: Geolocator;
  /** Send mail to the outbox table (as npm start does) instead of the memory mailer. */
  outboxMailer?: boolean;
  /** The app's mailer, built over the test database and clock (one that fails, say); wins over outboxMailer. */
  mailer?: (db: Kysely<Database>, clock: FakeClock) => Mailer;
  /** Another payment gateway than the built-in test gateway. */
  payments?: PaymentGateway;
  /** Where the app logs; silent by default (tests print nothing), createMemoryLogger() to read the lines. */
  logger?: Logger;
  /** What the shell shares, for the registry's own check; default TEST_SHELL_SHARED. */
  shellShared?: SharedPackage[];
}

/** What the shell shares in the API tests (the registry's own pre-release check compares with it). */
export const TEST_SHELL_SHARED: SharedPackage[] = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'shared-contracts', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
];

/** Limits high enough that no API test meets them (rate-limit.test.ts tests the limits themselves). */
export const UNLIMITED: AppConfig['rateLimits'] = {
  signIn: { windowMs: 60_000, limit: 10_000 },
  registration: { windowMs: 60_000, limit: 10_000 },
  forgotPassword: { windowMs: 60_000, limit: 10_000 },
  subscriberSearch: { windowMs: 60_000, limit: 10_000 },
  subscriberSearchEmail: { windowMs: 60_000, limit: 10_000 },
  share: { windowMs: 60_000, limit: 10_000 },
  checkout: { windowMs: 60_000, limit: 10_000 },
  guestCarts: { windowMs: 60_000, limit: 10_000 },
  clientErrors: { windowMs: 60_000, limit: 10_000 },
  releases: { windowMs: 60_000, limit: 10_000 },
  remoteLoads: { windowMs: 60_000, limit: 10_000 },
  releaseReports: { windowMs: 60_000, limit: 10_000 },
};

export async function createTestApp(overrides: Partial<AppConfig> = {}, parts: TestAppParts = {}): Promise<TestApp> {
  const db = await seededDatabase();
  const clock = createFakeClock(TEST_NOW);
  const mailer = createMemoryMailer(clock);
  const sender: Mailer = parts.mailer ? parts.mailer(db, clock) : parts.outboxMailer ? createOutboxMailer(db, clock) : mailer;
  const config: AppConfig = {
    publicOrigin: TEST_ORIGIN,
    remotes: TEST_REMOTES,
    shellDist: null,
    cookieSecure: false,
    ...overrides,
  };
  const app = createApp({
    db,
    clock,
    config,
    mailer: sender,
    captcha: parts.captcha ?? localCaptchaVerifier,
    geolocation: parts.geolocation ?? createLocalGeolocator('US'),
    ...(parts.payments ? { payments: parts.payments } : {}),
    logger: parts.logger ?? silentLogger,
    shellShared: () => parts.shellShared ?? TEST_SHELL_SHARED,
  });
  return {
    app,
    db,
    clock,
    mailer,
    config,
    // The render tier's workers (decision 045), if a page started them, go with the app.
    close: async () => {
      await app.locals.renderTier?.close();
      await closeDatabase(db);
    },
  };
}

/** The Set-Cookie lines of a response (supertest gives a string or a list). */
export function setCookies(res: request.Response): string[] {
  const raw: unknown = res.headers['set-cookie'];
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === 'string');
  return typeof raw === 'string' ? [raw] : [];
}

/** The value of the 'sid' cookie set by a response, if any. */
export function sidFrom(res: request.Response): string | undefined {
  for (const line of setCookies(res)) {
    const match = /^sid=([^;]*)/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

export function signIn(app: TestApp['app'], email: string, password: string, cookie?: string) {
  const req = request(app)
    .post('/authenticate')
    .set(CSRF_HEADER, CSRF_VALUE)
    .send({ username: email, password, reCaptchaToken: 'test-token', deviceType: 'WEB_SITE' });
  return cookie ? req.set('Cookie', cookie) : req;
}

/** GET a path and read the answer as text whatever its type (superagent does not buffer image/svg+xml). */
export async function getText(app: TestApp['app'], path: string): Promise<{ res: request.Response; text: string }> {
  const res = await request(app)
    .get(path)
    .buffer(true)
    .parse((stream, done) => {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        data += chunk;
      });
      stream.on('end', () => done(null, data));
    });
  return { res, text: typeof res.body === 'string' ? res.body : '' };
}

/** The request with its answer's body read as a Buffer, whatever its type (media, downloads). */
export function asBytes(req: request.Test): request.Test {
  return req.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });
}
