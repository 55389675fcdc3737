/**
 * The site's search engine (SITE-02, SITE-05; decisions 012 and 034): finds articles and videos for
 * typed words, ranked by one set of rules, filtered by content type and topic, with the facets of the
 * whole result. The stream service (services/streams.ts) turns its hits into the search stream's
 * entries and keeps its answers.
 *
 * - Articles are found and ranked by the database's full-text engine (repositories/search-index.ts,
 *   SQLite FTS5 or PostgreSQL tsvector): one tally query (facets and totals), one page query.
 * - Videos (a few dozen, seeded; not in the articles' index) are matched here, from their name, tags
 *   and description (search-text.ts videoTerms: the index's field weights, name as a title).
 * - Order by relevance, the same keys for both kinds: more of the query's words held first, then
 *   more of them in the title (a video's name), then, between an article and a video with the same
 *   two counts, the video (the engines' scores, bm25 or ts_rank, have no value for a text outside
 *   their index); then, within a kind, the higher score (the engine's, or the video's summed field
 *   weights); then the newest; ties by id. By date: the newest (or oldest), ties by id.
 *   A page of the merged list reads only the articles' window that can reach it.
 */
import type { SearchOrder, SearchSort, Stream } from 'shared-contracts/server';
import type { VideoRow } from '../db/database';
import type { ArticleScope, DiscoveryRepository } from '../repositories/discovery';
import type { MediaRepository } from '../repositories/media';
import type { SearchHit as ArticleHit, SearchIndex, SearchTally } from '../repositories/search-index';
import { queryWords, stem, videoTerms, type VideoTerms } from './search-text';
import { VIDEO_CONTENT_TYPE } from './stream-entries';

/** What to search for: the content-type filter is one stream content type, or every type when absent. */
export interface SearchQuery {
  /** The typed words (the caller has checked them: not blank, not too long). */
  text: string;
  /** 'Magazine Article', 'Digital Article', 'Sponsored Report', 'Video' ...; absent: every content type. */
  contentType?: string;
  /** A topic slug; a root topic includes its subtopics. Videos have no topic, so a topic leaves them out. */
  topic?: string;
  sort: SearchSort;
  order: SearchOrder;
  /** Only what is published at or before this ISO time. */
  until: string;
}

/** One result: an article (with its ranking numbers) or a video. */
export type SearchHit = { kind: 'article'; row: ArticleHit } | { kind: 'video'; row: VideoRow };

export interface SearchResults {
  /** Results matching the query and its filters. */
  total: number;
  /** The asked window of them, in order. */
  hits: SearchHit[];
  /** Counts per content type and per root topic over every result, whatever the filters. */
  facets: NonNullable<Stream['facets']>;
}

export interface SearchEngine {
  search(query: SearchQuery, window: { offset: number; limit: number }): Promise<SearchResults>;
}

/** More videos than the site will ever have: the engine matches every published one. */
const VIDEO_SCAN_LIMIT = 10_000;

/** The ranking key of a result (see the module comment). */
export interface RankKey {
  /** How many of the query's words it holds. */
  matched: number;
  /** How many of them its title (a video's name) holds. */
  titleMatched: number;
  /** 1 for a video, 0 for an article: a video goes first among results with its two counts. */
  video: number;
  /** Compared only within a kind: the engine's score of an article, the summed field weights of a video. */
  score: number;
  published: string;
  id: string;
}

/** Negative when `a` comes first: the order of SearchIndex.page() for articles, extended to videos. */
export function compareRank(a: RankKey, b: RankKey, sort: SearchSort, order: SearchOrder): number {
  const sign = order === 'desc' ? -1 : 1;
  const keys: [number | string, number | string][] =
    sort === 'relevance'
      ? [
          [a.matched, b.matched],
          [a.titleMatched, b.titleMatched],
          [a.video, b.video],
          [a.score, b.score],
        ]
      : [];
  keys.push([a.published, b.published], [a.id, b.id]);
  for (const [x, y] of keys) if (x !== y) return x < y ? -sign : sign;
  return 0;
}

interface VideoHit {
  key: RankKey;
  row: VideoRow;
}

/** Sums of a tally by a key. */
function countBy<K>(rows: readonly SearchTally[], key: (row: SearchTally) => K): Map<K, number> {
  const out = new Map<K, number>();
  for (const row of rows) out.set(key(row), (out.get(key(row)) ?? 0) + row.count);
  return out;
}

const EMPTY: SearchResults = { total: 0, hits: [], facets: { contentType: [], topic: [] } };

