/**
 * gzip (or br, deflate) for text answers, by the compression middleware, for requests that accept
 * an encoding. A request without Accept-Encoding, or accepting only `identity` (load generators,
 * health checks, a page render's own requests over loopback), is never compressed by compression()
 * anyway; it skips the middleware, whose set-up (wrapped
 * response methods, a close listener, content negotiation) was about a fifth of a cached answer's
 * CPU time (docs/decisions/019-api-caching.md). Such an answer lacks only compression's
 * `Vary: Accept-Encoding`, which an uncompressed answer does not need: any client can read it.
 *
 * Brotli at quality 6, not the middleware's 4 (decision 041): a page's HTML is 9-12 % smaller (home
 * 13.0 -> 11.8 KB, the store 19.0 -> 16.8 KB) for about 0.2 ms more per 150 KB page, so more pages
 * arrive in the first round trip of a new connection (about 14 KB). Above 6 the bytes barely move
 * and the time does (quality 9: 12 ms; 11: over 100 ms).
 */
import zlib from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/** Brotli's quality for answers compressed as they are sent. */
export const BROTLI_QUALITY = 6;

export function compressAnswers(): RequestHandler {
  const gzip = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });
  return (req, res, next) => {
    const accepted = req.headers['accept-encoding'];
    return accepted && accepted !== 'identity' ? gzip(req, res, next) : next();
  };
}
