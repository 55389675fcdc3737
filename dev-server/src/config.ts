/** Settings from the environment (main.ts), with the defaults of a local checkout. */
import path from 'node:path';
import { type RemoteName } from 'shared-contracts/server';
import type { RateLimits } from './deps';
import { normalizeCountryCode } from './deps';
import { isPostgresUrl } from './db/postgres';
import { logLevelFromEnv, type LogLevel } from './http/logger';
import { smtpOptionsFromUrl } from './mail/smtp';
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from './http/rate-limit';
import { DEFAULT_RENDER_WORKERS, MAX_RENDER_WORKERS } from './http/render-tier';

/** The repository root (this file is dev-server/src/config.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Env variable and default port of each remote, in the order of their ports 3001-3005. */
export const REMOTE_ENV: ReadonlyArray<{ name: RemoteName; env: string; port: number }> = [
  { name: 'paywall', env: 'REMOTE_PAYWALL_URL', port: 3001 },
  { name: 'library', env: 'REMOTE_LIBRARY_URL', port: 3002 },
  { name: 'store', env: 'REMOTE_STORE_URL', port: 3003 },
  { name: 'video', env: 'REMOTE_VIDEO_URL', port: 3004 },
  { name: 'visualLibrary', env: 'REMOTE_VISUAL_LIBRARY_URL', port: 3005 },
];

export interface EnvSettings {
  port: number;
  /** DATABASE_FILE: the SQLite file (default .data/site.db), or ':memory:'. */
  databaseFile: string;
  /** DATABASE_URL: postgres://... selects PostgreSQL instead of the SQLite file. */
  databaseUrl: string | undefined;
  /** SEED_ARTICLES: the seed tops the articles up to this many (a publisher-sized archive); unset = the seed's own. */
  seedArticles: number | undefined;
  /** SEARCH_READERS: reader threads of the SQLite search index (0-8, default 1; 0 = in-process; decision 039). */
  searchReaders: number;
  /** RENDER_WORKERS: worker processes that render pages, apart from the API (1-8, default 2; decision 045). */
  renderWorkers: number;
  publicOrigin: string | undefined;
  remotes: Record<RemoteName, string>;
  shellDist: string | null;
  cookieSecure: boolean | undefined;
  /** RATE_LIMIT_MULTIPLIER: every per-client limit multiplied (e2e raises them); undefined = defaults. */
  rateLimits: RateLimits | undefined;
  /** DEV_OUTBOX=1: serve GET /dev/outbox. Never on by default. */
  exposeOutbox: boolean;
  /** CAPTCHA_SECRET: verify captcha tokens with Google reCAPTCHA; unset = the local verifier. */
  captchaSecret: string | undefined;
  /** The browser side and the checks of the real captcha (CAPTCHA_SITE_KEY...); only with CAPTCHA_SECRET. */
  captchaSettings: CaptchaSettings | undefined;
  /** GEO_COUNTRY: the country of visitors without a dev_country cookie (local geolocation); default 'US'. */
  geoCountry: string;
  /** DIGEST_SECRET: key of the subscriber digest HMAC. */
  digestSecret: string | undefined;
  /** SHARE_LINK_SECRET: key of the folders' share-list link HMAC; unset = the digest key. */
  shareLinkSecret: string | undefined;
  /** MAINTENANCE=1: streams report maintenance (no entries, maintenanceStatus true). */
  maintenance: boolean;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client (hop count, or addresses/subnets/'loopback'). */
  trustProxy: number | string | undefined;
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS) or smtps://...:465; unset = mail stays in the outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of every mail; default DEFAULT_MAIL_FROM. */
  mailFrom: string;
  /** LOG_LEVEL: debug, info (default), warn, error or silent; JSON lines on stdout. */
  logLevel: LogLevel;
  /**
   * RELEASE_CANARY_MIN_LOADS, RELEASE_CANARY_MAX_FAILURE_RATE, RELEASE_CANARY_MIN_BROWSERS: the
   * automatic rollback's rule (decisions 037, 046); RELEASE_BASE_URL, RELEASE_ORIGINS_<REMOTE>: where
   * versions may be published from (decision 046). Unset = their defaults.
   */
  releases: ReleaseEnvSettings;
}

export interface ReleaseEnvSettings {
  minLoads?: number;
  maxFailureRate?: number;
  minBrowsers?: number;
  baseUrl?: string;
  origins?: Partial<Record<RemoteName, string[]>>;
}

/**
 * The release registry's settings from the environment: the automatic rollback's rule (a whole
 * number of loads and of browsers, a rate from 0 to 1), the releases host (RELEASE_BASE_URL) and each
 * remote's other allowed places (RELEASE_ORIGINS_STORE=https://cdn.example.com/store/,... : origins or
 * URL prefixes, http or https, separated by commas).
 */