export function createSearchEngine(deps: { discovery: DiscoveryRepository; searchIndex: SearchIndex; media: MediaRepository }): SearchEngine {
  const { discovery, searchIndex, media } = deps;
  /** Each video's terms, kept while its text stays the same. */
  const videoIndex = new Map<string, { text: string; terms: VideoTerms }>();

  function termsOfVideo(row: VideoRow): VideoTerms {
    const text = `${row.name}\n${row.description}\n${row.tags}`;
    const known = videoIndex.get(row.id);
    if (known?.text === text) return known.terms;
    const tags = (JSON.parse(row.tags) as unknown[]).filter((t): t is string => typeof t === 'string');
    const terms = videoTerms({ name: row.name, description: row.description, tags });
    videoIndex.set(row.id, { text, terms });
    return terms;
  }

  const byCount = <T extends { count: number; label: string }>(a: T, b: T) => b.count - a.count || a.label.localeCompare(b.label);

  return {
    async search(query, window) {
      const words = queryWords(query.text);
      if (words.length === 0) return EMPTY;
      // The tally and the page as one turn of the index (decision 039).
      return searchIndex.turn(() => searchWords(query, words, window));
    },
  };

  async function searchWords(query: SearchQuery, words: string[], window: { offset: number; limit: number }): Promise<SearchResults> {
    const stems = words.map(stem);
    const { until } = query;
    const [tally, videos, topics] = await Promise.all([
      searchIndex.tally(words, { until }),
      media.listPublishedVideos(until, 0, VIDEO_SCAN_LIMIT),
      discovery.listTopics(),
    ]);

    // Videos: each query word counts once, as in the engines' `matched`.
    const videoHits: VideoHit[] = [];
    for (const row of videos) {
      const terms = termsOfVideo(row);
      const held = stems.filter((s) => terms.weights.has(s));
      if (held.length === 0) continue;
      const key: RankKey = {
        matched: held.length,
        titleMatched: held.filter((s) => terms.name.has(s)).length,
        video: 1,
        score: held.reduce((sum, s) => sum + (terms.weights.get(s) ?? 0), 0),
        published: row.pubdate,
        id: row.id,
      };
      videoHits.push({ row, key });
    }

    // Facets: over every result, whatever the filters (the reader sees where the results are).
    const rootOf = new Map(topics.map((t) => [t.id, t.parent_id ?? t.id]));
    const byId = new Map(topics.map((t) => [t.id, t]));
    const contentTypes = [...countBy(tally, (row) => row.contentType)].map(([value, count]) => ({ value, label: value, count }));
    if (videoHits.length > 0) contentTypes.push({ value: VIDEO_CONTENT_TYPE, label: VIDEO_CONTENT_TYPE, count: videoHits.length });
    const facets = {
      contentType: contentTypes.sort(byCount),
      topic: [...countBy(tally, (row) => rootOf.get(row.topicId) ?? row.topicId)]
        .map(([rootId, count]) => {
          const root = byId.get(rootId);
          return { value: root?.slug ?? rootId, label: root?.name ?? rootId, count };
        })
        .sort(byCount),
    };

    // The filters: which articles (a scope, and the tally's rows in it) and whether videos take part.
    const scope: ArticleScope = { until };
    if (query.contentType !== undefined) scope.contentType = query.contentType;
    // An unknown topic filter matches nothing (the facets still show where the results are).
    let topicId: string | null | undefined;
    if (query.topic !== undefined) {
      const slug = query.topic.toLowerCase();
      topicId = topics.find((t) => t.slug === slug)?.id ?? null;
      scope.anyTopicIds = topicId === null ? [] : [topicId];
    }
    const inFilters = (row: SearchTally) =>
      (query.contentType === undefined || row.contentType === query.contentType) &&
      topicId !== null &&
      (topicId === undefined || row.topicId === topicId || rootOf.get(row.topicId) === topicId);
    const withArticles = query.contentType !== VIDEO_CONTENT_TYPE;
    const withVideos = (query.contentType === undefined || query.contentType === VIDEO_CONTENT_TYPE) && query.topic === undefined;
    const ranked = withVideos ? videoHits.sort((a, b) => compareRank(a.key, b.key, query.sort, query.order)) : [];
    const articleTotal = withArticles ? tally.filter(inFilters).reduce((n, row) => n + row.count, 0) : 0;
    const total = articleTotal + ranked.length;
    const { offset, limit } = window;
    if (offset >= total) return { total, hits: [], facets };

    const order = { sort: query.sort, order: query.order };
    const asVideo = (v: VideoHit): SearchHit => ({ kind: 'video', row: v.row });
    if (articleTotal === 0) return { total, hits: ranked.slice(offset, offset + limit).map(asVideo), facets };
    if (ranked.length === 0) {
      const rows = await searchIndex.page(words, scope, order, offset, limit);
      return { total, hits: rows.map((row) => ({ kind: 'article', row })), facets };
    }

    // The merged list at `offset`: at most ranked.length videos come before it, so the articles
    // from (offset - videos) on, up to offset + limit, are the only ones that can reach the page.
    const from = Math.max(0, Math.min(offset - ranked.length, articleTotal - 1));
    const to = Math.min(articleTotal, offset + limit);
    const rows = await searchIndex.page(words, scope, order, from, to - from);
    const first = rows[0];
    const keyOf = (r: ArticleHit): RankKey => ({
      matched: r.matched,
      titleMatched: r.titleMatched,
      video: 0,
      score: r.score,
      published: r.published,
      id: r.id,
    });
    // Videos ranked before the window's first article sit before it in the merged list (known
    // only from the start: otherwise they are among articles this window did not read).
    const before = from === 0 || !first ? [] : ranked.filter((v) => compareRank(v.key, keyOf(first), query.sort, query.order) < 0);
    const rest = from === 0 || !first ? ranked : ranked.slice(before.length);
    const merged: SearchHit[] = [];
    let i = 0;
    let j = 0;
    while (i < rows.length || j < rest.length) {
      const article = rows[i];
      const video = rest[j];
      if (article && (!video || compareRank(keyOf(article), video.key, query.sort, query.order) <= 0)) {
        merged.push({ kind: 'article', row: article });
        i++;
      } else if (video) {
        merged.push(asVideo(video));
        j++;
      }
    }
    const start = from + before.length;
    return { total, hits: merged.slice(offset - start, offset - start + limit), facets };
  }
}
