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
 * The answer also records, in the signed `mfe_served` cookie, which versions this browser was served
 * (decision 046): the release reports count only for those.
 */
import { Router } from 'express';
import { RELEASE_CANARY_HEADER } from 'shared-contracts/server';
import { assignCohort, optInAllowed } from '../http/release-cohort';
import { markServed, servedKey } from '../http/release-served';
import type { RouteContext } from './context';

export const REMOTES_CACHE_CONTROL = 'private, no-cache';

export function systemRoutes({ config, services, viewers }: RouteContext): Router {
  const router = Router();
  const key = servedKey(config);
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  router.get('/remotes.json', async (req, res) => {
    const snapshot = await services.releases.snapshot();
    const allowed = await optInAllowed(req, viewers, services.releases.mayOptIn);
    const cohort = assignCohort(req, res, snapshot, config.cookieSecure, allowed);
    const answer = services.releases.resolve(snapshot, cohort);
    // What this browser was served, signed: its failure and load reports count for these versions only (decision 046).
    markServed(req, res, key, answer.versions, config.cookieSecure);
    res.set('Cache-Control', REMOTES_CACHE_CONTROL).vary('Cookie').vary(RELEASE_CANARY_HEADER).json(answer);
  });
  return router;
}
