/**
 * What createApp needs from the outside world, as small interfaces, plus the local
 * implementations that work offline. Real third-party implementations (a captcha service, an SMTP
 * mailer) implement the same interfaces and are picked by configuration in main.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type RemoteName } from 'shared-contracts/server';
import { systemClock, type Clock } from './clock';
import type { Database } from './db/database';
import type { SqliteReaders } from './db/sqlite-readers';
import type { Logger } from './http/logger';
import type { PaymentGateway } from './integrations/payment-gateway';
import type { MailKind } from './mail/templates';
import { createOutboxRepository } from './repositories/outbox';
import type { ReleaseFileFetcher, ReleaseSettings } from './services/releases';
import type { SharedPackage } from './services/release-check.cjs';

export { createFakeClock, systemClock, type Clock, type FakeClock } from './clock';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** The HTML part (mail/templates.ts builds both from one template); plain text only when absent. */
  html?: string;
  /** Which template wrote it; 'other' when absent. */
  kind?: MailKind;
}

export interface MailSendOptions {
  /**
   * The caller's transaction: the mail is queued in it, so it is committed with the change that
   * causes it, or rolled back with it (never a mail about a change that did not happen).
   */
  db?: Kysely<Database>;
}

export interface Mailer {
  /** Queues (or, in tests, records) one mail; without `options.db` it is committed at once. */
  send(message: MailMessage, options?: MailSendOptions): Promise<void>;
}

export interface SentMail extends MailMessage {
  id: string;
  createdAt: string;
}

/**
 * Keeps mail in memory (both parts and the kind); tests read `sent`. A mail is recorded at once,
 * even when sent in a transaction that later rolls back (the outbox mailer is the transactional one).
 */
export interface MemoryMailer extends Mailer {
  readonly sent: readonly SentMail[];
}

export function createMemoryMailer(clock: Clock = systemClock): MemoryMailer {
  const sent: SentMail[] = [];
  return {
    sent,
    async send(message) {
      sent.push({ ...message, id: randomUUID(), createdAt: clock.now().toISOString() });
    },
  };
}

/**
 * Queues mail in the `outbox` table (in the caller's transaction when given one). With SMTP_URL
 * the mail worker (mail/worker.ts) delivers it; without, it stays there for a developer (or an e2e
 * test) to read at /dev/outbox.
 */
export function createOutboxMailer(db: Kysely<Database>, clock: Clock = systemClock): Mailer {
  return {
    async send(message, options) {
      await createOutboxRepository(options?.db ?? db).enqueue(message, clock.now());
    },
  };
}

/** Captcha actions of PAY-09 (sign_in, register, forgot_pass). */
export type CaptchaAction = 'sign_in' | 'register' | 'forgot_pass';

export type CaptchaProvider = 'local' | 'recaptcha';

/** What the browser needs to get tokens from a real provider (CAPTCHA_SITE_KEY, CAPTCHA_SCRIPT_URL). */
export interface CaptchaBrowserClient {
  siteKey: string;
  /** The provider's script; the browser loads it with `?render={siteKey}`, and the CSP allows its origin. */
  scriptUrl: string;
}

export interface CaptchaVerifier {
  /** Which implementation this is (GET /api/recaptcha/enabled tells the browser). */
  readonly provider: CaptchaProvider;
  /** The browser side of a real provider (none for the local verifier). */
  readonly browser?: CaptchaBrowserClient | undefined;
  /**
   * True when the token proves a person for this action. Throws UnavailableError when the
   * captcha service cannot be asked (the request then fails with 503, never passes).
   */
  verify(token: string | undefined, action: CaptchaAction): Promise<boolean>;
}

/** Offline verifier: any non-empty token passes. The real one is integrations/recaptcha.ts. */
export const localCaptchaVerifier: CaptchaVerifier = {
  provider: 'local',
  async verify(token) {
    return typeof token === 'string' && token.trim().length > 0;
  },
};

/** What a geolocation implementation may look at: the request's cookies, headers and address. */
export interface GeoRequestInfo {
  cookie(name: string): string | undefined;
  header(name: string): string | undefined;
  ip: string | undefined;
}

export interface Geolocator {
  /** ISO 3166-1 alpha-2 country code (upper case) of the visitor, or null when unknown. */
  countryFor(info: GeoRequestInfo): Promise<string | null>;
}

/** Cookie a developer (or an e2e test) sets to pretend to browse from another country. */
export const DEV_COUNTRY_COOKIE = 'dev_country';
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** A two-letter country code in upper case, or null for anything else. */
export function normalizeCountryCode(value: string | undefined | null): string | null {
  return typeof value === 'string' && COUNTRY_CODE.test(value) ? value.toUpperCase() : null;
}

/** Offline geolocation: the dev_country cookie when it holds two letters, else the default (GEO_COUNTRY, 'US'). */
export function createLocalGeolocator(defaultCountry: string | null = 'US'): Geolocator {
  const fallback = normalizeCountryCode(defaultCountry);
  return {
    async countryFor(info) {
      return normalizeCountryCode(info.cookie(DEV_COUNTRY_COOKIE)) ?? fallback;
    },
  };
}