export function parseReleaseSettings(env: NodeJS.ProcessEnv): ReleaseEnvSettings {
  const out: ReleaseEnvSettings = {};
  if (env.RELEASE_CANARY_MIN_LOADS) {
    const n = Number(env.RELEASE_CANARY_MIN_LOADS);
    if (!Number.isInteger(n) || n < 1) throw new Error(`RELEASE_CANARY_MIN_LOADS must be a whole number from 1, got '${env.RELEASE_CANARY_MIN_LOADS}'`);
    out.minLoads = n;
  }
  if (env.RELEASE_CANARY_MAX_FAILURE_RATE) {
    const rate = Number(env.RELEASE_CANARY_MAX_FAILURE_RATE);
    if (!Number.isFinite(rate) || rate < 0 || rate >= 1) {
      throw new Error(`RELEASE_CANARY_MAX_FAILURE_RATE must be a number from 0 to under 1, got '${env.RELEASE_CANARY_MAX_FAILURE_RATE}'`);
    }
    out.maxFailureRate = rate;
  }
  if (env.RELEASE_CANARY_MIN_BROWSERS) {
    const n = Number(env.RELEASE_CANARY_MIN_BROWSERS);
    if (!Number.isInteger(n) || n < 1) throw new Error(`RELEASE_CANARY_MIN_BROWSERS must be a whole number from 1, got '${env.RELEASE_CANARY_MIN_BROWSERS}'`);
    out.minBrowsers = n;
  }
  const httpUrl = (name: string, value: string): string => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${name} must be an http or https address, got '${value}'`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      throw new Error(`${name} must be an http or https address without credentials, got '${value}'`);
    }
    return url.href;
  };
  if (env.RELEASE_BASE_URL) out.baseUrl = httpUrl('RELEASE_BASE_URL', env.RELEASE_BASE_URL);
  for (const { name, env: variable } of REMOTE_ENV) {
    const setting = `RELEASE_ORIGINS_${variable.replace(/^REMOTE_|_URL$/g, '')}`;
    const value = env[setting];
    if (!value) continue;
    (out.origins ??= {})[name] = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
      .map((v) => httpUrl(setting, v));
  }
  return out;
}

/** SEED_ARTICLES: a whole number up to 1 000 000, or unset/empty. */
export function parseSeedArticles(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new Error(`SEED_ARTICLES must be a whole number up to 1000000, got '${value}'`);
  return n;
}

/** SEARCH_READERS: a whole number from 0 to 8; unset/empty = 1. */
export function parseSearchReaders(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 8) throw new Error(`SEARCH_READERS must be a whole number from 0 to 8, got '${value}'`);
  return n;
}

/** RENDER_WORKERS: a whole number from 1 to 8; unset/empty = DEFAULT_RENDER_WORKERS (decision 045). */
export function parseRenderWorkers(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RENDER_WORKERS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_RENDER_WORKERS)
    throw new Error(`RENDER_WORKERS must be a whole number from 1 to ${MAX_RENDER_WORKERS}, got '${value}'`);
  return n;
}

/** The real captcha's settings besides its secret (README 'Production settings'). */
export interface CaptchaSettings {
  /** CAPTCHA_SITE_KEY: the public key the browser gets tokens with; required with CAPTCHA_SECRET. */
  siteKey: string;
  /** CAPTCHA_SCRIPT_URL: the provider's browser script; default Google's api.js. The CSP allows its origin. */
  scriptUrl: string;
  /** CAPTCHA_VERIFY_URL: where the server checks tokens; default Google's siteverify. */
  verifyUrl: string;
  /** CAPTCHA_MIN_SCORE: the lowest score accepted, 0 to 1; default 0.5. */
  minScore: number;
}

export const DEFAULT_CAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
export const DEFAULT_CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** An https URL (http only for this machine), else an error naming the setting. */
function parseServiceUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got '${value}'`);
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw new Error(`${name} must be an https URL (http only for localhost), got '${value}'`);
  if (url.username || url.password) throw new Error(`${name} must not carry credentials`);
  return url.href;
}

