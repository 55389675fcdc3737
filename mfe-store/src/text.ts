/**
 * The store remote's own copy. The fixed texts of the requirements come from shared-contracts
 * (COMMERCE_MESSAGES, MESSAGES, UI_TEXT); everything here is our own wording. Each text is its own
 * constant, so a page's chunk keeps only the words it uses. This module is in the first chunk (the
 * catalogue, product and cart pages), where a constant is shipped even when only a page loaded later
 * uses it: the titles of those pages are in components/checkout/text.ts.
 */

/** The heading of a store address that leads nowhere: an unknown page, or a page of the list past its last. */
export const PAGE_NOT_FOUND = 'Page not found';
export const STORE_LOAD_ERROR = 'We could not load the store. Please try again.';

export const PRODUCT_LOAD_ERROR = 'We could not load this product. Please try again.';

export const CART_LOAD_ERROR = 'We could not load your cart. Please try again.';

/** Said for shipping and tax while the cart has no address and method yet (NOT IN SPEC). */
export const CALCULATED_AT_CHECKOUT = 'Calculated at checkout';

export const NOT_ADDED_TITLE = 'Not added to cart';

export const MAINTENANCE_TITLE = 'Maintenance';
