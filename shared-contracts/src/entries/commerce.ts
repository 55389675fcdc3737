/** `shared-contracts/commerce` (decision 022): the store, cart, checkout and orders, and the visitor's country. */
export * from '../commerce';
export * from '../downloads';
export * from '../geo';
export * from '../subscription-activation';
export * from '../DownloadLinks';
