/**
 * Security headers on every response (helmet), built from the app's config:
 * - Content-Security-Policy: scripts, fetches and images only from this site and the configured
 *   remote origins (the origins of config.remotes' manifest URLs); inline styles allowed (the shell's
 *   index.html has a <style> block and components use style attributes); no plugins; frames only
 *   from this site. With the real captcha (CAPTCHA_SECRET and CAPTCHA_SCRIPT_URL), its script's
 *   origin may also serve scripts and frames (captchaSources); never otherwise. Pages under /video/embed/ may be framed by any site (frame-ancestors *, no
 *   X-Frame-Options); every other response only by this site.
 * - Strict-Transport-Security (a year, subdomains) and upgrade-insecure-requests only behind HTTPS
 *   (config.cookieSecure): npm start and the e2e run on http://localhost.
 * - nosniff, Referrer-Policy strict-origin-when-cross-origin, Cross-Origin-Opener-Policy
 *   same-origin-allow-popups (the share popups). No COEP or CORP: remote scripts come from other
 *   origins.
 */
import type { Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../deps';

export type CspDirectives = Record<string, string[]>;

/** Pages other sites may put in an iframe (the video player's embed code). */
export const EMBED_PATH_PREFIX = '/video/embed/';

export function isEmbedPath(path: string): boolean {
  return path.startsWith(EMBED_PATH_PREFIX);
}

/** The distinct origins of the remotes' manifest URLs, sorted; an unparsable URL is skipped. */
export function remoteOrigins(remotes: AppConfig['remotes']): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remotes)) {
    try {
      const { origin } = new URL(url);
      if (origin !== 'null') origins.add(origin);
    } catch {
      // Not an absolute URL: nothing to allow.
    }
  }
  return [...origins].sort();
}

type HeaderConfig = Pick<AppConfig, 'remotes' | 'cookieSecure' | 'publicOrigin'> & {
  /** The real captcha's script (CAPTCHA_SCRIPT_URL): set only in that mode, when its origin is allowed. */
  captchaScriptUrl?: string | undefined;
  /** The remotes' origins when the release registry names them (decision 037); else those of `remotes`. */
  remoteOrigins?: string[] | undefined;
};

/** Where Google's reCAPTCHA, once its api.js has loaded, takes its code and its frame from. */
const GOOGLE_CAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.recaptcha.net'];
const GOOGLE_CAPTCHA_SCRIPTS = ['https://www.gstatic.com/recaptcha/'];
const GOOGLE_CAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * What the real captcha needs (none without CAPTCHA_SCRIPT_URL's mode): its script's origin for
 * scripts and frames, and for Google's own script the code and frame origins it loads in turn.
 */
export function captchaSources(scriptUrl: string | undefined): { scripts: string[]; frames: string[] } {
  if (!scriptUrl) return { scripts: [], frames: [] };
  let origin: string;
  try {
    origin = new URL(scriptUrl).origin;
  } catch {
    return { scripts: [], frames: [] };
  }
  if (origin === 'null') return { scripts: [], frames: [] };
  const google = GOOGLE_CAPTCHA_ORIGINS.includes(origin);
  return {
    scripts: [origin, ...(google ? GOOGLE_CAPTCHA_SCRIPTS : [])],
    frames: [origin, ...(google ? GOOGLE_CAPTCHA_FRAMES : [])],
  };
}

/** The CSP directives of a page; `embed` for pages under /video/embed/. */
export function cspDirectives(config: HeaderConfig, options: { embed?: boolean } = {}): CspDirectives {
  const self = "'self'";
  const own = new URL(config.publicOrigin).origin;
  // The site's own origin is 'self' already.
  const remotes = (config.remoteOrigins ?? remoteOrigins(config.remotes)).filter((origin) => origin !== own);
  const captcha = captchaSources(config.captchaScriptUrl);
  const directives: CspDirectives = {
    'default-src': [self],
    'script-src': [self, ...remotes, ...captcha.scripts],
    'connect-src': [self, ...remotes],
    'img-src': [self, 'data:', ...remotes],
    'style-src': [self, "'unsafe-inline'"],
    'media-src': [self],
    'font-src': [self],
    'object-src': ["'none'"],
    'base-uri': [self],
    'form-action': [self],
    'frame-src': [self, ...captcha.frames],
    'frame-ancestors': options.embed ? ['*'] : [self],
  };
  if (config.cookieSecure) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The Content-Security-Policy header value of the directives (what helmet sends). */
export function cspHeaderValue(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function helmetOptions(config: HeaderConfig, options: { embed?: boolean } = {}): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, options) },
    strictTransportSecurity: config.cookieSecure ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false } : false,
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: options.embed ? false : { action: 'sameorigin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
  };
}

/** What a helmet middleware does to a response: headers set, in order, and headers removed. */
export interface HeaderPlan {
  set: ReadonlyArray<readonly [string, string | number | readonly string[]]>;
  remove: readonly string[];
}

/**
 * Runs a helmet middleware once against a recording response. Helmet's headers here depend on the
 * config alone (no nonces, no functions in the CSP), so what it does to one response it does to
 * every response: doing it from the recording saves helmet's eleven nested middleware calls per
 * request, and the headers stay exactly helmet's.
 */
export function headerPlanOf(middleware: RequestHandler): HeaderPlan {
  const set: [string, string | number | readonly string[]][] = [];
  const remove: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      remove.push(name);
    },
  };
  const outcome: { finished: boolean; error: unknown } = { finished: false, error: undefined };
  middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    outcome.finished = true;
    outcome.error = error;
  });
  if (!outcome.finished) throw new Error('the security headers middleware did not finish synchronously');
  if (outcome.error) throw outcome.error;
  return { set, remove };
}

function applyPlan(plan: HeaderPlan): RequestHandler {
  const { set, remove } = plan;
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of remove) res.removeHeader(name);
    next();
  };
}

/** The remote origins now: at once when known, else once the registry has been read. */
export type RemoteOriginsSource = () => string[] | Promise<string[]>;

/**
 * One middleware: the embed headers under /video/embed/, the site's headers everywhere else. With
 * `origins` (the release registry's), the policy's remote origins follow the versions the channels
 * name: a plan per set of origins, built once (a handful at most: the stable and canary versions).
 */
export function securityHeaders(config: HeaderConfig, origins?: RemoteOriginsSource): RequestHandler {
  const plans = new Map<string, { site: RequestHandler; embed: RequestHandler }>();
  const planFor = (remoteOrigins: string[] | undefined) => {
    const key = remoteOrigins?.join(' ') ?? '';
    let plan = plans.get(key);
    if (!plan) {
      const withOrigins = remoteOrigins ? { ...config, remoteOrigins } : config;
      plan = {
        site: applyPlan(headerPlanOf(helmet(helmetOptions(withOrigins)))),
        embed: applyPlan(headerPlanOf(helmet(helmetOptions(withOrigins, { embed: true })))),
      };
      if (plans.size >= 32) plans.clear();
      plans.set(key, plan);
    }
    return plan;
  };
  const fixed = planFor(undefined);
  return (req, res, next) => {
    const apply = (plan: { site: RequestHandler; embed: RequestHandler }) => (isEmbedPath(req.path) ? plan.embed : plan.site)(req, res, next);
    const now = origins?.();
    if (now === undefined) apply(fixed);
    else if (Array.isArray(now)) apply(planFor(now));
    else now.then((o) => apply(planFor(o)), next);
  };
}
