/** The store's subscription calls. */
import { api } from 'shared-contracts';

/** The subscription offers of /subscriptions. */
export const loadSubscriptionOffers = (): ReturnType<typeof api.subscriptionOffers> => api.subscriptionOffers();
