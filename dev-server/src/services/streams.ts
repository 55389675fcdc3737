/**
 * Streams, search and auto-suggest (docs/decisions/012-discovery.md).
 *
 * One stream answer (StreamSchema) for every type; `number` counts from the stream's first page
 * (firstPageOf). Only content published by the clock's now is served. Search is the search engine's
 * (services/search.ts, decision 034): articles from the database's full-text index
 * (repositories/search-index.ts, decision 034), videos matched in memory, ranked by one set of rules
 * (more of the query's words, then more of them in the title, then the engine's relevance, then the
 * newest). Its answers are kept per words, filters, order, page and publication epochs.
 */
import {
  AUTO_SUGGEST,
  DISCOVERY_MESSAGES,
  firstPageOf,
  SEARCH_TERM_MAX_LENGTH,
  type SearchOrder,
  type SearchSort,
  type SearchSuggestion,
  type Stream,
  type StreamEntry,
  type StreamType,
  SUGGESTION_LIMITS,
} from 'shared-contracts/server';
import type { Clock } from '../deps';
import type { ProductRow, TopicRow } from '../db/database';
import type { ArticleScope, DiscoveryRepository, SearchOrderBy } from '../repositories/discovery';
import type { SearchIndex } from '../repositories/search-index';
import type { FollowRepository } from '../repositories/follows';
import type { MediaRepository } from '../repositories/media';
import type { Viewer } from './auth';
import { createLruCache, createPublicationEpochs } from './content-cache';
import { InvalidInputError, NotFoundError, NotSignedInError } from './errors';
import { productUrl } from './products';
import { queryWords, suggestionWords, topicNameMatches } from './search-text';
import { createSearchEngine, type SearchEngine } from './search';
import { articleEntry, chartEntry, productEntry, videoEntry } from './stream-entries';

/** A page of a stream: `number` in the stream's own base (firstPageOf), size 1..50. */
export interface StreamPage {
  number: number;
  size: number;
}

/** Stream parameters after the route's validation. */
export interface StreamOptions {
  query?: string;
  contentType?: string;
  topic?: string;
  filter?: string;
  sort?: SearchSort;
  order?: SearchOrder;
}

export interface SearchRequest {
  query: string;
  contentType?: string;
  topic?: string;
  sort?: SearchSort;
  order?: SearchOrder;
}

/** How many articles of a topic stream's first page come before its products (SITE-03.5). */
export const PRODUCTS_AFTER_ARTICLES = 4;
/** Message of a too-short auto-suggest term (SITE-05: only over 2 characters). */
export const SUGGEST_TERM_TOO_SHORT = `Type more than ${AUTO_SUGGEST.minTermLengthExclusive} characters.`;
export const SEARCH_TERM_TOO_LONG = `Search terms are limited to ${SEARCH_TERM_MAX_LENGTH} characters.`;

/** The trimmed search term, or the 400 of a blank or too long one. */
export function searchTerm(query: string | undefined): string {
  const term = (query ?? '').trim();
  if (term.length === 0) {
    throw new InvalidInputError(DISCOVERY_MESSAGES.searchTermRequired, [{ field: 'query', errorMessage: DISCOVERY_MESSAGES.searchTermRequired }]);
  }
  if (term.length > SEARCH_TERM_MAX_LENGTH) {
    throw new InvalidInputError(SEARCH_TERM_TOO_LONG, [{ field: 'query', errorMessage: SEARCH_TERM_TOO_LONG }]);
  }
  return term;
}

/** Page facts of a stream page whose number counts from `first`. */
export function streamPageInfo(type: StreamType, page: StreamPage, total: number): Stream['page'] & { offset: number } {
  const index = page.number - firstPageOf(type);
  const totalPages = Math.ceil(total / page.size);
  return { number: page.number, size: page.size, totalPages, totalElements: total, last: index + 1 >= totalPages, offset: index * page.size };
}

/** A stream's isPaywallEnabled: subscribers read without a paywall, everyone else (guests included) with it. */
export function isPaywallEnabledFor(viewer: Viewer | null): boolean {
  return viewer?.status !== 'subscriber';
}

/**
 * Stream types whose pages are built from articles and topics alone (seeded, never changed while
 * the API runs) and are the same for every viewer but for isPaywallEnabled: their pages may be
 * cached, keyed by streamCacheKey. Not 'following' (the viewer's follows), 'search' (scores over the
 * index, many keys), 'webinars' and 'visual-library' (other tables, other publication times).
 */
const CACHEABLE_STREAMS: ReadonlySet<StreamType> = new Set<StreamType>([
  'latest',
  'magazine',
  'analytics',
  'ascend',
  'big-ideas',
  'topic',
  'case-selections',
  'top-50-articles',
]);

