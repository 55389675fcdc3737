/** Topic pages (GET /api/topic/{slug}) and the member's follows (/service/user/topics). */
import { Router } from 'express';
import { FollowTopicRequestSchema } from 'shared-contracts/server';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import type { RouteContext } from './context';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });
const PRIVATE = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };

export function topicRoutes({ services, viewers }: RouteContext): Router {
  const router = Router();

  router.get('/api/topic/:slug', async (req, res) => {
    const { slug } = parseInput(SlugParams, req.params, 'Invalid topic');
    res.set('Cache-Control', 'public, max-age=60').json(await services.topics.detail(slug));
  });

  router.get('/service/user/topics', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set(PRIVATE).json(await services.topics.following(viewer));
  });

  router.post('/service/user/topics', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const { name } = parseInput(FollowTopicRequestSchema, req.body, 'Invalid topic');
    res.set(PRIVATE).json(await services.topics.follow(viewer, name));
  });

  // deleteAll (SITE-07): stop following every topic, at /all as newsletters' /unsubscribe/all
  // ('all' is no topic's slug: the taxonomy is fixed, seed/topics.ts).
  router.delete('/service/user/topics/all', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set(PRIVATE).json(await services.topics.unfollowAll(viewer));
  });

  router.delete('/service/user/topics/:slug', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const { slug } = parseInput(SlugParams, req.params, 'Invalid topic');
    res.set(PRIVATE).json(await services.topics.unfollow(viewer, slug));
  });

  return router;
}
