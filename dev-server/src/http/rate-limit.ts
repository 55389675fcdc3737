/**
 * Per-client rate limits (express-rate-limit), on top of the per-account lockout that the accounts
 * issue adds: one address cannot try passwords against many accounts at speed. The counters are in
 * memory, per process; several API processes will need a shared store (the database) for them.
 */
import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { RateLimit, RateLimits } from '../deps';
import { errorBody } from './errors';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { windowMs: FIFTEEN_MINUTES, limit: 30 },
  registration: { windowMs: FIFTEEN_MINUTES, limit: 20 },
  forgotPassword: { windowMs: FIFTEEN_MINUTES, limit: 10 },
  subscriberSearch: { windowMs: FIFTEEN_MINUTES, limit: 20 },
  share: { windowMs: FIFTEEN_MINUTES, limit: 20 },
  checkout: { windowMs: FIFTEEN_MINUTES, limit: 30 },
  // A page reports each failed remote, module and stage once; a reader moving between pages while
  // the remotes are down sends a few dozen.
  clientErrors: { windowMs: FIFTEEN_MINUTES, limit: 100 },
};

/** Every limit multiplied (rounded up), windows unchanged: RATE_LIMIT_MULTIPLIER for e2e. */
export function scaleRateLimits(limits: RateLimits, multiplier: number): RateLimits {
  const scaled = Object.entries(limits).map(([name, l]) => [name, { windowMs: l.windowMs, limit: Math.ceil(l.limit * multiplier) }]);
  return Object.fromEntries(scaled) as unknown as RateLimits;
}

/** The answer when a client is over its limit (the specs give no wording for it). */
export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a few minutes and try again.';

export function limiter({ windowMs, limit }: RateLimit, options: { keyGenerator?: (req: Request) => Promise<string> } = {}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
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
