/**
 * The mini cart's summary cache (sessionStorage, CART_CACHE_KEYS[0]) and the announcement every
 * cart change makes: 'cart:updated' on the bus, the cache and the shared user store's count.
 */
import { CART_CACHE_KEYS, CartSummaryCacheSchema, bus, userStore, type Cart, type CartSummaryCache } from 'shared-contracts';

const KEY = CART_CACHE_KEYS[0];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readCartCache(): CartSummaryCache | null {
  const s = storage();
  if (!s) return null;
  try {
    const raw = s.getItem(KEY);
    if (!raw) return null;
    const parsed = CartSummaryCacheSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCartCache(entry: CartSummaryCache | null): void {
  const s = storage();
  if (!s) return;
  try {
    if (entry === null) s.removeItem(KEY);
    else s.setItem(KEY, JSON.stringify(entry));
  } catch {
    // Storage full or blocked: the mini cart asks the server next time.
  }
}

/**
 * True when two Last-Modified values name the same moment. The HEAD sends an HTTP date (second
 * precision) and the cart an ISO timestamp, so both are compared as whole seconds when they parse.
 */
export function sameModified(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Date.parse(a);
  const y = Date.parse(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return false;
  return Math.floor(x / 1000) === Math.floor(y / 1000);
}

/** After a cart change: cache the summary, set the count and tell the page ('cart:updated'). */
export function announceCart(cart: Pick<Cart, 'itemCount' | 'lastModified'>): void {
  writeCartCache({ lastModified: cart.lastModified, itemCount: cart.itemCount });
  userStore.getState().setCartCount(cart.itemCount);
  bus.emit('cart:updated', { count: cart.itemCount });
}

/** After an order: the cart is empty and its new Last-Modified unknown, so the cache goes. */
export function announceEmptyCart(): void {
  writeCartCache(null);
  userStore.getState().setCartCount(0);
  bus.emit('cart:updated', { count: 0 });
}
