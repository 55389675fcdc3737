/** /subscriptions: the subscriber tiers on offer; Subscribe adds the tier to the cart and opens the cart. */
import { Link } from 'shared-contracts/router';
import { UI_TEXT, useLoad, useUserStore, type User } from 'shared-contracts';
import { loadSubscriptionOffers } from '../api/subscriptions';
import { COMMERCE_MESSAGES, formatCents, type SubscriptionOffer } from 'shared-contracts/commerce';
import { Alert, Status } from '../components/common';
import { useAddToCart } from '../components/cart/useAddToCart';
import { SUBSCRIPTIONS_TITLE } from '../components/checkout/text';

export function isSubscriber(user: User | null): boolean {
  return user !== null && (user.status === 'subscriber' || user.tier !== null);
}

function OfferCard({ offer, subscriber, onSubscribe, busy }: { offer: SubscriptionOffer; subscriber: boolean; onSubscribe(): void; busy: boolean }) {
  const headingId = `offer-${offer.roleCode}`;
  return (
    <li className="offer-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{offer.label}</h2>
      {offer.caption && <p className="offer-caption">{offer.caption}</p>}
      <p className="offer-price">{`${formatCents(offer.priceCents)} per ${offer.term}`}</p>
      {offer.features.length > 0 && (
        <ul className="offer-features">
          {offer.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {!subscriber && (
        <button type="button" className="button-primary" aria-label={`Subscribe to ${offer.label}`} disabled={busy} onClick={onSubscribe}>
          Subscribe
        </button>
      )}
    </li>
  );
}

export default function SubscriptionsPage() {
  const user = useUserStore((s) => s.user);
  const subscriber = isSubscriber(user);
  const load = useLoad('subscription-offers', loadSubscriptionOffers);
  const { add, busy, dialog } = useAddToCart();
  return (
    <div className="subscriptions-page">
      <h1>{SUBSCRIPTIONS_TITLE}</h1>
      <p>Subscribe for unlimited access to articles, the magazine archive and the visual library.</p>
      {subscriber && <p className="already-subscriber">{COMMERCE_MESSAGES.alreadySubscriber}</p>}
      {load.status === 'loading' && <Status>Loading subscriptions…</Status>}
      {load.status === 'error' && <Alert>We could not load the subscriptions. Please try again.</Alert>}
      {load.status === 'ready' && (
        <ul className="offers" aria-label="Subscription offers">
          {load.data.offers.map((o) => (
            <OfferCard
              key={o.roleCode}
              offer={o}
              subscriber={subscriber}
              busy={busy}
              onSubscribe={() => void add([{ availabilityId: o.availabilityId, quantity: 1 }], { thenNavigateTo: '/shopping-cart' })}
            />
          ))}
        </ul>
      )}
      <p>
        <Link to="/store">{UI_TEXT.continueShopping}</Link>
      </p>
      {dialog}
    </div>
  );
}
