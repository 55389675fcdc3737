/** The store's catalogue calls: a category's products, one product, and the recommendations after an add to cart. */
import { api } from 'shared-contracts';

/** The products of a category, or of the whole store. */
export const loadProducts = (category: string | undefined): ReturnType<typeof api.products> => api.products(category);

/** A product page's product, by its availability id. */
export const loadProduct = (availabilityId: string): ReturnType<typeof api.productDetail> => api.productDetail(availabilityId);

/** 'You might also like' for a placement and the products just added. */
export const loadRecommendations = (placement: string, productIds: readonly string[]): ReturnType<typeof api.recommendations> =>
  api.recommendations(placement, productIds);
