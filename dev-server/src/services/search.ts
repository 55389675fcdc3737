/**
 * The site's search engine (SITE-02, SITE-05; docs/decisions/012-discovery.md): finds articles and
 * videos for typed words, ranked on one scale, filtered by content type and topic, with the facets
 * of the whole result. The stream service (services/streams.ts) turns its hits into the search
 * stream's entries; another engine (database full-text search, say) can take its place behind
 * `SearchEngine` without the routes or the page changing.
 *
 * - Articles are scored in the database over the `search_terms` index (repositories/discovery.ts).
 * - Videos (a few dozen, seeded) are scored here, from their name, tags and description with the
 *   same field weights (search-text.ts videoTerms) and the same idf, so a video whose name holds a
 *   word ranks with the articles whose title holds it.
 * - Order: relevance (more distinct query words matched, then the higher score, then the newest) or
 *   date; ties by id. A page of the merged list reads only the articles' window that can reach it.
 */
import type { SearchOrder, SearchSort, Stream } from 'shared-contracts/server';
import type { VideoRow } from '../db/database';
import type { ArticleScope, DiscoveryRepository, TermQuery } from '../repositories/discovery';
import type { ArticleWithTopic } from '../repositories/content';
import type { MediaRepository } from '../repositories/media';
import { idf, queryTerms, videoTerms } from './search-text';
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

/** One result: an article (with its score) or a video. */
export type SearchHit = { kind: 'article'; row: ArticleWithTopic } | { kind: 'video'; row: VideoRow };

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

/** More videos than the site will ever have: the engine scores every published one. */
const VIDEO_SCAN_LIMIT = 10_000;

/** The ranking key of a result. */
interface RankKey {
  matched: number;
  score: number;
  published: string;
  id: string;
}

/** The idf values the database multiplies by are literals rounded to 6 decimals: the same here. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Negative when `a` comes first: the order of repositories/discovery.ts search(), for any two results. */
export function compareRank(a: RankKey, b: RankKey, sort: SearchSort, order: SearchOrder): number {
  const sign = order === 'desc' ? -1 : 1;
  const keys: [number | string, number | string][] =
    sort === 'relevance'
      ? [
          [a.matched, b.matched],
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

const EMPTY: SearchResults = { total: 0, hits: [], facets: { contentType: [], topic: [] } };

export function createSearchEngine(deps: { discovery: DiscoveryRepository; media: MediaRepository }): SearchEngine {
  const { discovery, media } = deps;
  /** Each video's index terms, kept while its text stays the same. */
  const videoIndex = new Map<string, { text: string; terms: Map<string, number> }>();

  function termsOfVideo(row: VideoRow): Map<string, number> {
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
      const words = queryTerms(query.text);
      if (words.length === 0) return EMPTY;
      const [articleDf, videos] = await Promise.all([discovery.documentFrequencies(words), media.listPublishedVideos(query.until, 0, VIDEO_SCAN_LIMIT)]);
      const videoDocs = videos.map((row) => ({ row, terms: termsOfVideo(row) }));
      const df = new Map(words.map((w) => [w, (articleDf.get(w) ?? 0) + videoDocs.filter((v) => v.terms.has(w)).length]));
      const present = words.filter((w) => (df.get(w) ?? 0) > 0);
      if (present.length === 0) return EMPTY;
      const n = (await discovery.countIndexedArticles()) + videos.length;
      const idfs = new Map(present.map((w) => [w, round6(idf(n, df.get(w) ?? 0))]));
      const q: TermQuery = { groups: present.map((w) => [w]), idf: idfs, requireAll: false };

      const videoHits: VideoHit[] = [];
      for (const { row, terms } of videoDocs) {
        const held = present.filter((w) => terms.has(w));
        if (held.length === 0) continue;
        const score = held.reduce((sum, w) => sum + (terms.get(w) ?? 0) * (idfs.get(w) ?? 0), 0);
        videoHits.push({ row, key: { matched: held.length, score, published: row.pubdate, id: row.id } });
      }

      // Facets: over every result, whatever the filters (the reader sees where the results are).
      const base: ArticleScope = { until: query.until };
      const [articleFacets, topics] = await Promise.all([discovery.searchFacets(q, base), discovery.listTopics()]);
      const byId = new Map(topics.map((t) => [t.id, t]));
      const contentTypes = articleFacets.contentType.map((f) => ({ value: f.value, label: f.value, count: f.count }));
      if (videoHits.length > 0) contentTypes.push({ value: VIDEO_CONTENT_TYPE, label: VIDEO_CONTENT_TYPE, count: videoHits.length });
      const facets = {
        contentType: contentTypes.sort(byCount),
        topic: articleFacets.topic
          .map((f) => {
            const root = byId.get(f.rootId);
            return { value: root?.slug ?? f.rootId, label: root?.name ?? f.rootId, count: f.count };
          })
          .sort(byCount),
      };

      // The filters: which articles (a scope) and whether videos take part.
      const scope: ArticleScope = { ...base };
      if (query.contentType !== undefined) scope.contentType = query.contentType;
      if (query.topic !== undefined) {
        const topic = await discovery.findTopicBySlug(query.topic.toLowerCase());
        // An unknown topic filter matches nothing (the facets still show where the results are).
        scope.anyTopicIds = topic ? [topic.id] : [];
      }
      const withArticles = query.contentType !== VIDEO_CONTENT_TYPE;
      const withVideos = (query.contentType === undefined || query.contentType === VIDEO_CONTENT_TYPE) && query.topic === undefined;
      const ranked = withVideos ? videoHits.sort((a, b) => compareRank(a.key, b.key, query.sort, query.order)) : [];
      const articleTotal = withArticles ? await discovery.countSearch(q, scope) : 0;
      const total = articleTotal + ranked.length;
      const { offset, limit } = window;
      if (offset >= total) return { total, hits: [], facets };

      const order = { sort: query.sort, order: query.order };
      const asVideo = (v: VideoHit): SearchHit => ({ kind: 'video', row: v.row });
      if (articleTotal === 0) return { total, hits: ranked.slice(offset, offset + limit).map(asVideo), facets };
      if (ranked.length === 0) {
        const rows = await discovery.search(q, scope, order, offset, limit);
        return { total, hits: rows.map((row) => ({ kind: 'article', row })), facets };
      }

      // The merged list at `offset`: at most ranked.length videos come before it, so the articles
      // from (offset - videos) on, up to offset + limit, are the only ones that can reach the page.
      const from = Math.max(0, Math.min(offset - ranked.length, articleTotal - 1));
      const until = Math.min(articleTotal, offset + limit);
      const rows = await discovery.search(q, scope, order, from, until - from);
      const first = rows[0];
      const keyOf = (r: (typeof rows)[number]): RankKey => ({ matched: r.matched, score: r.score, published: r.published, id: r.id });
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
    },
  };
}
