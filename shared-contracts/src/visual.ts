/**
 * The visual library (issue 9): collections, the paywall decision of the feed, content permissions
 * by tier and the download link rule. Constants (page size, collection cadence, summary length, left
 * nav offsets, carousel) are in constants.ts; collectionCardAfter, truncateNearWord and
 * paginationItems in validation.ts; ChartSchema / ChartPageSchema / VisualSubjectSchema in schemas.ts.
 */
import * as z from 'zod/mini';
import type { ContentPermission, SubscriberRoleCode } from './constants';
import type { Chart, User } from './schemas';

/**
 * Content permissions of each tier (paywall §6 names the permissions, not who has them). NOT IN
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

/** Collection (paywall §3): a curated set of charts, shown as a card after every third entry. */
export const CollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  collectionLink: z.string(),
  contentImage: z.string(),
});
export type Collection = z.infer<typeof CollectionSchema>;

/** GET /api/data-and-visuals/collections. */
export const CollectionListSchema = z.object({ collections: z.array(CollectionSchema) });

/** The chart's file name in the chart store: the last segment of its image path ('/data-visuals/images/c12.svg' -> 'c12.svg'). */
export function chartFileName(chart: Pick<Chart, 'contentImage'>): string {
  const path = chart.contentImage.split('?')[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The subscriber download path (paywall §7): /data-visuals/download/{subscriberDigest}/{image path}. */
export function digestDownloadPath(digest: string, chart: Pick<Chart, 'contentImage'>): string {
  return `/data-visuals/download/${encodeURIComponent(digest)}/${encodeURIComponent(chartFileName(chart))}`;
}

/**
 * The 'Download Chart' link (paywall §6: downloads use the subscriber's digest): subscribers with
 * PERM_VISUAL_LIBRARY get the digest link; everyone else gets the item's own link (its url).
 */
export function chartDownloadHref(chart: Pick<Chart, 'url' | 'contentImage'>, user: Pick<User, 'tiers' | 'subscriber'> | null): string {
  if (user?.subscriber && permissionsOf(user.tiers).has('PERM_VISUAL_LIBRARY')) return digestDownloadPath(user.subscriber.digest, chart);
  return chart.url;
}

/** Texts of the visual library. NOT IN SPEC unless marked. */
export const VISUAL_TEXT = {
  /** paywall §2. */
  downloadChart: 'Download Chart',
  collection: 'Collection',
  viewCollection: 'View the collection',
  paywalled: 'Subscribe to see every chart in the visual library.',
  subscribe: 'Subscribe',
  register: 'Register for free',
  navLabel: 'Visual library subjects',
} as const;
