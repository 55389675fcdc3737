/**
 * The visual library (decision 016): collections, the paywall decision of the feed, content permissions
 * by tier and the download link rule. Constants (page size, collection cadence, summary length, left
 * nav offsets, carousel) are in constants.ts; collectionCardAfter, truncateNearWord and
 * paginationItems in validation.ts; ChartSchema / ChartPageSchema / VisualSubjectSchema in schemas.ts.
 */
import * as z from 'zod/mini';
import type { ContentPermission, SubscriberRoleCode, User } from 'shared-contracts/contracts';

/** A collection card is inserted after every N entries (PAY-02, PAY-09). */
export const VISUAL_LIBRARY_COLLECTION_EVERY = 3;

/**
 * Truncation "near" a length (PAY-09, collection summary ~165): cuts at the last space at or
 * before maxLength (falling back to a hard cut) and appends '...'.
 */
export function truncateNearWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).trimEnd() + '...';
}
/* ================================================================== layout rules */

/** Visual library: a collection card goes after every third entry; index is 0-based (PAY-02). */
export function collectionCardAfter(index: number): boolean {
  return (index + 1) % VISUAL_LIBRARY_COLLECTION_EVERY === 0;
}

/* ------------------------------------------------------------------ visual library (PAY-09) */

/** Visual-library page size (PAY-07, PAY-09). */
export const VISUAL_LIBRARY_PAGE_SIZE = 10;
/** Collection summary truncated near this many characters (PAY-09). */
export const COLLECTION_SUMMARY_MAX_CHARS = 165;
/** Label of the first visual-library tab (PAY-02). */
export const VISUAL_LIBRARY_ALL_TAB_LABEL = 'All Data & Visuals';
/** Left navigation of the visual library (PAY-09). */
export const LEFT_NAV = {
  /** Shows at this scroll offset from the logo, px. */
  showOffsetPx: -16,
  /** Hides this near the footer, px. */
  hideNearFooterPx: 20,
  /** Hides this near the paywall, px. */
  hideNearPaywallPx: 75,
  /** First evaluated after this delay, ms. */
  firstEvaluationMs: 500,
} as const;
/** Nav carousel: enabled under 768 px wide with 2 slides (PAY-09). */
export const NAV_CAROUSEL = { enabledBelowPx: 768, slides: 2 } as const;

/** Visual-library feed item (PAY-03). */
export const ChartSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  term: z.string(),
  contentImage: z.string(),
  parentArticle: z.string(),
  parentArticleLink: z.string(),
  summary: z.string(),
  published: z.string(),
  isCollection: z.boolean(),
});
export type Chart = z.infer<typeof ChartSchema>;
/** GET /api/data-and-visuals answer: content[], number, totalPages, totalElements, first/last. number counts from 1. */
export const ChartPageSchema = z.object({
  content: z.array(ChartSchema),
  number: z.int(),
  size: z.int(),
  totalPages: z.int(),
  totalElements: z.int(),
  first: z.boolean(),
  last: z.boolean(),
  /**
   * True when the reader is paywalled (decision 016): the page then holds only the first item and no
   * pagination. The server decides (a paywall=true request is honoured too, never the reverse).
   */
  paywalled: z.optional(z.boolean()),
});
export type ChartPage = z.infer<typeof ChartPageSchema>;
export const VisualSubjectSchema = z.object({ id: z.string(), label: z.string(), filter: z.string() });
export const VisualSubjectListSchema = z.array(VisualSubjectSchema);
export type VisualSubject = z.infer<typeof VisualSubjectSchema>;

/**
 * Content permissions of each tier (PAY-06 names the permissions, not who has them). NOT IN
 * SPEC: the premium tiers (Best, Executive, All Access) have the visual library; Executive and All
 * Access the case studies; every tier but Good the top 50 articles.
 */
export const TIER_PERMISSIONS: Record<SubscriberRoleCode, readonly ContentPermission[]> = {
  ROLE_HBRG_GOOD: [],
  ROLE_HBRG_BETTER: ['PERM_TOP_50_ARTICLES'],
  ROLE_HBRG_BEST: ['PERM_VISUAL_LIBRARY', 'PERM_TOP_50_ARTICLES'],
  ROLE_HBRG_EXECUTIVE: ['PERM_VISUAL_LIBRARY', 'PERM_CASES', 'PERM_TOP_50_ARTICLES'],
  ROLE_HBRG_ALLACCESS: ['PERM_VISUAL_LIBRARY', 'PERM_CASES', 'PERM_TOP_50_ARTICLES'],
};

/** The permissions of a set of tiers (unknown role codes give none). */
export function permissionsOf(tiers: ReadonlyArray<{ roleCode: string }>): Set<ContentPermission> {
  const out = new Set<ContentPermission>();
  for (const { roleCode } of tiers) {
    const perms = Object.hasOwn(TIER_PERMISSIONS, roleCode) ? TIER_PERMISSIONS[roleCode as SubscriberRoleCode] : [];
    for (const p of perms) out.add(p);
  }
  return out;
}

/** Collection (PAY-03): a curated set of charts, shown as a card after every third entry. */
export const CollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  collectionLink: z.string(),
  contentImage: z.string(),
  /** The generated picture's base path (images.ts `pictureOf`); contentImage stays one of its charts. */
  image: z.optional(z.nullable(z.string())),
});
export type Collection = z.infer<typeof CollectionSchema>;

/** GET /api/data-and-visuals/collections. */
export const CollectionListSchema = z.object({ collections: z.array(CollectionSchema) });

/** The chart's file name in the chart store: the last segment of its image path ('/data-visuals/images/c12.svg' -> 'c12.svg'). */
export function chartFileName(chart: Pick<Chart, 'contentImage'>): string {
  const path = chart.contentImage.split('?')[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The subscriber download path (PAY-07): /data-visuals/download/{subscriberDigest}/{image path}. */
export function digestDownloadPath(digest: string, chart: Pick<Chart, 'contentImage'>): string {
  return `/data-visuals/download/${encodeURIComponent(digest)}/${encodeURIComponent(chartFileName(chart))}`;
}

/**
 * The 'Download Chart' link (PAY-06: downloads use the subscriber's digest): subscribers with
 * PERM_VISUAL_LIBRARY get the digest link; everyone else gets the item's own link (its url).
 */
export function chartDownloadHref(chart: Pick<Chart, 'url' | 'contentImage'>, user: Pick<User, 'tiers' | 'subscriber'> | null): string {
  if (user?.subscriber && permissionsOf(user.tiers).has('PERM_VISUAL_LIBRARY')) return digestDownloadPath(user.subscriber.digest, chart);
  return chart.url;
}

/** Texts of the visual library. NOT IN SPEC unless marked. */
export const VISUAL_TEXT = {
  /** PAY-02. */
  downloadChart: 'Download Chart',
  collection: 'Collection',
  viewCollection: 'View the collection',
  paywalled: 'Subscribe to see every chart in the visual library.',
  subscribe: 'Subscribe',
  register: 'Register for free',
  navLabel: 'Visual library subjects',
} as const;
