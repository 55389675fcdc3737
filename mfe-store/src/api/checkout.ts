/** The store's checkout calls: the cart being checked out, the states of a country, the estimate, shipping and payment, the order. */
import { api } from 'shared-contracts';

/** The cart as checkout starts. */
export const loadCheckoutCart = (): ReturnType<typeof api.cart> => api.cart();

/** The states or provinces of a country. */
export const loadStateProvinces = (countryCode: string): ReturnType<typeof api.stateProvinces> => api.stateProvinces(countryCode);

/** Shipping methods and totals for an address. */
export const estimateShipping = (body: Parameters<typeof api.estimate>[0]): ReturnType<typeof api.estimate> => api.estimate(body);

/** Saves the addresses, the shipping method and the card; answers the cart. */
export const saveShippingPayment = (body: Parameters<typeof api.shippingPayment>[0]): ReturnType<typeof api.shippingPayment> => api.shippingPayment(body);

/** Places the order. */
export const submitOrder = (): ReturnType<typeof api.submitOrder> => api.submitOrder();
