/**
 * `shared-contracts/commerce` (decision 022): the store, cart, checkout and orders, and the visitor's
 * country. What follows an order (the subscription's activation, the order's download links) is
 * `shared-contracts/orders`, so the store's first views do not load it.
 */
export * from '../commerce';
export * from '../downloads';
export * from '../geo';
