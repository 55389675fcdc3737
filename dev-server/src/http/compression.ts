/**
 * gzip (or br, deflate) for text answers, by the compression middleware, for requests that accept
 * an encoding. A request without Accept-Encoding (load generators, health checks, server-to-server
 * calls) is never compressed by compression() anyway; it skips the middleware, whose set-up (wrapped
 * response methods, a close listener, content negotiation) was about a fifth of a cached answer's
 * CPU time (docs/decisions/019-api-caching.md). Such an answer lacks only compression's
 * `Vary: Accept-Encoding`, which an uncompressed answer does not need: any client can read it.
 */
import compression from 'compression';
import type { RequestHandler } from 'express';

export function compressAnswers(): RequestHandler {
  const gzip = compression();
  return (req, res, next) => (req.headers['accept-encoding'] ? gzip(req, res, next) : next());
}
