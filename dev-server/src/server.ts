/**
 * startServer: open the database, migrate, seed when empty, listen. Used by main.ts and by scripts
 * (e2e, bench) that start the server in-process. Port 0 picks a free port.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import type { Kysely } from 'kysely';
import { type RemoteName } from 'shared-contracts/server';
import { createApp } from './app';
import { type CaptchaSettings, DEFAULT_MAIL_FROM, REMOTE_ENV, REPO_ROOT } from './config';
import type { Database } from './db/database';
import { migrateToLatest } from './db/migrations';
import { underStartupLock } from './db/startup-lock';
import { createJsonLogger, errorFields, logLevelFromEnv, type Logger, type LogLevel } from './http/logger';
import { openDatabase } from './db/open';
import { createSqliteReaders, type SqliteReaders } from './db/sqlite-readers';
import {
  createLocalGeolocator,
  createOutboxMailer,
  localCaptchaVerifier,
  systemClock,
  type AppConfig,
  type CaptchaVerifier,
  type Clock,
  type Geolocator,
  type Mailer,
  type RateLimits,
} from './deps';
import { RecaptchaVerifier } from './integrations/recaptcha';
import { createSmtpTransport, type MailTransport } from './mail/smtp';
import { createMailWorker } from './mail/worker';
import { createCartRepository } from './repositories/cart';
import { startGuestCartSweeper } from './services/cart';
import { seedIfEmpty } from './seed';

export interface StartServerOptions {
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Interface to listen on; default every interface, like `app.listen`. */
  host?: string;
  /** SQLite file, or ':memory:'. */
  databaseFile: string;
  /** postgres://...: PostgreSQL instead of the SQLite file (DATABASE_URL). */
  databaseUrl?: string;
  /** Default http://localhost:{port}. */
  publicOrigin?: string;
  remotes?: Partial<Record<RemoteName, string>>;
  shellDist?: string | null;
  /** The shell's server build; default `render.js` in `dist-server` beside `shellDist` (decision 032). */
  shellRenderFile?: string;
  /** Worker processes that render pages (RENDER_WORKERS, decision 045); default DEFAULT_RENDER_WORKERS. */
  renderWorkers?: number;
  /** Default: true when publicOrigin is https. */
  cookieSecure?: boolean;
  seed?: string;
  /** SEED_ARTICLES: top the articles up to this many with catalogue articles (seed/catalogue.ts). */
  seedArticles?: number;
  /**
   * Reader threads of the SQLite search index for a database file (decision 039); default 1, 0 keeps
   * its reads on the API's thread. PostgreSQL and ':memory:' always read in-process.
   */
  searchReaders?: number;
  /** Per-client limits (see RATE_LIMIT_MULTIPLIER); default DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimits>;
  /** Serve GET /dev/outbox; default false. */
  exposeOutbox?: boolean;
  /** Google reCAPTCHA secret; without it (and without `captcha`) the local verifier is used. */
  captchaSecret?: string;
  /** With captchaSecret: the site key, script and verify URLs and the lowest score (config.ts). */
  captchaSettings?: CaptchaSettings;
  /** Country of the local geolocation when no dev_country cookie is sent; default 'US'. */
  geoCountry?: string;
  digestSecret?: string;
  shareLinkSecret?: string;
  /** Maintenance mode: streams answer no entries with maintenanceStatus true (MAINTENANCE=1). */
  maintenance?: boolean;
  /** Express 'trust proxy' (TRUST_PROXY); unset = the socket's address is the client's. */
  trustProxy?: number | string;
  clock?: Clock;
  mailer?: Mailer;
  /** SMTP_URL: deliver the outbox over SMTP (a mail worker in this process); unset = mail stays in the outbox. */
  smtpUrl?: string;
  /** MAIL_FROM: the From of delivered mail; default DEFAULT_MAIL_FROM. */
  mailFrom?: string;
  /** Another transport for the mail worker (tests); starts the worker like smtpUrl. */
  mailTransport?: MailTransport;
  /** How often the mail worker looks for due mail; default MAIL_POLL_INTERVAL_MS. */
  mailPollIntervalMs?: number;
  captcha?: CaptchaVerifier;
  geolocation?: Geolocator;
  /** Log level of the JSON logs on stdout (LOG_LEVEL); default from the environment (silent under Jest). */
  logLevel?: LogLevel;
  /** Another logger (wins over logLevel). */
  logger?: Logger;
  /** The release registry's automatic rollback rule and cache (RELEASE_CANARY_*; decision 037). */
  releases?: AppConfig['releases'];
  /** Where generated pictures are kept (decision 036); default imageCacheDirFor the database, null for memory only. */
  imageCacheDir?: string | null;
}

/**
 * The generated pictures' folder: `images` beside the SQLite file (`.data/images` by default),
 * `.data/images` with PostgreSQL, none (memory only) for an in-memory database.
 */
export function imageCacheDirFor(options: Pick<StartServerOptions, 'databaseFile' | 'databaseUrl'>): string | null {
  if (options.databaseUrl) return path.join(REPO_ROOT, '.data', 'images');
  if (options.databaseFile === ':memory:' || options.databaseFile === '') return null;
  return path.join(path.dirname(path.resolve(options.databaseFile)), 'images');
}

