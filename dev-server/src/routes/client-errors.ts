/**
 * POST /api/client-errors: the shell reports a remote that failed to load (remote, module, stage,
 * message, page; ClientErrorReportSchema of shared-contracts). Answered 204 and written as one log
 * line `{ level: 'warn', msg: 'remote load failed', requestId, remote, module, stage, message, page }`.
 * Rate-limited per address and CSRF-checked like any POST. The message is the browser's error text:
 * URLs in it lose their query strings and email addresses are masked before it is logged.
 * The failure is counted against the remote's version this browser was served, as its signed
 * `mfe_served` cookie says (decision 046): a report from a browser that was served nothing (no or a
 * forged cookie) is logged but counts for no version, and reports are limited per address and per
 * browser. A canary failing too often, in enough browsers, is taken out of its channel (decision 037).
 */
import { Router, type Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { ClientErrorReportSchema } from 'shared-contracts/server';
import { servedKey, servedOf } from '../http/release-served';
import { requestIdOf } from '../http/request-log';
import { parseInput } from '../http/validation';
import { InvalidInputError } from '../services/errors';
import type { RouteContext } from './context';

/** A page path as location.pathname gives it: a leading slash, no query, fragment or spaces. */
const PAGE_PATH = /^\/[^?#\s]*$/;
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#][^\s'"<>)]*/gi;
const EMAIL = /[^\s@'"<>()]+@[^\s@'"<>()]+\.[^\s@'"<>()]+/g;

/** The browser's message as it may be logged: no query strings, no email addresses, no control characters. */
export function scrubClientMessage(message: string): string {
  return message
    .replace(URL_QUERY, '$1')
    .replace(EMAIL, '[email]')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
}

/** A per-browser limit's key: the served-versions cookie's browser id, else the address (no cookie: nothing is counted anyway). */
export function browserKey(key: string) {
  return async (req: Request) => {
    const served = servedOf(req, key);
    return served ? `browser:${served.browser}` : `address:${ipKeyGenerator(req.ip ?? '')}`;
  };
}

export function clientErrorRoutes({ config, logger, limit, services }: RouteContext): Router {
  const router = Router();
  const key = servedKey(config);
  const perBrowser = limit('releaseReports', { keyGenerator: browserKey(key), scope: 'clientErrorsBrowser' });
  router.post('/api/client-errors', limit('clientErrors'), perBrowser, async (req, res) => {
    const report = parseInput(ClientErrorReportSchema, req.body, 'Invalid report');
    if (!PAGE_PATH.test(report.page)) {
      throw new InvalidInputError('Invalid report', [{ field: 'page', errorMessage: 'Must be a page path.' }]);
    }
    logger.warn('remote load failed', {
      requestId: requestIdOf(res),
      remote: report.remote,
      module: report.module,
      stage: report.stage,
      message: scrubClientMessage(report.message),
      page: report.page,
    });
    const served = servedOf(req, key);
    const version = served?.versions[report.remote];
    try {
      if (served && version) await services.releases.recordFailure(report.remote, version, served.browser);
    } catch (error) {
      logger.warn('remote failure not counted', { remote: report.remote, error: error instanceof Error ? error.message : String(error) });
    }
    res.status(204).set('Cache-Control', 'no-store').end();
  });
  return router;
}
