/**
 * The titles of the pages loaded when first shown: the two checkout steps and the subscription
 * offers (whose Subscribe leads to the cart). Our own wording, apart from text.ts, which is in the
 * first chunk.
 */

export const SHIPPING_PAYMENT_TITLE = 'Shipping and Payment';

export const REVIEW_ORDER_TITLE = 'Review Order';

export const SUBSCRIPTIONS_TITLE = 'Subscriptions';

/** The heading of a checkout error summary (the GOV.UK design system's wording; NOT IN SPEC). */
export const ERROR_SUMMARY_TITLE = 'There is a problem';

/** The confirmation on the order page just after it was placed (NOT IN SPEC: the spec gives no wording). */
export const orderConfirmed = (orderNumber: string): string => `Thank you, your order ${orderNumber} is confirmed.`;

/** The heading of that confirmation. NOT IN SPEC. */
export const ORDER_CONFIRMED_TITLE = 'Order confirmed';

/** Tax on the Shipping and Payment summary until the state or province is chosen. NOT IN SPEC. */
export const TAX_FROM_ADDRESS = 'Calculated from your address';

/** The id of the card's fieldset: the review's payment errors link to /shipping-payment#payment. */
export const PAYMENT_FIELDS_HASH = 'payment';

/** The history state of the order page right after Place order: it then shows the confirmation. */
export const ORDER_PLACED_STATE = { orderPlaced: true } as const;
