/**
 * /subscriptions: the subscriber tiers on offer; Subscribe adds the tier to the cart and opens the
 * cart. Each tier lists what it includes from the table the server enforces (shared-contracts
 * entitlements.ts TIER_GRANTS; PAY-06.3): the gated collections and the visual library's
 * downloads are refused to tiers without them. A subscriber's own tier is marked.
 */
import { Link } from 'shared-contracts/router';
import { Badge, Card, Price, UI_TEXT, useLoad, useUserStore, type User } from 'shared-contracts';
import { loadSubscriptionOffers } from '../api/subscriptions';
import { COMMERCE_MESSAGES, formatCents, type SubscriptionOffer } from 'shared-contracts/commerce';
import { tierIncludes } from 'shared-contracts/visual';
import { Alert, Status } from '../components/common';
import { useAddToCart } from '../components/cart/useAddToCart';
import { SUBSCRIPTIONS_TITLE } from '../components/checkout/text';

/** The offers' layout, shipped with this page's chunk. */
const OFFERS_CSS = `
[data-remote-root="store"] .offer-card>*{margin:0}
[data-remote-root="store"] .offer-price{font-size:var(--step-2)}
[data-remote-root="store"] .offer-features{flex:1;padding-left:var(--space-5);font-family:var(--font-sans)}
[data-remote-root="store"] .offer-card .button-primary{width:100%}
`;

export function isSubscriber(user: User | null): boolean {
  return user !== null && (user.status === 'subscriber' || user.tier !== null);
}

function OfferCard({
  offer,
  subscriber,
  yours,
  onSubscribe,
  busy,
}: {
  offer: SubscriptionOffer;
  subscriber: boolean;
  yours: boolean;
  onSubscribe(): void;
  busy: boolean;
}) {
  const headingId = `offer-${offer.roleCode}`;
  const includes = tierIncludes(offer.roleCode);
  return (
    <Card as="li" boxed className="offer-card" aria-labelledby={headingId} data-tier={offer.roleCode}>
      <h2 id={headingId} className="ds-card__title">
        {offer.label}
      </h2>
      {yours && (
        <p className="offer-yours">
          <Badge tone="ink">Your subscription</Badge>
        </p>
      )}
      {offer.caption && <p className="offer-caption ds-card__meta">{offer.caption}</p>}
      <Price as="p" className="offer-price">{`${formatCents(offer.priceCents)} per ${offer.term}`}</Price>
      <ul className="offer-features" aria-label={`${offer.label} includes`}>
        {includes.map((f) => (
          <li key={f.label}>{f.href ? <Link to={f.href}>{f.label}</Link> : f.label}</li>
        ))}
      </ul>
      {!subscriber && (
        <button type="button" className="button-primary" aria-label={`Subscribe to ${offer.label}`} disabled={busy} onClick={onSubscribe}>
          Subscribe
        </button>
      )}
    </Card>
  );
}

export default function SubscriptionsPage() {
  const user = useUserStore((s) => s.user);
  const subscriber = isSubscriber(user);
  const load = useLoad('subscription-offers', loadSubscriptionOffers);
  const { add, busy, dialog } = useAddToCart();
  return (
    <div className="subscriptions-page">
      <style href="mfe-store-offer-styles" precedence="default">
        {OFFERS_CSS}
      </style>
      <h1>{SUBSCRIPTIONS_TITLE}</h1>
      <p>Every subscription reads every article and the magazine archive without a limit; each tier lists what else it includes.</p>
      {subscriber && <p className="already-subscriber">{COMMERCE_MESSAGES.alreadySubscriber}</p>}
      {load.status === 'loading' && <Status>Loading subscriptions…</Status>}
      {load.status === 'error' && <Alert>We could not load the subscriptions. Please try again.</Alert>}
      {load.status === 'ready' && (
        <ul className="offers ds-grid" aria-label="Subscription offers">
          {load.data.offers.map((o) => (
            <OfferCard
              key={o.roleCode}
              offer={o}
              subscriber={subscriber}
              yours={subscriber && user?.tier?.roleCode === o.roleCode}
              busy={busy}
              onSubscribe={() => void add([{ availabilityId: o.availabilityId, quantity: 1 }], { thenNavigateTo: '/shopping-cart' })}
            />
          ))}
        </ul>
      )}
      <p className="link-row">
        <Link to="/store">{UI_TEXT.continueShopping}</Link>
      </p>
      {dialog}
    </div>
  );
}