/** Search answers kept by the stream service (all but the viewer's isPaywallEnabled). */
export const SEARCH_CACHE_ENTRIES = 1000;

export function createStreamService(deps: {
  discovery: DiscoveryRepository;
  searchIndex: SearchIndex;
  media: MediaRepository;
  follows: FollowRepository;
  clock: Clock;
  maintenance: boolean;
  /** The search engine (services/search.ts by default). */
  search?: SearchEngine;
}) {
  const { discovery, searchIndex, media, follows, clock } = deps;
  const search = deps.search ?? createSearchEngine({ discovery, searchIndex, media });
  const now = () => clock.now().toISOString();
  const epochs = createPublicationEpochs(() => discovery.listPublicationTimes(), clock);
  /** The videos' publication epochs: a search answer also changes when a video's time comes. */
  const videoEpochs = createPublicationEpochs(() => media.listVideoPublicationTimes(), clock);

  async function topicBySlug(slug: string): Promise<TopicRow> {
    const topic = await discovery.findTopicBySlug(slug.toLowerCase());
    if (!topic) throw new NotFoundError(DISCOVERY_MESSAGES.topicNotFound);
    return topic;
  }

  function answer(type: StreamType, page: StreamPage, total: number, entry: StreamEntry[], viewer: Viewer | null): Stream {
    const { offset: _offset, ...info } = streamPageInfo(type, page, total);
    return { entry, page: info, type, isPaywallEnabled: isPaywallEnabledFor(viewer), maintenanceStatus: false };
  }

  function maintenanceAnswer(type: StreamType, page: StreamPage, viewer: Viewer | null): Stream {
    return {
      entry: [],
      page: { number: page.number, size: page.size, totalPages: 0, totalElements: 0, last: true },
      type,
      isPaywallEnabled: isPaywallEnabledFor(viewer),
      maintenanceStatus: true,
    };
  }

  /** Articles as entries, each with its reprint's productLink when it has one (Buy Copies, SITE-05). */
  async function articleEntries(rows: Parameters<typeof articleEntry>[0][]): Promise<StreamEntry[]> {
    const reprints = await discovery.reprintsOf(rows.map((r) => r.id));
    return rows.map((r) => {
      const reprint = reprints.get(r.id);
      return reprint ? { ...articleEntry(r), productLink: productUrl(reprint) } : articleEntry(r);
    });
  }

  /**
   * The store's products in streams (SITE-03.5; NOT IN SPEC how they are chosen: the catalogue has
   * no topics): each listed product (the first format of its group, in catalogue order) is listed
   * under one root topic of the taxonomy, in turn.
   */
  async function productsWithRoots(): Promise<{ row: ProductRow; root: TopicRow }[]> {
    const roots = (await discovery.listTopics()).filter((t) => t.parent_id === null);
    const seen = new Set<string>();
    const firsts = (await discovery.listListedProducts()).filter((p) => !seen.has(p.group_id) && seen.add(p.group_id));
    return roots.length === 0 ? [] : firsts.map((row, i) => ({ row, root: roots[i % roots.length] as TopicRow }));
  }

  async function articleStream(type: StreamType, scope: ArticleScope, page: StreamPage, viewer: Viewer | null, topic: TopicRow | null = null): Promise<Stream> {
    // The offset does not depend on the total: one query gives the page and the count.
    const { offset } = streamPageInfo(type, page, 0);
    const { total, rows } = await discovery.pageArticles(scope, offset, page.size);
    const entries = await articleEntries(rows);
    if (topic && offset === 0) {
      // A topic's first page shows the products listed under its root topic after a few articles.
      const rootId = topic.parent_id ?? topic.id;
      const products = (await productsWithRoots()).filter((p) => p.root.id === rootId).map((p) => productEntry(p.row, p.root.name));
      entries.splice(PRODUCTS_AFTER_ARTICLES, 0, ...products);
    }
    return answer(type, page, total, entries, viewer);
  }

  /**
   * Search answers by their words (what reaches the index: 'Strategies!' and 'strategies' are one
   * key), filters, order, page and the publication epochs of the articles and of the videos, as the
   * cacheable streams' pages are kept (decision 019): the index changes only with the articles, which
   * do not change while the API runs (nor do the videos), and an article or a video whose time comes
   * makes new keys. A popular query is answered from memory.
   */
  const searchAnswers = createLruCache<Omit<Stream, 'isPaywallEnabled'>>(SEARCH_CACHE_ENTRIES);
  /** Auto-suggest's answers, kept the same way (a reader's typing repeats every prefix of a word). */
  const suggestions = createLruCache<SearchSuggestion>(SEARCH_CACHE_ENTRIES);

  /** The search stream: the engine's hits as entries (articles with their reprint's link, videos with their length). */
  async function searchStream(request: SearchRequest, page: StreamPage, viewer: Viewer | null): Promise<Stream> {
    return (await searchWithShared(request, page, viewer)).stream;
  }

  /**
   * The search stream, and the part every reader of it shares when there is one: the cached answer
   * without the viewer's isPaywallEnabled (the same object while it stays cached, so the route can
   * keep its serialized bytes; null for maintenance and for a query with no words).
   */
  async function searchWithShared(
    request: SearchRequest,
    page: StreamPage,
    viewer: Viewer | null,
  ): Promise<{ stream: Stream; shared: Omit<Stream, 'isPaywallEnabled'> | null }> {
    const term = searchTerm(request.query);
    if (deps.maintenance) return { stream: maintenanceAnswer('search', page, viewer), shared: null };
    const words = queryWords(term);
    if (words.length === 0) return { stream: { ...answer('search', page, 0, [], viewer), facets: { contentType: [], topic: [] } }, shared: null };
    const order = { sort: request.sort ?? 'relevance', order: request.order ?? 'desc' } as const;
    const key = JSON.stringify([
      words,
      request.contentType ?? null,
      request.topic?.toLowerCase() ?? null,
      order.sort,
      order.order,
      page.number,
      page.size,
      await epochs.current(),
      await videoEpochs.current(),
    ]);
    const found = await searchAnswers.getOrLoad(key, () => searchAnswer(term, request, order, page));
    return { stream: { ...found, isPaywallEnabled: isPaywallEnabledFor(viewer) }, shared: found };
  }

  /** The answer of a search (see searchStream): the engine's hits as entries (articles with their reprint's link, videos with their length). */
  async function searchAnswer(term: string, request: SearchRequest, order: SearchOrderBy, page: StreamPage): Promise<Omit<Stream, 'isPaywallEnabled'>> {
    const { offset } = streamPageInfo('search', page, 0);
    const found = await search.search(
      { text: term, contentType: request.contentType, topic: request.topic, sort: order.sort, order: order.order, until: now() },
      { offset, limit: page.size },
    );
    const articles = await articleEntries(found.hits.flatMap((h) => (h.kind === 'article' ? [h.row] : [])));
    const byId = new Map(articles.map((e) => [e.id, e]));
    const entries = found.hits.map((h) => (h.kind === 'video' ? videoEntry(h.row) : (byId.get(h.row.id) ?? articleEntry(h.row))));
    const { isPaywallEnabled: _viewers, ...stream } = answer('search', page, found.total, entries, null);
    return { ...stream, facets: found.facets };
  }

  return {
    /**
     * The cache key of a stream page, or null when the page may not be cached (see
     * CACHEABLE_STREAMS; maintenance answers are not). Two requests with the same key get the same
     * answer from `stream` but for isPaywallEnabled (the viewer's): the key holds the type, the page,
     * every option these types read, and the publication epoch (how many articles are published by
     * the clock's now), so an article whose time comes makes new keys and never a stale page.
     */
    async streamCacheKey(type: StreamType, page: StreamPage, options: StreamOptions): Promise<string | null> {
      if (!CACHEABLE_STREAMS.has(type) || deps.maintenance) return null;
      const epoch = await epochs.current();
      return JSON.stringify([type, page.number, page.size, options.contentType ?? null, options.topic ?? null, epoch]);
    },

    /**
     * One page of a stream. Guests get 401 for the following stream. A `walled` reader (the media
     * decision, services/video-access.ts) gets of the visual-library stream exactly what the walled
     * visual-library feed shows: its first chart, as the only page, whatever page was asked.
     */
    async stream(type: StreamType, page: StreamPage, options: StreamOptions, viewer: Viewer | null, walled = false): Promise<Stream> {
      if (type === 'search') {
        return searchStream(
          { query: options.query ?? '', contentType: options.contentType, topic: options.topic, sort: options.sort, order: options.order },
          page,
          viewer,
        );
      }
      if (type === 'following' && !viewer) throw new NotSignedInError();
      if (type === 'topic' && !options.topic) {
        throw new InvalidInputError('Choose a topic.', [{ field: 'topic', errorMessage: 'Choose a topic.' }]);
      }
      const topic = type === 'topic' && options.topic ? await topicBySlug(options.topic) : null;
      const filter = type === 'following' && options.filter ? await topicBySlug(options.filter) : null;
      if (deps.maintenance) return maintenanceAnswer(type, page, viewer);
      const until = now();
      const contentType = options.contentType;
      switch (type) {
        case 'latest':
          return articleStream(type, { until, contentType }, page, viewer);
        case 'magazine':
          return articleStream(type, { until, contentType, kind: 'magazine' }, page, viewer);
        case 'analytics':
          return articleStream(type, { until, kind: 'sponsored' }, page, viewer);
        case 'ascend':
          return articleStream(type, { until, kind: 'ascend' }, page, viewer);
        case 'big-ideas':
          return articleStream(type, { until, kind: 'big-idea' }, page, viewer);
        // The gated collections' pages (PAY-06.3; shared-contracts entitlements.ts): every reader sees the entries, the article API gates the bodies.
        case 'case-selections':
        case 'top-50-articles':
          return articleStream(type, { until, collection: type }, page, viewer);
        case 'topic':
          return articleStream(type, { until, contentType, topicId: topic?.id }, page, viewer, contentType === undefined ? topic : null);
        case 'following': {
          const user = (viewer as Viewer).user;
          const followed = await follows.listFollowed(user.id);
          const scope: ArticleScope = { until, anyTopicIds: followed.map((t) => t.id) };
          if (filter) scope.topicId = filter.id;
          const stream = await articleStream(type, scope, page, viewer);
          // Opening the whole stream (its first page, no topic filter) reads everything in it.
          if (!filter && page.number === firstPageOf(type)) await follows.markSeen(user.id, until);
          return stream;
        }
        case 'webinars': {
          const total = await media.countPublishedVideos(until);
          const { offset } = streamPageInfo(type, page, total);
          const rows = total > offset ? await media.listPublishedVideos(until, offset, page.size) : [];
          return answer(type, page, total, rows.map(videoEntry), viewer);
        }
        case 'visual-library': {
          if (walled) {
            const total = await media.countCharts(null);
            const rows = await media.listCharts(null, 0, 1);
            const first = firstPageOf(type);
            return {
              entry: rows.map(chartEntry),
              page: { number: first, size: page.size, totalPages: 1, totalElements: total, last: true },
              type,
              isPaywallEnabled: isPaywallEnabledFor(viewer),
              maintenanceStatus: false,
            };
          }
          const total = await media.countPublishedCharts(until);
          const { offset } = streamPageInfo(type, page, total);
          const rows = total > offset ? await media.listPublishedCharts(until, offset, page.size) : [];
          return answer(type, page, total, rows.map(chartEntry), viewer);
        }
      }
    },

    /** POST /service/search and the 'search' stream. */
    search: searchStream,

    /** The 'search' stream with its shared part (see searchWithShared). */
    searchWithShared,

    /** Auto-suggest (SITE-05, SITE-09): up to 6 articles and 3 topics for a term over 2 characters. */
    async suggest(rawTerm: string | undefined): Promise<SearchSuggestion> {
      const term = (rawTerm ?? '').trim();
      if (term.length <= AUTO_SUGGEST.minTermLengthExclusive) {
        throw new InvalidInputError(SUGGEST_TERM_TOO_SHORT, [{ field: 'term', errorMessage: SUGGEST_TERM_TOO_SHORT }]);
      }
      if (term.length > SEARCH_TERM_MAX_LENGTH) {
        throw new InvalidInputError(SEARCH_TERM_TOO_LONG, [{ field: 'term', errorMessage: SEARCH_TERM_TOO_LONG }]);
      }
      // Kept as search answers are (the same rules, keyed by what was typed, lower-cased).
      const key = JSON.stringify([term.toLowerCase(), await epochs.current()]);
      return suggestions.getOrLoad(key, () => suggestionOf(term));
    },
  };

  /** The answer of auto-suggest for a checked term (see suggest). */
  async function suggestionOf(term: string): Promise<SearchSuggestion> {
    const topics = await discovery.listTopics();
    // Names that start with what was typed first, then the taxonomy's order (roots first).
    const startsWithTerm = (t: TopicRow) => (t.name.toLowerCase().startsWith(term.toLowerCase()) ? 0 : 1);
    const subjects = topics
      .filter((t) => topicNameMatches(t.name, term))
      .sort((a, b) => startsWithTerm(a) - startsWithTerm(b) || a.position - b.position)
      .slice(0, SUGGESTION_LIMITS.subjects)
      .map((t) => ({ name: t.name, link: `/topic/${t.slug}` }));

    const wanted = suggestionWords(term);
    const found = wanted ? await searchIndex.suggest(wanted.exact, wanted.prefix, { until: now() }, SUGGESTION_LIMITS.records) : [];
    const records: SearchSuggestion['records'] = found.map((r) => {
      const entry = articleEntry(r);
      return { title: entry.title, link: entry.url, contentType: entry.contentType };
    });
    return { records, subjects };
  }
}

export type StreamService = ReturnType<typeof createStreamService>;
