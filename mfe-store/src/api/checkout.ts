/** The store's checkout calls: the cart being checked out, the states of a country, the estimate, shipping and payment, the order. */
import { api } from 'shared-contracts';
import {
  CartSchema,
  EstimateSchema,
  OrderSchema,
  StateProvinceListSchema,
  type Cart,
  type Estimate,
  type EstimateRequest,
  type Order,
  type ShippingPaymentRequest,
  type StateProvinceList,
} from 'shared-contracts/commerce';

/** The cart as checkout starts: the cart page's one read of it (cart.ts). */
export { loadCart as loadCheckoutCart } from './cart';

/** The states or provinces of a country. */
export const loadStateProvinces = (countryCode: string): Promise<StateProvinceList> =>
  api.request('GET', `/api/commerce/state-province/${encodeURIComponent(countryCode)}`, StateProvinceListSchema);

/** Shipping methods and totals for an address. */
export const estimateShipping = (body: EstimateRequest): Promise<Estimate> => api.request('POST', '/api/shopping-cart/estimate', EstimateSchema, body);

/** Saves the addresses, the shipping method and the card; returns the cart. */
export const saveShippingPayment = (body: ShippingPaymentRequest): Promise<Cart> => api.request('POST', '/api/commerce/shipping-payment', CartSchema, body);

/** Places the order. */
export const submitOrder = (): Promise<Order> => api.request('POST', '/api/commerce/order/submit', OrderSchema, {});
