import { api } from 'shared-contracts';
import type { SubscriptionOffer } from 'shared-contracts/commerce';

/** The subscriber tiers on offer (GET /api/store/subscriptions), for the walls' offer cards. */
export function loadOffers(): Promise<SubscriptionOffer[]> {
  return api.subscriptionOffers().then((answer) => answer.offers);
}
