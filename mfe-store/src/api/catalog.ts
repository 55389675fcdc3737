/**
 * The store's catalogue calls: a category's products and one product. The recommendations after an
 * add to cart are in recommendations.ts, imported by the dialogs alone, so each module is inlined
 * in the chunk that imports it.
 */
import { commerceApi } from 'shared-contracts/commerce';

/** A page (from 1) of the products of a category, or of the whole store. */
export const loadProducts = (category: string | undefined, page = 1): ReturnType<typeof commerceApi.products> => commerceApi.products(category, page);

/** A product page's product, by its availability id. */
export const loadProduct = (availabilityId: string): ReturnType<typeof commerceApi.productDetail> => commerceApi.productDetail(availabilityId);
