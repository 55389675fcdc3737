/**
 * Completing a subscription order (SITE-04, SITE-09) on the load after it was placed. With a signed-in
 * member it completes activation (POST /api/user/subscribe/checkoutComplete), puts the answer in
 * the user store and deletes the cookie (subscription-order.ts). Success and failure are only
 * logged: nothing is shown to the user. A guest's load leaves the cookie for a later, signed-in load.
 */
import { api, SUBSCRIPTION_ORDER_COOKIE, SUBSCRIPTION_ORDER_COOKIE_DAYS } from 'shared-contracts';
import type { User } from 'shared-contracts/contracts';

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

export interface SubscriptionOrderDeps {
  cookies?: CookieJar;
  checkoutComplete?: () => Promise<User>;
  /** Who is signed in now (after the user store started). */
  currentUser: () => User | null;
  /** Puts the activated user in the store. */
  setUser: (user: User) => void;
  log?: (message: string, detail?: unknown) => void;
}

export type SubscriptionOrderOutcome = 'none' | 'guest' | 'activated' | 'failed';

export async function completeSubscriptionOrder(deps: SubscriptionOrderDeps): Promise<SubscriptionOrderOutcome> {
  const cookies = deps.cookies ?? documentCookies;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.info(message, detail ?? ''));
  const orderId = cookies.get(SUBSCRIPTION_ORDER_COOKIE);
  if (orderId === null) return 'none';
  if (!deps.currentUser()) {
    log('subscription order: waiting for a signed-in load', { orderId });
    return 'guest';
  }
  try {
    const user = await (deps.checkoutComplete ?? api.checkoutComplete)();
    deps.setUser(user);
    cookies.remove(SUBSCRIPTION_ORDER_COOKIE);
    log('subscription order: activation complete', { orderId, status: user.status });
    return 'activated';
  } catch (error) {
    // The spec: failure is only logged. The cookie stays for the next load until it expires.
    log('subscription order: activation failed', { orderId, error: error instanceof Error ? error.message : String(error) });
    return 'failed';
  }
}
