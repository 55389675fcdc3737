/**
 * The titles of the pages loaded when first shown: the two checkout steps and the subscription
 * offers (whose Subscribe leads to the cart). Our own wording, apart from text.ts, which is in the
 * first chunk.
 */

export const SHIPPING_PAYMENT_TITLE = 'Shipping and Payment';

export const REVIEW_ORDER_TITLE = 'Review Order';

export const SUBSCRIPTIONS_TITLE = 'Subscriptions';
