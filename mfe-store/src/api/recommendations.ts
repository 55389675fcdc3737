/** The add-to-cart dialogs' one call (components/modals/AddToCartDialogs.tsx). */
import { api } from 'shared-contracts';

/** 'You might also like' for a placement and the products just added. */
export const loadRecommendations = (placement: string, productIds: readonly string[]): ReturnType<typeof api.recommendations> =>
  api.recommendations(placement, productIds);
