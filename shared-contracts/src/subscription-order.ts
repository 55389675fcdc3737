/**
 * The subscription order cookie (SITE-04, SITE-09): the store sets it when a subscription order is
 * placed; on the next page load the shell sees it (hasSubscriptionOrder) and runs
 * completeSubscriptionOrder (subscription-activation.ts, in `shared-contracts/commerce`) before it
 * renders. Only that rare load fetches the activation code (decision 022).
 */
import { SUBSCRIPTION_ORDER_COOKIE_DAYS } from './constants';

/**
 * The subscription order cookie (SITE-04, SITE-09): set by the store when a subscription order is placed,
 * for SUBSCRIPTION_ORDER_COOKIE_DAYS; the shell's next load calls checkoutComplete, then deletes it.
 * Its value is the order id; it is only a reminder, the server decides everything.
 */
export const SUBSCRIPTION_ORDER_COOKIE = 'subscription_order';

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, maxAgeSeconds: number): void;
  remove(name: string): void;
}

export const documentCookies: CookieJar = {
  get(name) {
    if (typeof document === 'undefined') return null;
    for (const part of document.cookie.split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k === name) return decodeURIComponent(v.join('='));
    }
    return null;
  },
  set(name, value, maxAgeSeconds) {
    if (typeof document === 'undefined') return;
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
  },
  remove(name) {
    if (typeof document === 'undefined') return;
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  },
};

/** Sets the cookie after a subscription order (the store remote calls this). */
export function rememberSubscriptionOrder(orderId: string, cookies: CookieJar = documentCookies): void {
  cookies.set(SUBSCRIPTION_ORDER_COOKIE, orderId, SUBSCRIPTION_ORDER_COOKIE_DAYS * 24 * 60 * 60);
}

export function hasSubscriptionOrder(cookies: CookieJar = documentCookies): boolean {
  return cookies.get(SUBSCRIPTION_ORDER_COOKIE) !== null;
}