export interface RunningServer {
  url: string;
  port: number;
  app: express.Express;
  db: Kysely<Database>;
  /** Whether this start seeded an empty database. */
  seeded: boolean;
  /** How long the seed (or the check that there was nothing to seed) took, in milliseconds. */
  seedMs: number;
  close(): Promise<void>;
}

/** The real captcha when a secret is set (with its settings), else the local verifier. */
function captchaVerifierOf(options: Pick<StartServerOptions, 'captchaSecret' | 'captchaSettings'>): CaptchaVerifier {
  if (!options.captchaSecret) return localCaptchaVerifier;
  const settings = options.captchaSettings;
  if (!settings) return new RecaptchaVerifier(options.captchaSecret);
  return new RecaptchaVerifier(options.captchaSecret, {
    verifyUrl: settings.verifyUrl,
    minScore: settings.minScore,
    browser: { siteKey: settings.siteKey, scriptUrl: settings.scriptUrl },
  });
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const db = openDatabase(options.databaseUrl ?? options.databaseFile);
  let searchReaders: SqliteReaders | undefined;
  try {
    const file = options.databaseUrl ? null : options.databaseFile;
    // Under a database lock: replicas started together migrate and seed once (db/startup-lock.ts).
    let seedMs = 0;
    const seeded = await underStartupLock(db, file, async () => {
      await migrateToLatest(db);
      const seedStarted = Date.now();
      const fresh = await seedIfEmpty(db, { seed: options.seed, articles: options.seedArticles });
      seedMs = Date.now() - seedStarted;
      return fresh;
    });
    const readerCount = options.searchReaders ?? 1;
    searchReaders = file && file !== ':memory:' && readerCount > 0 ? createSqliteReaders(file, readerCount) : undefined;

    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 3000, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    const publicOrigin = options.publicOrigin ?? `http://localhost:${port}`;
    const remotes = Object.fromEntries(REMOTE_ENV.map((r) => [r.name, options.remotes?.[r.name] ?? `http://localhost:${r.port}/mf-manifest.json`])) as Record<
      RemoteName,
      string
    >;
    const config: AppConfig = {
      publicOrigin,
      remotes,
      shellDist: options.shellDist ?? null,
      ...(options.shellRenderFile ? { shellRenderFile: options.shellRenderFile } : {}),
      ...(options.renderWorkers !== undefined ? { renderWorkers: options.renderWorkers } : {}),
      cookieSecure: options.cookieSecure ?? publicOrigin.startsWith('https:'),
      rateLimits: options.rateLimits,
      exposeOutbox: options.exposeOutbox ?? false,
      digestSecret: options.digestSecret,
      shareLinkSecret: options.shareLinkSecret,
      maintenance: options.maintenance ?? false,
      ...(options.releases ? { releases: options.releases } : {}),
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
      imageCacheDir: options.imageCacheDir !== undefined ? options.imageCacheDir : imageCacheDirFor(options),
    };
    const clock = options.clock ?? systemClock;
    const logger = options.logger ?? createJsonLogger({ level: options.logLevel ?? logLevelFromEnv(process.env) });
    const app = createApp({
      db,
      clock,
      config,
      mailer: options.mailer ?? createOutboxMailer(db, clock),
      captcha: options.captcha ?? captchaVerifierOf(options),
      geolocation: options.geolocation ?? createLocalGeolocator(options.geoCountry ?? 'US'),
      logger,
      ...(searchReaders ? { searchReaders } : {}),
    });
    server.on('request', app);
    // Guest carts untouched for 30 days go, at start and every hour.
    const guestCarts = startGuestCartSweeper(createCartRepository(db), clock, (error) =>
      logger.error('guest cart expiry failed', { error: errorFields(error) }),
    );
    await guestCarts.firstSweep;
    // With a mail server, this process delivers the outbox too (claims keep two processes from sending one mail twice).
    const mailTransport = options.mailTransport ?? (options.smtpUrl ? createSmtpTransport(options.smtpUrl) : null);
    const mailWorker = mailTransport ? createMailWorker({ db, clock, transport: mailTransport, from: options.mailFrom ?? DEFAULT_MAIL_FROM, logger }) : null;
    mailWorker?.start(options.mailPollIntervalMs);

    // The render tier's workers start now, and the server is ready once they have evaluated the
    // shell's server build (at most 5 s), rather than with the first page, which then waited for
    // its worker (decision 045).
    await app.locals.renderTier?.start();

    let closed: Promise<void> | null = null;
    return {
      url: `http://localhost:${port}`,
      port,
      app,
      db,
      seeded,
      seedMs,
      close() {
        closed ??= new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        })
          // The render tier's workers (decision 045) go with the server.
          .finally(() => app.locals.renderTier?.close())
          .finally(() => guestCarts.stop())
          .finally(() => mailWorker?.stop())
          .finally(() => mailTransport?.close())
          .finally(() => searchReaders?.close())
          .finally(() => db.destroy());
        return closed;
      },
    };
  } catch (error) {
    await searchReaders?.close();
    await db.destroy();
    throw error;
  }
}
