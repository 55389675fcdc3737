/** The add-to-cart dialogs' one call (components/modals/AddToCartDialogs.tsx). */
import { api, query } from 'shared-contracts';
import { RecommendationsSchema, type Recommendations } from 'shared-contracts/commerce';

/** 'You might also like' for a placement and the products just added. */
export const loadRecommendations = (placement: string, productIds: readonly string[]): Promise<Recommendations> =>
  api.request('GET', `/api/store/recommendations${query({ placement, productIds: productIds.join(',') })}`, RecommendationsSchema);
