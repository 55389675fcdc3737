/** Articles, the latest stream, topics and the magazine archive. */
import { type Archive, type Article, ArticleContentTypeSchema, type ArticleStream, type ArticleSummary, type Topic, topicPath } from 'shared-contracts/server';
import type { Clock } from '../deps';
import type { CartRepository } from '../repositories/cart';
import type { ContentRepository, ArticleWithTopic } from '../repositories/content';
import { articleSubject, imageOr } from './images/subjects';
import { productUrl } from './store';
import { NotFoundError } from './errors';
import { pageFacts, pageWindow, type PageRequest } from './paging';
import type { Viewer } from './auth';
import { z } from 'zod';

const StringList = z.array(z.string());

/** The article page path: /{yyyy}/{mm}/{slug}, month zero-padded. */
export function articleUrl(year: number, month: number, slug: string): string {
  return `/${year}/${String(month).padStart(2, '0')}/${slug}`;
}

export const ARTICLE_NOT_FOUND = 'Article not found';

function toSummary(row: ArticleWithTopic): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    url: articleUrl(row.year, row.month, row.slug),
    published: row.published,
    contentType: ArticleContentTypeSchema.parse(row.content_type),
    category: { term: row.topic_name },
    author: StringList.parse(JSON.parse(row.authors)).map((name) => ({ name })),
    image: imageOr(row.image, articleSubject(row)),
    free: row.free === 1,
  };
}

export function toArticle(row: ArticleWithTopic): Article {
  return {
    ...toSummary(row),
    slug: row.slug,
    year: row.year,
    month: row.month,
    topic: { name: row.topic_name, url: topicPath(row.topic_name) },
    series: row.series,
    bigIdea: row.big_idea === 1,
    lead: row.lead,
    // The body is the meter's to give (POST /api/article/piano/content): never part of the Article.
    body: [],
    ascend: row.ascend === 1,
  };
}

/** The paragraphs after the lead. */
export function articleBody(row: ArticleWithTopic): string[] {
  return StringList.parse(JSON.parse(row.body));
}

/** How long the archive's version is trusted before it is read again. */
export const ARCHIVE_VERSION_MAX_AGE_MS = 1000;

export function createContentService(deps: { content: ContentRepository; clock: Clock; reprints?: Pick<CartRepository, 'reprintOf'> }) {
  const { content, clock, reprints } = deps;
  /** The archive's version as last read, and when (see archiveVersion). */
  let archiveVersion: { readAt: number; version: Promise<string> } | null = null;

  /** Whether an article published at `published` (ISO) is out by the clock's now; before that it is a 404. */
  function isPublished(published: string): boolean {
    return published <= clock.now().toISOString();
  }

  /** The published article's row, or NotFoundError. */
  async function articleRow(year: number, month: number, slug: string): Promise<ArticleWithTopic> {
    const row = await content.findArticle(year, month, slug);
    if (!row || !isPublished(row.published)) throw new NotFoundError(ARTICLE_NOT_FOUND);
    return row;
  }

  return {
    articleRow,
    isPublished,

    /** The 'latest' stream: published articles, newest first. Subscribers read without a paywall. */
    async latestStream(request: PageRequest, viewer: Viewer | null): Promise<ArticleStream> {
      const now = clock.now().toISOString();
      const total = await content.countPublished(now);
      const { offset, limit } = pageWindow(request);
      const rows = await content.listPublished(now, offset, limit);
      const facts = pageFacts(request, total);
      return {
        entry: rows.map(toSummary),
        page: { number: facts.number, size: facts.size, totalPages: facts.totalPages, totalElements: total, last: facts.last },
        type: 'latest',
        isPaywallEnabled: viewer?.status !== 'subscriber',
        maintenanceStatus: false,
      };
    },

    /** The headline and lead (body always []); 404 for unknown and not yet published articles. */
    /** The article, with `productLink`: its PDF reprint's product page when it has one, else null. */
    async article(year: number, month: number, slug: string): Promise<Article> {
      // One query for the article and its reprint (content.findArticleWithReprint finds what reprintOf would).
      const found = await content.findArticleWithReprint(year, month, slug);
      if (!found || !isPublished(found.published)) throw new NotFoundError(ARTICLE_NOT_FOUND);
      const { reprint_slug: reprintSlug, reprint_availability_id: availabilityId, ...row } = found;
      const reprint = reprints && reprintSlug !== null && availabilityId !== null ? { slug: reprintSlug, availability_id: availabilityId } : undefined;
      return { ...toArticle(row), productLink: reprint ? productUrl(reprint) : null };
    },

    /** The published article of an id, or NotFoundError. */
    async articleById(id: string): Promise<ArticleWithTopic> {
      const row = await content.findArticleById(id);
      if (!row || !isPublished(row.published)) throw new NotFoundError(ARTICLE_NOT_FOUND);
      return row;
    },

    async topics(): Promise<Topic[]> {
      const rows = await content.listTopics();
      return rows.map((t) => ({ id: t.id, name: t.name, slug: t.slug, parentId: t.parent_id }));
    },

    /**
     * Changes when an issue is added to the archive (the route's cache key). Read again at most once
     * every ARCHIVE_VERSION_MAX_AGE_MS of the clock: an added issue shows within a second, and the
     * archive, read on every visit to the magazine, costs no database round trip the rest of the time.
     */
    archiveVersion(): Promise<string> {
      const at = clock.now().getTime();
      if (!archiveVersion || Math.abs(at - archiveVersion.readAt) >= ARCHIVE_VERSION_MAX_AGE_MS) {
        const read = content.archiveVersion();
        archiveVersion = { readAt: at, version: read };
        // A failed read is not kept.
        read.catch(() => {
          if (archiveVersion?.version === read) archiveVersion = null;
        });
      }
      return archiveVersion.version;
    },

    async archive(): Promise<Archive> {
      const rows = await content.listArchiveEntries();
      const years: Archive['years'] = [];
      for (const row of rows) {
        const yearId = String(row.year);
        let year = years[years.length - 1];
        if (!year || year.yearId !== yearId) {
          year = { yearId, issues: [] };
          years.push(year);
        }
        year.issues.push({ issueMonth: row.month_label, issueURL: `/archive-toc/${row.issue_code}` });
      }
      return { years };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
