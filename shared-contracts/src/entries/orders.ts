/**
 * `shared-contracts/orders` (decision 038, extended): what follows an order, off the store's first
 * views: the subscription's activation (`rememberSubscriptionOrder` at checkout,
 * `completeSubscriptionOrder` on the next load) and the order's download links (`DownloadLinks`,
 * `DOWNLOAD_TEXT`: the store's order page and My Library's order entries, both loaded on demand).
 * Not shared: it holds no state, so each build bundles it into the chunk that imports it (a shared
 * entry costs every page's main.js its registration); it imports the core by the package name.
 */
export * from '../subscription-activation';
export * from '../DownloadLinks';
export { DOWNLOAD_TEXT } from '../downloads';
export type * from '../downloads';
