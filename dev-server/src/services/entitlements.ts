/**
 * Tiers mean something (PAY-06.3, SITE-01.3, SITE-06.2): an article of a gated collection
 * (migration 0017) is read in full only by a subscriber whose tier has the collection's grant, from
 * the one table of shared-contracts (entitlements.ts TIER_GRANTS, which the subscriptions page
 * lists):
 *   case-selections -> PERM_CASES, top-50-articles -> PERM_TOP_50_ARTICLES,
 *   executive-only -> EXECUTIVE_ONLY (the Executive subscriber type; All Access includes it).
 * Everyone else (guests, registered readers, subscribers of other tiers) gets the tier wall: no
 * meter, no gift link and no free flag opens such an article (services/article-access.ts).
 */
import {
  GATED_COLLECTIONS,
  grantsOf,
  subscriberTierOf,
  tierWallText,
  type GatedCollection,
  type PaywallMessage,
  type TierGrant,
} from 'shared-contracts/server';
import type { CollectionRepository } from '../repositories/collections';
import type { Viewer } from './auth';

function isGatedCollection(name: string): name is GatedCollection {
  return Object.hasOwn(GATED_COLLECTIONS, name);
}

/** The grants a viewer reads with: a subscriber's tiers' grants; nobody else has any. */
export function viewerGrants(viewer: Pick<Viewer, 'status' | 'tiers'> | null): Set<TierGrant> {
  if (!viewer || viewer.status !== 'subscriber') return new Set();
  return grantsOf(viewer.tiers.map((roleCode) => ({ roleCode })));
}

/** The tier wall (the subscriber-only panel, piano:enable-paywall-creative) of a collection for a viewer. */
export function tierWallMessage(collection: GatedCollection, viewer: Viewer | null): PaywallMessage {
  const tier = viewer?.status === 'subscriber' ? subscriberTierOf(viewer.tiers.map((roleCode) => ({ roleCode }))) : null;
  return {
    type: 'piano:enable-paywall-creative',
    context: 'article',
    creative: { greetingFirstName: viewer?.user.first_name.trim() || null, ...tierWallText(collection, tier?.label ?? null) },
  };
}

export function createEntitlementService(deps: { collections: CollectionRepository }) {
  return {
    /**
     * The gated collection whose grant the viewer lacks for this article, or null when they may read
     * it (no collection holds it, or they have every grant it needs).
     */
    async lackingCollection(articleId: string, viewer: Pick<Viewer, 'status' | 'tiers'> | null): Promise<GatedCollection | null> {
      const collections = (await deps.collections.collectionsOf(articleId)).filter(isGatedCollection);
      if (collections.length === 0) return null;
      const grants = viewerGrants(viewer);
      return collections.find((c) => !grants.has(GATED_COLLECTIONS[c].grant)) ?? null;
    },
  };
}

export type EntitlementService = ReturnType<typeof createEntitlementService>;
