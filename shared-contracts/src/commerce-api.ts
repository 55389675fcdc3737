/**
 * The store's calls (issue 7): the catalogue, the cart, checkout and orders. They are in the commerce
 * entry (`shared-contracts/commerce`), not in the core's client: only the store's pages make them,
 * and those pages load the entry anyway. They go through the page's client (`api.request`): the
 * same headers, CSRF token, errors and, while the server renders, the server's fetch. The client
 * is imported by the package's name, as a remote would: in the browser that is the page's one
 * core, not a copy of it in a chunk shared with this entry (two chunks compress worse than one). Adding to the
 * cart and the subscription offers stay in the core (the home page's quick add, the paywall's offers).
 */
import { api, query } from 'shared-contracts';
import {
  CartSchema,
  EstimateSchema,
  OrderSchema,
  ProductDetailSchema,
  ProductListSchema,
  RecommendationsSchema,
  StateProvinceListSchema,
  type EstimateRequest,
  type ShippingPaymentRequest,
} from './commerce';

const path = encodeURIComponent;

export const commerceApi = {
  products: (category?: string, page?: number) =>
    api.request('GET', `/api/store/products${query({ category, page: page && page > 1 ? page : undefined })}`, ProductListSchema),
  productDetail: (availabilityId: string) => api.request('GET', `/api/store/product/${path(availabilityId)}`, ProductDetailSchema),
  recommendations: (placement: string, productIds: readonly string[]) =>
    api.request('GET', `/api/store/recommendations${query({ placement, productIds: productIds.join(',') })}`, RecommendationsSchema),
  cart: () => api.request('GET', '/api/shopping-cart', CartSchema),
  setCartQuantity: (itemId: string, quantity: number) => api.request('PUT', `/api/shopping-cart/items/${path(itemId)}`, CartSchema, { quantity }),
  removeCartLine: (itemId: string) => api.request('DELETE', `/api/shopping-cart/items/${path(itemId)}`, CartSchema),
  estimate: (body: EstimateRequest) => api.request('POST', '/api/shopping-cart/estimate', EstimateSchema, body),
  stateProvinces: (countryCode: string) => api.request('GET', `/api/commerce/state-province/${path(countryCode)}`, StateProvinceListSchema),
  applyPromoCode: (code: string) => api.request('POST', '/api/commerce/order/promo-code', CartSchema, { code }),
  removePromoCode: () => api.request('DELETE', '/api/commerce/order/promo-code', CartSchema),
  shippingPayment: (body: ShippingPaymentRequest) => api.request('POST', '/api/commerce/shipping-payment', CartSchema, body),
  submitOrder: () => api.request('POST', '/api/commerce/order/submit', OrderSchema, {}),
  order: (id: string) => api.request('GET', `/api/commerce/order/${path(id)}`, OrderSchema),
};
