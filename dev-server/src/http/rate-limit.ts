/**
 * Per-client rate limits (express-rate-limit), on top of the per-account lockout (decision 010):
 * one address cannot try passwords against many accounts at speed. The app keeps the counters in
 * the database (http/rate-limit-store.ts), so several API processes share them; without
 * a store (a bare `limiter`), they are in memory, per process.
 */
import type { Request, RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { RateLimit, RateLimits } from '../deps';
import { errorBody } from './errors';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { windowMs: FIFTEEN_MINUTES, limit: 30 },
  registration: { windowMs: FIFTEEN_MINUTES, limit: 20 },
  forgotPassword: { windowMs: FIFTEEN_MINUTES, limit: 10 },
  subscriberSearch: { windowMs: FIFTEEN_MINUTES, limit: 20 },
  // Lookups of one email per hour from any number of addresses: a subscriber mistyping their
  // account number a few times; a guesser spread over many addresses gets no further.
  subscriberSearchEmail: { windowMs: 60 * 60 * 1000, limit: 10 },
  share: { windowMs: FIFTEEN_MINUTES, limit: 20 },
  checkout: { windowMs: FIFTEEN_MINUTES, limit: 30 },
  // New guest carts per address and hour: a household or an office behind one address shops in a
  // handful of browsers; a script adding without cookies makes one cart per request.
  guestCarts: { windowMs: 60 * 60 * 1000, limit: 20 },
  // A page reports each failed remote, module and stage once; a reader moving between pages while
  // the remotes are down sends a few dozen.
  clientErrors: { windowMs: FIFTEEN_MINUTES, limit: 100 },
  // Confirmation links a member may ask to be sent again: a mail gone to spam, a second try.
  emailVerification: { windowMs: FIFTEEN_MINUTES, limit: 3 },
  // Pictures drawn for one address (cached ones are free): a reader paging through streams of
  // items nobody has looked at yet meets a few hundred; a script asking for the whole catalogue
  // meets the limit.
  imageRenders: { windowMs: FIFTEEN_MINUTES, limit: 600 },
  // A team's CLI and an operator's page: a release is a handful of requests; guessing tokens is not.
  releases: { windowMs: FIFTEEN_MINUTES, limit: 120 },
  // One per page and canary remote taken up: a reader reading a page every few seconds.
  remoteLoads: { windowMs: FIFTEEN_MINUTES, limit: 300 },
  // Per browser: the pages one reader opens in a quarter of an hour. A browser reporting more is a
  // script, and one browser is one browser however much it reports (decision 046).
  releaseReports: { windowMs: FIFTEEN_MINUTES, limit: 60 },
};

/** Every limit multiplied (rounded up), windows unchanged: RATE_LIMIT_MULTIPLIER for e2e. */
export function scaleRateLimits(limits: RateLimits, multiplier: number): RateLimits {
  const scaled = Object.entries(limits).map(([name, l]) => [name, { windowMs: l.windowMs, limit: Math.ceil(l.limit * multiplier) }]);
  return Object.fromEntries(scaled) as unknown as RateLimits;
}

/** The answer when a client is over its limit (the specs give no wording for it). */
export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a few minutes and try again.';

export interface LimiterOptions {
  /** The client's key; default the address (express-rate-limit's own). */
  keyGenerator?: (req: Request) => Promise<string>;
  /** Where the counters live; default express-rate-limit's memory store (one per process). */
  store?: Store;
}

export function limiter({ windowMs, limit }: RateLimit, options: LimiterOptions = {}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
    ...(options.store ? { store: options.store } : {}),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).set('Cache-Control', 'no-store').json(errorBody(TOO_MANY_REQUESTS));
    },
  });
}

export function rateLimitsOf(config: { rateLimits?: Partial<RateLimits> }): RateLimits {
  return { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };
}

/**
 * A route's limiter by the name of its limit. Every limiter counts apart ('{scope}:{client}'); the
 * scope is the limit's name unless a second route with the same limit gives its own.
 */
export type Limiter = (name: keyof RateLimits, options?: { keyGenerator?: LimiterOptions['keyGenerator']; scope?: string }) => RequestHandler;

export function createLimiter(config: { rateLimits?: Partial<RateLimits> }, storeFor?: (prefix: string) => Store): Limiter {
  const limits = rateLimitsOf(config);
  return (name, options = {}) =>
    limiter(limits[name], {
      ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
      ...(storeFor ? { store: storeFor(`${options.scope ?? name}:`) } : {}),
    });
}
