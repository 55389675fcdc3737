/**
 * The gated collections' pages ("Tiers mean something", PAY-06.3; SITE-06.7 names the case-selection
 * link, the spec gives neither page a route): `/case-selections` (Case Selections, PERM_CASES) and
 * `/top-50-articles` (The Top 50 Articles, PERM_TOP_50_ARTICLES). Every reader sees the entries (a
 * stream over GET /service/stream/{slug}/{n}/{size}); the article API gives the bodies only to tiers
 * with the grant (dev-server services/entitlements.ts). The access note says which tiers read them
 * and whether the reader's own does, from the same table (shared-contracts entitlements.ts).
 * One component and chunk for both pages (the route's path picks the collection), loaded when one is
 * shown: the smallest addition to the shell's routes.
 */
import type { CSSProperties } from 'react';
import { Link, useLocation } from 'shared-contracts/router';
import { subscriberTierOf, useUserStore } from 'shared-contracts';
import { GATED_COLLECTIONS, grantsOf, TIER_WALL_AB_TAG, tiersWith, type GatedCollection } from 'shared-contracts/visual';
import { StreamList } from '../discovery/StreamList';

const NOTE_STYLE: CSSProperties = {
  border: '1px solid var(--line)',
  borderLeft: '4px solid var(--accent)',
  padding: '.75rem 1rem',
  margin: '1rem 0 1.5rem',
  fontFamily: 'Arial, Helvetica, sans-serif',
  maxWidth: '40rem',
};

/** 'A and B', 'A, B and C'. */
function both(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

function AccessNote({ collection, items }: { collection: 'case-selections' | 'top-50-articles'; items: string }) {
  const { grant } = GATED_COLLECTIONS[collection];
  const user = useUserStore((s) => s.user);
  const subscriber = user?.status === 'subscriber';
  const tier = subscriber ? subscriberTierOf(user.tiers) : null;
  const reads = subscriber && grantsOf(user.tiers).has(grant);
  return (
    <div className="collection-access" data-collection-access={reads ? 'included' : 'not-included'} style={NOTE_STYLE}>
      <p style={{ margin: 0 }}>
        <strong>{`Included with the ${both(tiersWith(grant))} subscriptions.`}</strong>
      </p>
      <p style={{ margin: '.5rem 0 0' }}>
        {reads ? (
          `Your ${tier?.label ?? ''} subscription includes every one of these ${items} in full.`
        ) : (
          <>
            {tier ? `Your ${tier.label} subscription shows you the summaries; the full ${items} come with an upgrade. ` : `Everyone can browse the summaries. `}
            <Link to={`/subscriptions?ab=${TIER_WALL_AB_TAG}`}>Compare subscriptions</Link>
          </>
        )}
      </p>
    </div>
  );
}

function GatedCollectionPage({ collection, items, label }: { collection: 'case-selections' | 'top-50-articles'; items: string; label: string }) {
  const c = GATED_COLLECTIONS[collection];
  return (
    <main id="main" className="page" data-collection={collection}>
      <h1>{c.title}</h1>
      <p className="page-intro">{c.intro}</p>
      <AccessNote collection={collection} items={items} />
      <StreamList type={collection satisfies GatedCollection} size={10} label={label} emptyMessage={`No ${items} have been published yet.`} />
    </main>
  );
}

/** `/case-selections` and `/top-50-articles`. */
export function GatedCollectionsPage() {
  const { pathname } = useLocation();
  return pathname.startsWith(GATED_COLLECTIONS['top-50-articles'].path) ? (
    <GatedCollectionPage key="top-50-articles" collection="top-50-articles" items="articles" label="The Top 50 Articles" />
  ) : (
    <GatedCollectionPage key="case-selections" collection="case-selections" items="case studies" label="Case studies" />
  );
}
