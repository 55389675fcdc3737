/** The add-to-cart dialogs' one call (components/modals/AddToCartDialogs.tsx). */
import { commerceApi } from 'shared-contracts/commerce';

/** 'You might also like' for a placement and the products just added. */
export const loadRecommendations = (placement: string, productIds: readonly string[]): ReturnType<typeof commerceApi.recommendations> =>
  commerceApi.recommendations(placement, productIds);
