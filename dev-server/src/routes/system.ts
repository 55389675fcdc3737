/**
 * Health check and the remote locations the shell reads at run time.
 *
 * /remotes.json is derived from the release registry per request (decision 037): each remote's
 * stable version, or its canary for a browser in the canary's cohort or opted in. It varies by the
 * browser's cookies and opt-in header, so it is `private`; and it is revalidated on every load
 * (`no-cache`, with an ETag: an unchanged answer is a 304), never kept for a while by the browser,
 * because the page's HTML is rendered against the registry as it is now (the renderer reads this same
 * answer for the reader) and a browser holding an older answer would hydrate another version's
 * markup. The short cache is the server's: the registry is read at most once a second per process.
 */
import { Router } from 'express';
import { RELEASE_CANARY_HEADER } from 'shared-contracts/server';
import { assignCohort } from '../http/release-cohort';
import type { RouteContext } from './context';

export const REMOTES_CACHE_CONTROL = 'private, no-cache';

export function systemRoutes({ config, services }: RouteContext): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  router.get('/remotes.json', async (req, res) => {
    const snapshot = await services.releases.snapshot();
    const cohort = assignCohort(req, res, snapshot, config.cookieSecure);
    res.set('Cache-Control', REMOTES_CACHE_CONTROL).vary('Cookie').vary(RELEASE_CANARY_HEADER).json(services.releases.resolve(snapshot, cohort));
  });
  return router;
}
