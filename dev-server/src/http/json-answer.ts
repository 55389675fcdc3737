/**
 * A JSON answer serialized once and sent many times (the content caches of routes/content.ts and
 * routes/discovery.ts, docs/decisions/019-api-caching.md). Sent exactly as `res.json(value)` would
 * send it: the same bytes, Content-Type, Content-Length and ETag (the app's 'etag fn', computed once
 * instead of per request), a 304 to a matching If-None-Match, and every other header (request id,
 * security headers, Cache-Control, Vary, compression) left to the middleware and the route.
 */
import type { Request, Response } from 'express';

export interface JsonAnswer {
  readonly body: Buffer;
  /** The ETag express would send for the body; undefined when the app sends none. */
  readonly etag: string | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Serializes `value` as res.json does (JSON.stringify; this app sets no json replacer, spaces or escape). */
export function jsonAnswer(req: Request, value: unknown): JsonAnswer {
  const app = req.app;
  const replacer: unknown = app.get('json replacer');
  const spaces: unknown = app.get('json spaces');
  if (replacer !== undefined || spaces !== undefined || app.enabled('json escape')) {
    throw new Error('jsonAnswer serializes like res.json only without json replacer, spaces or escape');
  }
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const etagFn: unknown = app.get('etag fn');
  const etag = typeof etagFn === 'function' ? (etagFn as (body: Buffer, encoding?: string) => string | undefined)(body) : undefined;
  return { body, etag };
}

export function sendJsonAnswer(res: Response, answer: JsonAnswer): void {
  res.setHeader('Content-Type', JSON_TYPE);
  if (answer.etag !== undefined) res.setHeader('ETag', answer.etag);
  // A Buffer with its ETag set: express adds Content-Length, answers 304 when fresh, and skips HEAD bodies.
  res.send(answer.body);
}
