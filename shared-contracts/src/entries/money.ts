/**
 * `shared-contracts/money` (decision 038, extended): the currency and `formatUsd`. Not shared and
 * stateless: each build bundles these few lines where it shows a price, so a page that shows a
 * price without selling (My Library's orders, the paywall's offers) does not load
 * `shared-contracts/commerce`.
 */
export * from '../money';
