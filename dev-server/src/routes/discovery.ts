/**
 * Streams and search (docs/decisions/012-discovery.md): GET /service/stream/{type}/{number}/{size},
 * POST /service/search and GET /service/search/auto-suggest. The older GET /service/stream/latest
 * (page and size in the query) stays in routes/content.ts.
 */
import { Router, type Request } from 'express';
import { firstPageOf, SEARCH_ORDERS, SEARCH_SORTS, type Stream, STREAM_PAGE_SIZE, STREAM_TYPES, type StreamType } from 'shared-contracts/server';
import { z } from 'zod';
import { deviceTokenOf } from '../http/device';
import { jsonAnswer, sendJsonAnswer, type JsonAnswer } from '../http/json-answer';
import { parseInput } from '../http/validation';
import { createLruCache } from '../services/content-cache';
import { NotFoundError } from '../services/errors';
import { isPaywallEnabledFor } from '../services/streams';
import type { RouteContext } from './context';
import { MAX_PAGE_SIZE } from './content';
import { positiveInt } from './query';

export const STREAM_NOT_FOUND = 'Stream not found';

function isStreamType(value: string): value is StreamType {
  return (STREAM_TYPES as readonly string[]).includes(value);
}

function buildStreamPath(type: StreamType) {
  const first = firstPageOf(type);
  return z.object({
    number: z
      .string()
      .regex(/^\d{1,9}$/, 'Must be a whole number.')
      .transform(Number)
      .refine((n) => n >= first, { message: `Pages of this stream count from ${first}.` }),
    size: positiveInt(MAX_PAGE_SIZE),
  });
}

/** One schema per stream type, built once: a zod object schema is costly to build (and to JIT) per request. */
const STREAM_PATHS = new Map(STREAM_TYPES.map((type) => [type, buildStreamPath(type)] as const));

function streamPath(type: StreamType) {
  const schema = STREAM_PATHS.get(type);
  if (!schema) throw new NotFoundError(STREAM_NOT_FOUND);
  return schema;
}

const sort = z.enum(SEARCH_SORTS, { message: `Sort by ${SEARCH_SORTS.join(' or ')}.` });
const order = z.enum(SEARCH_ORDERS, { message: `Order ${SEARCH_ORDERS.join(' or ')}.` });
/** Free text the service checks (trimmed, blank, length); a blank value is no value. Unknown topics are the service's 404. */
const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .transform((v) => (v.trim() === '' ? undefined : v));

/** StreamParams of shared-contracts; `format=json` (the client always sends it) is accepted and ignored. */
const StreamQuery = z.object({
  query: text(1000).optional(),
  contentType: text(60).optional(),
  topic: text(200).optional(),
  filter: text(200).optional(),
  sort: sort.optional(),
  order: order.optional(),
  format: text(20).optional(),
});

const SearchBody = z.object({
  query: text(1000).optional(),
  filters: z.object({ contentType: text(60).optional(), topic: text(200).optional() }).optional(),
  sort: sort.optional(),
  order: order.optional(),
  number: z.number().int('Must be a whole number.').min(firstPageOf('search')).max(1_000_000).optional(),
  size: z.number().int('Must be a whole number.').min(1).max(MAX_PAGE_SIZE).optional(),
});

const SuggestQuery = z.object({ term: text(1000).optional() });

/** Answers depend on the viewer (isPaywallEnabled, following): never shared by caches. */
const PRIVATE = { 'Cache-Control': 'private, no-cache', Vary: 'Cookie' };

/** How many stream pages the in-process cache keeps (each at most 50 entries, a few KB per variant). */
export const STREAM_CACHE_ENTRIES = 500;

/**
 * A cached stream page: the answer without its one viewer-dependent field, and its two serialized
 * variants (isPaywallEnabled true for guests and members, false for subscribers), each built on
 * first use.
 */
interface CachedStreamPage {
  stream: Stream;
  answers: Map<boolean, JsonAnswer>;
}

/**
 * The serialized answer of a shared stream for one paywall flag, made once and kept in `answers`.
 * The spread keeps the fields' order: the same bytes as res.json of the service's answer.
 */