export interface AppConfig {
  /** Scheme, host and port the browser uses; state-changing requests must come from it. */
  publicOrigin: string;
  /** Where each remote's mf-manifest.json lives (served to the shell as /remotes.json). */
  remotes: Record<RemoteName, string>;
  /** Folder of the built shell, or null to serve the API only (tests). */
  shellDist: string | null;
  /** The shell's server build (decision 032); default `render.js` in `dist-server` beside `shellDist`. */
  shellRenderFile?: string;
  /** Worker processes that render pages (RENDER_WORKERS, decision 045); default DEFAULT_RENDER_WORKERS. */
  renderWorkers?: number;
  /** Set the Secure flag on cookies (true behind HTTPS). */
  cookieSecure: boolean;
  /** Per-client request limits; defaults in http/rate-limit.ts (DEFAULT_RATE_LIMITS). */
  rateLimits?: Partial<RateLimits>;
  /** Serve GET /dev/outbox (the mail outbox as JSON). Only for e2e and local work (DEV_OUTBOX=1). */
  exposeOutbox?: boolean;
  /** Key of the subscriber digest HMAC (download links); DIGEST_SECRET, else a development key. */
  digestSecret?: string;
  /** Key of the folders' share-list link HMAC; SHARE_LINK_SECRET, else the digest key. */
  shareLinkSecret?: string;
  /** Maintenance mode (MAINTENANCE=1): streams answer no entries with maintenanceStatus true. */
  maintenance?: boolean;
  /**
   * Express 'trust proxy' (TRUST_PROXY): which proxies' X-Forwarded-For gives the client address
   * (a hop count, or addresses/subnets/'loopback'); unset = the socket's address.
   */
  trustProxy?: number | string;
  /**
   * Where the generated pictures are kept on disk (decision 036); startServer puts them in
   * `images` beside the SQLite file. Null or absent: in memory only (an in-memory database, tests).
   */
  imageCacheDir?: string | null;
  /** The release registry's automatic rollback and cache (decision 037); defaults in services/releases.ts. */
  releases?: Partial<ReleaseSettings>;
}

/** How many requests one client (IP address) may make in a window. */
export interface RateLimit {
  windowMs: number;
  limit: number;
}
export interface RateLimits {
  /** POST /authenticate, and POST /service/user/password (both check a password). */
  signIn: RateLimit;
  /** POST /api/user/register, /service/user/register. */
  registration: RateLimit;
  /** POST /api/user/forgotpassword, /service/user/forgot-password. */
  forgotPassword: RateLimit;
  /** POST /api/user/subscriber/search, /api/user/subscribe, /api/user/subscriber/register. */
  subscriberSearch: RateLimit;
  /** POST /api/user/subscriber/search, /api/user/subscribe and /api/user/subscriber/register per email, whatever the client's address: one count for the three. */
  subscriberSearchEmail: RateLimit;
  /** POST /service/user/share by email (each request mails up to 10 addresses): per member (guests cannot share by email). */
  share: RateLimit;
  /** POST /api/commerce/shipping-payment and /api/commerce/order/submit (card attempts): per member. */
  checkout: RateLimit;
  /** POST /api/shopping-cart by a guest without a cart (each makes a new guest cart): per address. */
  guestCarts: RateLimit;
  /** POST /api/client-errors (the shell's reports of remotes that failed to load): per address. */
  clientErrors: RateLimit;
  /** POST /service/user/verify-email/resend (each mails a confirmation link): per member. */
  emailVerification: RateLimit;
  /** GET /images/... that must be drawn (not yet cached; decision 036): per address. Cached pictures are not counted. */
  imageRenders: RateLimit;
  /** The release API (/api/releases): per address, refusals included. */
  releases: RateLimit;
  /** POST /api/remote-loads (a canary taken up, once per page and remote): per address. */
  remoteLoads: RateLimit;
  /** POST /api/client-errors and /api/remote-loads, each: per browser (its served-versions cookie's id; decision 046). */
  releaseReports: RateLimit;
}

export interface AppDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  captcha: CaptchaVerifier;
  geolocation: Geolocator;
  /** The payment gateway; the built-in test gateway (integrations/payment-gateway.ts) when not given. */
  payments?: PaymentGateway;
  /** Structured logs (http/logger.ts); when not given, JSON lines on stdout at LOG_LEVEL. */
  logger?: Logger;
  /** How the release registry fetches a version's files when it is published; default a GET that follows no redirect (tests may inject one). */
  fetchReleaseFile?: ReleaseFileFetcher;
  /** What the shell shares, for the registry's own pre-release check; default the built shell's (services/release-check.cjs). */
  shellShared?: () => SharedPackage[];
  /** Reader threads for the SQLite search index (a database file; decision 039); without them its reads run in-process. */
  searchReaders?: SqliteReaders;
}
