/**
 * The subscription order cookie (SITE-04, SITE-09): the store sets it when a subscription order is
 * placed; on the next page load the shell sees it (hasSubscriptionOrder) and runs
 * completeSubscriptionOrder (subscription-activation.ts, in `shared-contracts/orders`) before it
 * renders. Only that rare load fetches the activation code (decision 022), and only the store's
 * checkout sets the cookie (rememberSubscriptionOrder, with the activation code in `shared-contracts/orders`).
 */

/**
 * The subscription order cookie (SITE-04, SITE-09): set by the store when a subscription order is placed,
 * for SUBSCRIPTION_ORDER_COOKIE_DAYS; the shell's next load calls checkoutComplete, then deletes it.
 * Its value is the order id; it is only a reminder, the server decides everything.
 */
export const SUBSCRIPTION_ORDER_COOKIE = 'subscription_order';

/** Whether the cookie is set (`cookie`: the document's cookies, `name=value; ...`). */
export function hasSubscriptionOrder(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().split('=')[0] === SUBSCRIPTION_ORDER_COOKIE);
}
