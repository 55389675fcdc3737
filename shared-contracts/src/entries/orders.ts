/**
 * `shared-contracts/orders` (decision 038, extended): what follows an order, off the store's first
 * views: the subscription's activation (`rememberSubscriptionOrder` at checkout,
 * `completeSubscriptionOrder` on the next load) and the order's download links (`DownloadLinks`).
 * Not shared: it holds no state, so each build bundles it into the chunk that imports it (a shared
 * entry costs every page's main.js its registration); it imports the core by the package name.
 */
export * from '../subscription-activation';
export * from '../DownloadLinks';
