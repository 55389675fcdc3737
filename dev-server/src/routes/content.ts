/** The latest stream, articles, topics and the magazine archive. */
import { Router } from 'express';
import { STREAM_PAGE_SIZE } from 'shared-contracts';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import { NotFoundError } from '../services/errors';
import type { RouteContext } from './context';
import { positiveInt } from './query';

export const MAX_PAGE_SIZE = 50;

const StreamQuery = z.object({
  page: positiveInt(1_000_000).optional(),
  size: positiveInt(MAX_PAGE_SIZE).optional(),
});

const ArticleParams = z.object({
  year: z.string().regex(/^\d{4}$/).transform(Number),
  month: z.string().regex(/^(0?[1-9]|1[0-2])$/).transform(Number),
  slug: z.string().regex(/^[a-z0-9-]{1,200}$/),
});

export function contentRoutes({ services, viewers }: RouteContext): Router {
  const router = Router();

  router.get('/service/stream/latest', async (req, res) => {
    const query = parseInput(StreamQuery, req.query, 'Invalid page or size');
    const viewer = await viewers.viewerOf(req);
    const stream = await services.content.latestStream(
      { page: query.page ?? 1, size: query.size ?? STREAM_PAGE_SIZE },
      viewer,
    );
    res.set('Cache-Control', 'private, no-cache').set('Vary', 'Cookie').json(stream);
  });

  router.get('/api/article/:year/:month/:slug', async (req, res) => {
    const params = ArticleParams.safeParse(req.params);
    if (!params.success) throw new NotFoundError('Article not found');
    const { year, month, slug } = params.data;
    res.json(await services.content.article(year, month, slug));
  });

  router.get('/api/topics', async (_req, res) => {
    res.json(await services.content.topics());
  });

  router.get('/api/magazine/archive', async (_req, res) => {
    res.json(await services.content.archive());
  });

  return router;
}
