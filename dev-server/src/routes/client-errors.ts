/**
 * POST /api/client-errors: the shell reports a remote that failed to load (remote, module, stage,
 * message, page; ClientErrorReportSchema of shared-contracts). Answered 204 and written as one log
 * line `{ level: 'warn', msg: 'remote load failed', requestId, remote, module, stage, message, page }`.
 * Rate-limited per address and CSRF-checked like any POST. The message is the browser's error text:
 * URLs in it lose their query strings and email addresses are masked before it is logged.
 * The failure is counted against the remote's version this browser is given (its cohort's, the same
 * resolution as its /remotes.json): a canary failing too often is taken out of its channel (decision 037).
 */
import { Router } from 'express';
import { ClientErrorReportSchema } from 'shared-contracts/server';
import { cohortOf } from '../http/release-cohort';
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

export function clientErrorRoutes({ logger, limit, services }: RouteContext): Router {
  const router = Router();
  router.post('/api/client-errors', limit('clientErrors'), async (req, res) => {
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
    try {
      const version = services.releases.resolve(await services.releases.snapshot(), cohortOf(req)).versions[report.remote];
      await services.releases.recordFailure(report.remote, version);
    } catch (error) {
      logger.warn('remote failure not counted', { remote: report.remote, error: error instanceof Error ? error.message : String(error) });
    }
    res.status(204).set('Cache-Control', 'no-store').end();
  });
  return router;
}
