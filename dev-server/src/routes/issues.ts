/** Magazine issues: one issue with its table of contents, the current issue, and generated covers. */
import { Router } from 'express';
import type { RouteContext } from './context';
import { SVG_HEADERS } from './media';

const ISSUE_CACHE = { 'Cache-Control': 'public, max-age=300' };

export function issueRoutes({ services }: RouteContext): Router {
  const router = Router();

  router.get('/api/magazine/current-issue', async (_req, res) => {
    res.set(ISSUE_CACHE).json(await services.issues.currentIssue());
  });

  // The service checks the code's pattern (BR + 4 digits, or 4 digits) and answers 404 otherwise.
  router.get('/api/magazine/issue/:code', async (req, res) => {
    res.set(ISSUE_CACHE).json(await services.issues.issue(String(req.params.code)));
  });

  router.get('/media/issues/:code/cover.svg', async (req, res) => {
    res.set(SVG_HEADERS).send(await services.issues.coverSvg(String(req.params.code)));
  });

  return router;
}