function answerFor(req: Request, answers: Map<boolean, JsonAnswer>, shared: Omit<Stream, 'isPaywallEnabled'>, isPaywallEnabled: boolean): JsonAnswer {
  let answer = answers.get(isPaywallEnabled);
  if (!answer) {
    answer = jsonAnswer(req, { ...shared, isPaywallEnabled });
    answers.set(isPaywallEnabled, answer);
  }
  return answer;
}

export function discoveryRoutes({ services, viewers }: RouteContext): Router {
  const router = Router();
  // Pages of the article streams (services.streams.streamCacheKey; docs/decisions/019-api-caching.md).
  const streamPages = createLruCache<CachedStreamPage>(STREAM_CACHE_ENTRIES);
  // Serialized search and auto-suggest answers, by the service's cached answer (kept as long as it is).
  const searchAnswers = new WeakMap<object, Map<boolean, JsonAnswer>>();
  const suggestionAnswers = new WeakMap<object, JsonAnswer>();

  router.get('/service/stream/:type/:number/:size', async (req, res) => {
    const type = req.params.type;
    if (!isStreamType(type)) throw new NotFoundError(STREAM_NOT_FOUND);
    const page = parseInput(streamPath(type), { number: req.params.number, size: req.params.size }, 'Invalid page number or size');
    const query = parseInput(StreamQuery, req.query, 'Invalid stream parameters');
    const viewer = await viewers.viewerOf(req);
    const { format: _format, ...options } = query;
    if (type === 'search') {
      // A repeated search is the service's cached answer: its bytes are serialized once per paywall flag.
      const { stream, shared } = await services.streams.searchWithShared(
        { query: options.query ?? '', contentType: options.contentType, topic: options.topic, sort: options.sort, order: options.order },
        page,
        viewer,
      );
      res.set(PRIVATE);
      if (!shared) {
        res.json(stream);
        return;
      }
      const answers = searchAnswers.get(shared) ?? new Map<boolean, JsonAnswer>();
      searchAnswers.set(shared, answers);
      sendJsonAnswer(res, answerFor(req, answers, shared, stream.isPaywallEnabled));
      return;
    }
    const key = await services.streams.streamCacheKey(type, page, options);
    if (key === null) {
      // The visual library's charts are the media decision's (the same as /api/data-and-visuals).
      const walled =
        type === 'visual-library' &&
        (await services.videoAccess.wallFor({ kind: 'feed' }, viewer ? { viewer } : { viewer: null, deviceToken: deviceTokenOf(req), address: req.ip })) !==
          null;
      res.set(PRIVATE).json(await services.streams.stream(type, page, options, viewer, walled));
      return;
    }
    const isPaywallEnabled = isPaywallEnabledFor(viewer);
    const cached = await streamPages.getOrLoad(key, async () => ({ stream: await services.streams.stream(type, page, options, viewer), answers: new Map() }));
    res.set(PRIVATE);
    sendJsonAnswer(res, answerFor(req, cached.answers, cached.stream, isPaywallEnabled));
  });

  router.post('/service/search', async (req, res) => {
    const body = parseInput(SearchBody, req.body, 'Invalid search');
    const viewer = await viewers.viewerOf(req);
    const stream = await services.streams.search(
      { query: body.query ?? '', contentType: body.filters?.contentType, topic: body.filters?.topic, sort: body.sort, order: body.order },
      { number: body.number ?? firstPageOf('search'), size: body.size ?? STREAM_PAGE_SIZE },
      viewer,
    );
    res.set(PRIVATE).json(stream);
  });

  router.get('/service/search/auto-suggest', async (req, res) => {
    const { term } = parseInput(SuggestQuery, req.query, 'Invalid term');
    const suggestion = await services.streams.suggest(term);
    let answer = suggestionAnswers.get(suggestion);
    if (!answer) {
      answer = jsonAnswer(req, suggestion);
      suggestionAnswers.set(suggestion, answer);
    }
    res.set('Cache-Control', 'public, max-age=60');
    sendJsonAnswer(res, answer);
  });

  return router;
}
