/** The latest stream, articles, topics and the magazine archive. */
import { Router } from 'express';
import { STREAM_PAGE_SIZE } from 'shared-contracts/server';
import { z } from 'zod';
import { jsonAnswer, sendJsonAnswer, type JsonAnswer } from '../http/json-answer';
import { parseInput } from '../http/validation';
import { ARTICLE_NOT_FOUND } from '../services/content';
import { createLruCache } from '../services/content-cache';
import { NotFoundError } from '../services/errors';
import type { RouteContext } from './context';
import { positiveInt } from './query';

export const MAX_PAGE_SIZE = 50;

/** How many article answers the in-process cache keeps (about 1 KB each). */
export const ARTICLE_CACHE_ENTRIES = 2000;

const StreamQuery = z.object({
  page: positiveInt(1_000_000).optional(),
  size: positiveInt(MAX_PAGE_SIZE).optional(),
});

const ArticleParams = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/)
    .transform(Number),
  month: z
    .string()
    .regex(/^(0?[1-9]|1[0-2])$/)
    .transform(Number),
  slug: z.string().regex(/^[a-z0-9-]{1,200}$/),
});

export function contentRoutes({ services, viewers }: RouteContext): Router {
  const router = Router();
  /**
   * GET /api/article answers by year/month/slug (docs/decisions/019-api-caching.md): the same for
   * every viewer (headline and lead; the body is the meter's, never part of it) and built from
   * seeded rows that never change while the API runs. Only found articles are kept, with their
   * publication time: before it the answer is still the 404 (the clock may move back).
   */
  const articles = createLruCache<{ published: string; answer: JsonAnswer }>(ARTICLE_CACHE_ENTRIES);

  router.get('/service/stream/latest', async (req, res) => {
    const query = parseInput(StreamQuery, req.query, 'Invalid page or size');
    const viewer = await viewers.viewerOf(req);
    const stream = await services.content.latestStream({ page: query.page ?? 1, size: query.size ?? STREAM_PAGE_SIZE }, viewer);
    res.set('Cache-Control', 'private, no-cache').set('Vary', 'Cookie').json(stream);
  });

  router.get('/api/article/:year/:month/:slug', async (req, res) => {
    const params = ArticleParams.safeParse(req.params);
    if (!params.success) throw new NotFoundError('Article not found');
    const { year, month, slug } = params.data;
    const key = `${year}/${month}/${slug}`;
    const known = articles.get(key);
    if (known && !services.content.isPublished(known.published)) throw new NotFoundError(ARTICLE_NOT_FOUND);
    const cached =
      known ??
      (await articles.getOrLoad(key, async () => {
        const article = await services.content.article(year, month, slug);
        return { published: article.published, answer: jsonAnswer(req, article) };
      }));
    sendJsonAnswer(res, cached.answer);
  });

  router.get('/api/topics', async (_req, res) => {
    res.json(await services.content.topics());
  });

  /**
   * The magazine archive (every issue since 1956) changes only when an issue is added: its answer is
   * serialized once and sent again while the archive's version (one indexed count) stays the same.
   */
  const archives = createLruCache<JsonAnswer>(1);
  router.get('/api/magazine/archive', async (req, res) => {
    const version = await services.content.archiveVersion();
    sendJsonAnswer(res, await archives.getOrLoad(version, async () => jsonAnswer(req, await services.content.archive())));
  });

  return router;
}
