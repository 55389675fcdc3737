/**
 * Request ids and the request log. Every request gets an id: the incoming X-Request-Id when it is a
 * sane token, else a random UUID. It is echoed in the X-Request-Id response header, kept in
 * res.locals.requestId (error logs and the client error reports name it), and written in the one
 * line logged when the response is done:
 *   { level: 'info', time, msg: 'request', requestId, method, path, status, durationMs }
 * The path has no query string (it may hold tokens), and the secrets a path itself carries (a
 * shared folder's link token, a download digest) are redacted (log-redaction.ts, PLAT-08); bodies
 * and cookies are never logged.
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { redactUrlSecrets } from './log-redaction';
import type { Logger } from './logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The incoming id when it is a sane token, else a new random one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The request's id (set by requestLog; '-' for a request that did not pass through it). */
export function requestIdOf(res: Response): string {
  const id: unknown = res.locals.requestId;
  return typeof id === 'string' ? id : '-';
}

/** The path a log may show: the original URL without its query string or fragment, its secrets redacted. */
export function logPath(req: Request): string {
  const url = req.originalUrl || req.url;
  const end = url.search(/[?#]/);
  return redactUrlSecrets(end === -1 ? url : url.slice(0, end)).slice(0, 500);
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFor(req.get(REQUEST_ID_HEADER));
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // Below 'info' (LOG_LEVEL=warn, error or silent) the line would be dropped: no timing, no listeners.
    if (logger.enabled?.('info') === false) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      logger.info('request', {
        requestId,
        method: req.method,
        path: logPath(req),
        status: res.statusCode,
        durationMs,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
