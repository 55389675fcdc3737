/**
 * The store's catalogue calls: a category's products and one product. The recommendations after an
 * add to cart are in recommendations.ts, imported by the dialogs alone, so each module is inlined
 * in the chunk that imports it.
 */
import { api, query } from 'shared-contracts';
import { ProductDetailSchema, ProductListSchema, type ProductDetail, type ProductList } from 'shared-contracts/commerce';

/** A page (from 1) of the products of a category, or of the whole store. */
export const loadProducts = (category: string | undefined, page = 1): Promise<ProductList> =>
  api.request('GET', `/api/store/products${query({ category, page: page > 1 ? page : undefined })}`, ProductListSchema);

/** A product page's product, by its availability id. */
export const loadProduct = (availabilityId: string): Promise<ProductDetail> =>
  api.request('GET', `/api/store/product/${encodeURIComponent(availabilityId)}`, ProductDetailSchema);
