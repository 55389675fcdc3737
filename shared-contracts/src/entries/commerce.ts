/**
 * `shared-contracts/commerce` (decision 022): the store, cart, checkout and orders. What follows an
 * order (the subscription's activation, the order's download links) is `shared-contracts/orders`, so
 * the store's first views do not load it; the visitor's country is `shared-contracts/geo` and a
 * price's format `shared-contracts/money`, so the pages that only show a price or ask the country
 * (the header's menu, My Library, the paywall's offers) do not load the store's contracts.
 */
export {
  ADDED_TO_CART_PLACEMENT,
  AddToCartResultSchema,
  CartSchema,
  COMMERCE_MESSAGES,
  DEFAULT_QUANTITY,
  EstimateSchema,
  MAX_LINE_QUANTITY,
  ORDER_QUERY,
  OrderSchema,
  ProductDetailSchema,
  ProductListSchema,
  RecommendationsSchema,
  REFERRAL_CODES,
  SHIPPING_COUNTRIES,
  StateProvinceListSchema,
  SubscriptionOffersSchema,
  cartApology,
  cartLines,
  centsToDollars,
  formatCents,
  formatUsd,
  isSingleQuantityType,
  itemsToAddToCart,
  orderPath,
  queryFlag,
} from '../commerce';
export { DOWNLOAD_TEXT } from '../downloads';
export type * from '../commerce';
export type * from '../downloads';