function parseCaptcha(env: NodeJS.ProcessEnv): CaptchaSettings | undefined {
  const others = ['CAPTCHA_SITE_KEY', 'CAPTCHA_SCRIPT_URL', 'CAPTCHA_VERIFY_URL', 'CAPTCHA_MIN_SCORE'].filter((name) => env[name]);
  if (!env.CAPTCHA_SECRET) {
    if (others.length > 0) throw new Error(`${others.join(', ')} need CAPTCHA_SECRET (without it the local captcha is used)`);
    return undefined;
  }
  const siteKey = env.CAPTCHA_SITE_KEY?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(siteKey)) {
    throw new Error('CAPTCHA_SITE_KEY must be set with CAPTCHA_SECRET (the site key the browser gets tokens with: letters, digits, - and _)');
  }
  const score = env.CAPTCHA_MIN_SCORE === undefined || env.CAPTCHA_MIN_SCORE === '' ? 0.5 : Number(env.CAPTCHA_MIN_SCORE);
  if (!Number.isFinite(score) || score < 0 || score > 1) throw new Error(`CAPTCHA_MIN_SCORE must be a number from 0 to 1, got '${env.CAPTCHA_MIN_SCORE}'`);
  return {
    siteKey,
    scriptUrl: parseServiceUrl('CAPTCHA_SCRIPT_URL', env.CAPTCHA_SCRIPT_URL, DEFAULT_CAPTCHA_SCRIPT_URL),
    verifyUrl: parseServiceUrl('CAPTCHA_VERIFY_URL', env.CAPTCHA_VERIFY_URL, DEFAULT_CAPTCHA_VERIFY_URL),
    minScore: score,
  };
}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got '${value}'`);
  return port;
}

function parseMultiplier(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`RATE_LIMIT_MULTIPLIER must be a positive number, got '${value}'`);
  return n;
}

function parseCountry(value: string | undefined): string {
  if (value === undefined || value === '') return 'US';
  const code = normalizeCountryCode(value);
  if (!code) throw new Error(`GEO_COUNTRY must be a two-letter country code, got '${value}'`);
  return code;
}

function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isPostgresUrl(value)) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the SQLite file)');
  return value;
}

const truthy = (value: string | undefined) => value === '1' || value === 'true';

/** A hop count or Express's list of trusted proxies; 'true' (any client may name its own address) is refused. */
function parseTrustProxy(value: string | undefined): number | string | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  if (value === 'true') throw new Error("TRUST_PROXY=true lets any client choose its address: give the hop count or the proxies' addresses");
  return value;
}

/** The From of every mail when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = '"The Management Review" <no-reply@localhost>';

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  smtpOptionsFromUrl(value);
  return value;
}

function parseMailFrom(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_MAIL_FROM;
  if (/[\u0000-\u001f\u007f]/.test(value) || !/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(value.trim())) {
    throw new Error(`MAIL_FROM must be an address, or "Name" <address>, on one line; got '${value}'`);
  }
  return value.trim();
}

/**
 * Settings that hold a key and fall back to a development default when unset (a built-in HMAC key,
 * the local captcha verifier that takes any token). With NODE_ENV=production every one must be set.
 */
export const PRODUCTION_SECRETS = ['DIGEST_SECRET', 'SHARE_LINK_SECRET', 'CAPTCHA_SECRET'] as const;

/**
 * With NODE_ENV=production: the server does not start while a secret has its development default,
 * or while the mail outbox (live reset links) would be served. Any other NODE_ENV keeps the defaults.
 */
export function assertProductionSettings(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== 'production') return;
  const missing = PRODUCTION_SECRETS.filter((name) => !env[name]);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`set ${missing.join(', ')}`);
  if (truthy(env.DEV_OUTBOX)) problems.push('unset DEV_OUTBOX');
  if (problems.length > 0) throw new Error(`Refusing to start in production: ${problems.join('; ')}`);
}

export function settingsFromEnv(env: NodeJS.ProcessEnv, repoRoot: string = REPO_ROOT): EnvSettings {
  assertProductionSettings(env);
  const remotes = Object.fromEntries(REMOTE_ENV.map((r) => [r.name, env[r.env] || `http://localhost:${r.port}/mf-manifest.json`])) as Record<
    RemoteName,
    string
  >;
  const multiplier = parseMultiplier(env.RATE_LIMIT_MULTIPLIER);
  const shellDist = env.SHELL_DIST === undefined ? path.join(repoRoot, 'shell', 'dist') : env.SHELL_DIST || null;
  return {
    port: parsePort(env.PORT, 3000),
    databaseFile: env.DATABASE_FILE || path.join(repoRoot, '.data', 'site.db'),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    seedArticles: parseSeedArticles(env.SEED_ARTICLES),
    searchReaders: parseSearchReaders(env.SEARCH_READERS),
    renderWorkers: parseRenderWorkers(env.RENDER_WORKERS),
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    remotes,
    shellDist,
    cookieSecure: env.COOKIE_SECURE === undefined ? undefined : truthy(env.COOKIE_SECURE),
    rateLimits: multiplier === undefined ? undefined : scaleRateLimits(DEFAULT_RATE_LIMITS, multiplier),
    exposeOutbox: truthy(env.DEV_OUTBOX),
    captchaSecret: env.CAPTCHA_SECRET || undefined,
    captchaSettings: parseCaptcha(env),
    geoCountry: parseCountry(env.GEO_COUNTRY),
    digestSecret: env.DIGEST_SECRET || undefined,
    shareLinkSecret: env.SHARE_LINK_SECRET || undefined,
    maintenance: truthy(env.MAINTENANCE),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM),
    logLevel: logLevelFromEnv(env),
    releases: parseReleaseSettings(env),
  };
}
