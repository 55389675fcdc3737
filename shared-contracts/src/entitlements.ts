/**
 * What each subscriber tier grants (PAY-06, SITE-01.3, SITE-06.2; "Tiers mean something"):
 * one table, enforced by the server (dev-server services/entitlements.ts: the article API refuses a
 * gated article's body to a reader without the grant) and listed by the subscriptions page.
 *
 * The grants are the content permissions of TIER_PERMISSIONS (visual.ts) and, NOT IN SPEC as a name,
 * EXECUTIVE_ONLY: the spec's "an executive-only item needs the Executive subscriber type". All
 * Access includes everything in Executive (the store's tier copy), so it has that grant too.
 */
import { SUBSCRIBER_ROLE_CODES, SUBSCRIBER_TIERS, type ContentPermission, type SubscriberRoleCode } from 'shared-contracts/contracts';
import { TIER_PERMISSIONS } from './visual';

export type TierGrant = ContentPermission | 'EXECUTIVE_ONLY';

/** Every grant of every tier, in the order the subscriptions page lists them: the content permissions, then the Executive type's items. */
export const TIER_GRANTS: Record<SubscriberRoleCode, readonly TierGrant[]> = {
  ROLE_HBRG_GOOD: TIER_PERMISSIONS.ROLE_HBRG_GOOD,
  ROLE_HBRG_BETTER: TIER_PERMISSIONS.ROLE_HBRG_BETTER,
  ROLE_HBRG_BEST: TIER_PERMISSIONS.ROLE_HBRG_BEST,
  ROLE_HBRG_EXECUTIVE: [...TIER_PERMISSIONS.ROLE_HBRG_EXECUTIVE, 'EXECUTIVE_ONLY'],
  ROLE_HBRG_ALLACCESS: [...TIER_PERMISSIONS.ROLE_HBRG_ALLACCESS, 'EXECUTIVE_ONLY'],
};

/** The grants of a set of tiers (unknown role codes give none). */
export function grantsOf(tiers: ReadonlyArray<{ roleCode: string }>): Set<TierGrant> {
  const out = new Set<TierGrant>();
  for (const { roleCode } of tiers) {
    if (!Object.hasOwn(TIER_GRANTS, roleCode)) continue;
    for (const grant of TIER_GRANTS[roleCode as SubscriberRoleCode]) out.add(grant);
  }
  return out;
}

/** NOT IN SPEC wording: what every tier includes (no meter), then one line per grant. */
export const TIER_BASE_INCLUDES = ['Every article without a monthly limit', 'The magazine archive since 1956'] as const;
export const GRANT_LABELS: Record<TierGrant, string> = {
  PERM_TOP_50_ARTICLES: 'The Top 50 Articles in full',
  PERM_VISUAL_LIBRARY: 'Chart downloads from the Visual Library',
  PERM_CASES: 'Case Selections: every case study in full',
  EXECUTIVE_ONLY: 'Executive-only articles',
};

/** Where a grant's content is browsed (the collections' pages, the visual library), or null. */
const GRANT_PAGES: Record<TierGrant, string | null> = {
  PERM_TOP_50_ARTICLES: '/top-50-articles',
  PERM_VISUAL_LIBRARY: '/visual-library',
  PERM_CASES: '/case-selections',
  EXECUTIVE_ONLY: null,
};

/** What a tier includes, as the subscriptions page lists it: the base lines, then its grants, each with its page if it has one. */
export function tierIncludes(roleCode: string): Array<{ label: string; href: string | null }> {
  const grants = Object.hasOwn(TIER_GRANTS, roleCode) ? TIER_GRANTS[roleCode as SubscriberRoleCode] : [];
  return [...TIER_BASE_INCLUDES.map((label) => ({ label, href: null })), ...grants.map((g) => ({ label: GRANT_LABELS[g], href: GRANT_PAGES[g] }))];
}

/** The labels of the tiers with a grant, in table order ('Executive' and 'All Access'). */
export function tiersWith(grant: TierGrant): string[] {
  return SUBSCRIBER_ROLE_CODES.filter((code) => TIER_GRANTS[code].includes(grant)).map((code) => SUBSCRIBER_TIERS[code].label);
}

/** 'A', 'A or B', 'A, B or C'. */
function either(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/**
 * The gated collections (NOT IN SPEC: the spec names the permissions and a case-selection link, not
 * these pages): each is a stream of its own (GET /service/stream/{slug}/{n}/{size}) and a page of
 * the shell; `executive-only` has no page (its articles are found like any other).
 */
export const GATED_COLLECTIONS = {
  'case-selections': {
    title: 'Case Selections',
    path: '/case-selections',
    grant: 'PERM_CASES',
    intro: 'Case studies of companies at a turning point, chosen by our editors for teaching and for decisions at work.',
    itemWall: 'This case study is part of Case Selections',
  },
  'top-50-articles': {
    title: 'The Top 50 Articles',
    path: '/top-50-articles',
    grant: 'PERM_TOP_50_ARTICLES',
    intro: 'The fifty articles from the magazine archive that readers return to most.',
    itemWall: 'This article is one of The Top 50 Articles',
  },
  'executive-only': {
    title: 'Executive only',
    path: null,
    grant: 'EXECUTIVE_ONLY',
    intro: 'Briefings written for senior leaders.',
    itemWall: 'This article is for Executive subscribers',
  },
} as const satisfies Record<string, { title: string; path: string | null; grant: TierGrant; intro: string; itemWall: string }>;
export type GatedCollection = keyof typeof GATED_COLLECTIONS;
export const GATED_COLLECTION_SLUGS = Object.keys(GATED_COLLECTIONS) as GatedCollection[];

/** The ab tag of the tier wall's link to the subscriptions page. */
export const TIER_WALL_AB_TAG = 'tier-wall';

/** The sentence saying which tiers read a collection in full ('Read it in full with an Executive or All Access subscription.'). */
export function grantAudience(grant: TierGrant): string {
  const labels = tiersWith(grant);
  const article = /^[AEIOU]/.test(labels[0] ?? '') ? 'an' : 'a';
  return `Read it in full with ${article} ${either(labels)} subscription.`;
}

/**
 * The wall of a gated article for a reader without the grant (the subscriber-only panel,
 * piano:enable-paywall-creative): what it is part of, who reads it, and what the reader's own
 * subscription lacks. NOT IN SPEC wording.
 */
export function tierWallText(
  collection: GatedCollection,
  readerTier: string | null,
): { title: string; dek: string; subDek: string | null; cta: { text: string; href: string } } {
  const c = GATED_COLLECTIONS[collection];
  return {
    title: c.itemWall,
    dek: grantAudience(c.grant),
    subDek: readerTier ? `Your ${readerTier} subscription does not include it.` : null,
    cta: { text: 'Compare subscriptions', href: `/subscriptions?ab=${TIER_WALL_AB_TAG}` },
  };
}
