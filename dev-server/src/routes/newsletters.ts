/**
 * Newsletters and marketing campaigns: the list (GET /api/newsletters) and the member's
 * subscriptions, one pair of calls per kind, and unsubscribe-all (SITE-07).
 */
import { Router } from 'express';
import { type NewsletterKind, NewsletterRequestSchema } from 'shared-contracts/server';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import type { RouteContext } from './context';

const IdParams = z.object({ id: z.string().min(1).max(80) });
const PRIVATE = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };

const KIND_PATHS: { kind: NewsletterKind; path: string }[] = [
  { kind: 'newsletter', path: '/service/user/newsletters' },
  { kind: 'marketingCampaign', path: '/service/user/marketingcampaigns' },
];

export function newsletterRoutes({ services, viewers }: RouteContext): Router {
  const router = Router();

  router.get('/api/newsletters', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await services.newsletters.list());
  });

  for (const { kind, path } of KIND_PATHS) {
    router.get(path, async (req, res) => {
      const viewer = await viewers.requireViewer(req);
      res.set(PRIVATE).json(await services.newsletters.subscriptions(viewer));
    });

    router.post(path, async (req, res) => {
      const viewer = await viewers.requireViewer(req);
      const body = parseInput(NewsletterRequestSchema, req.body, 'Invalid newsletter');
      res.set(PRIVATE).json(await services.newsletters.change(viewer, kind, body.name, body.activity));
    });

    router.delete(`${path}/:id`, async (req, res) => {
      const viewer = await viewers.requireViewer(req);
      const { id } = parseInput(IdParams, req.params, 'Invalid newsletter');
      res.set(PRIVATE).json(await services.newsletters.unsubscribe(viewer, kind, id));
    });
  }

  router.delete('/service/user/unsubscribe/all', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set(PRIVATE).json(await services.newsletters.unsubscribeAll(viewer));
  });

  return router;
}
