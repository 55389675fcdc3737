/** The store's checkout calls: the cart being checked out, the states of a country, the estimate, shipping and payment, the order. */
import { commerceApi } from 'shared-contracts/commerce';

/** The cart as checkout starts. */
export const loadCheckoutCart = (): ReturnType<typeof commerceApi.cart> => commerceApi.cart();

/** The states or provinces of a country. */
export const loadStateProvinces = (countryCode: string): ReturnType<typeof commerceApi.stateProvinces> => commerceApi.stateProvinces(countryCode);

/** Shipping methods and totals for an address. */
export const estimateShipping = (body: Parameters<typeof commerceApi.estimate>[0]): ReturnType<typeof commerceApi.estimate> => commerceApi.estimate(body);

/** Saves the addresses, the shipping method and the card; answers the cart. */
export const saveShippingPayment = (body: Parameters<typeof commerceApi.shippingPayment>[0]): ReturnType<typeof commerceApi.shippingPayment> =>
  commerceApi.shippingPayment(body);

/** Places the order. */
export const submitOrder = (): ReturnType<typeof commerceApi.submitOrder> => commerceApi.submitOrder();
