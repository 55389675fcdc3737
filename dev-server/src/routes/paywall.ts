/**
 * The paywall's calls (PAY-07): the article body through the server's meter, the viewer's
 * meter, gift links and reading lists. Every answer depends on the viewer: never stored by a cache.
 */
import { Router } from 'express';
import { type ArticleContent, type Quota } from 'shared-contracts/server';
import { z } from 'zod';
import { deviceTokenOf, ensureDeviceToken } from '../http/device';
import { parseInput } from '../http/validation';
import type { RouteContext } from './context';

const ContentQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, 'Must be a four-digit year.')
    .transform(Number),
  month: z
    .string()
    .regex(/^(0?[1-9]|1[0-2])$/, 'Must be a month 1-12.')
    .transform(Number),
  seotitle: z.string().regex(/^[a-z0-9-]{1,200}$/, 'Must be an article slug.'),
});
/** The spec's other body keys (key, contentKey, pageAdUnitLocations, pageSlug) are accepted and ignored. */
const ContentBody = z.object({ gift: z.string().max(200).optional() });
const GiveGiftBody = z.object({ url: z.string().trim().min(1).max(2000) });
const ReadingListsQuery = z.object({ article: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be an article id.') });

const PRIVATE = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };

export function paywallRoutes({ config, services, viewers }: RouteContext): Router {
  const router = Router();

  router.post('/api/article/piano/content', async (req, res) => {
    const query = parseInput(ContentQuery, req.query, 'Invalid article');
    const body = parseInput(ContentBody, req.body, 'Invalid request');
    const viewer = await viewers.viewerOf(req);
    const request = { year: query.year, month: query.month, slug: query.seotitle, gift: body.gift };
    const answer: ArticleContent = viewer
      ? await services.articleAccess.content(request, { viewer })
      : await services.articleAccess.content(request, { viewer: null, deviceToken: ensureDeviceToken(req, res, config.cookieSecure), address: req.ip });
    res.set(PRIVATE).json(answer);
  });

  /** The current viewer's meter; a guest's is their device's, with nothing left once their network's is spent. Never sets a cookie. */
  router.get('/api/meter', async (req, res) => {
    const viewer = await viewers.viewerOf(req);
    const answer: { quota: Quota; ascendQuota: Quota } = viewer ? viewer.quotas : await services.meter.guestQuotas(deviceTokenOf(req), req.ip);
    res.set(PRIVATE).json({ quota: answer.quota, ascendQuota: answer.ascendQuota });
  });

  router.post('/api/article-gift/give-gift', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const { url } = parseInput(GiveGiftBody, req.body, 'Invalid gift');
    res.set(PRIVATE).json(await services.gifts.give(viewer, url));
  });

  router.get('/api/article-gift/allowance', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set(PRIVATE).json(await services.gifts.allowance(viewer));
  });

  router.get('/api/reading-lists', async (req, res) => {
    const { article } = parseInput(ReadingListsQuery, req.query, 'Invalid article');
    res.set('Cache-Control', 'no-cache').json(await services.readingLists.forArticle(article));
  });

  return router;
}
