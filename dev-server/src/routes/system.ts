/** Health check and the remote locations the shell reads at run time. */
import { Router } from 'express';
import { type RemotesConfig } from 'shared-contracts/server';
import type { RouteContext } from './context';

export function systemRoutes({ config }: RouteContext): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  router.get('/remotes.json', (_req, res) => {
    const body: RemotesConfig = { remotes: { ...config.remotes } };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
