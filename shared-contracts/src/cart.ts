/**
 * The cart count every page shows in the header (decision 021): the summary cache (sessionStorage,
 * CART_CACHE_KEYS[0]), its freshness check against the server, and the announcement every cart
 * change makes ('cart:updated' on the bus, the cache and the user store's `cartCount`). The shell's
 * header cart link runs `watchCartCount` on every page; the store remote announces its changes with
 * `announceCart` / `announceEmptyCart`. It used to live in the store remote (its MiniCart), which put
 * the store's entry on every page.
 */
import { bus } from './bus';
import { api } from './client';
import * as z from 'zod/mini';
import type { Cart } from './commerce';
import { CART_CACHE_KEYS, userStore } from './store';

const KEY = CART_CACHE_KEYS[0];

/**
 * The cart summary kept in sessionStorage under CART_CACHE_KEYS[0] (store.ts): the count and the
 * Last-Modified it was read at. The mini cart HEADs /api/commerce/shopping-cart and reads the cart
 * again only when Last-Modified differs (PAY-04 "cart freshness is tested by a last-modified check").
 */
export const CartSummaryCacheSchema = z.object({ lastModified: z.string(), itemCount: z.int() });
export type CartSummaryCache = z.infer<typeof CartSummaryCacheSchema>;

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
    // Storage full or blocked: the count is asked of the server next time.
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

/** Accessible name of the header's cart link: 'Cart, 2 items' ('item' for exactly one). */
export function cartLinkName(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Settles the count: the cache when the HEAD says it is fresh, else a GET of the cart. */
export async function refreshCartCount(): Promise<number | null> {
  const cached = readCartCache();
  let modified: string | null = null;
  try {
    modified = await api.cartModified();
  } catch {
    modified = null;
  }
  if (cached && modified && sameModified(modified, cached.lastModified)) return cached.itemCount;
  try {
    const cart = await api.cartCount();
    writeCartCache({ lastModified: modified ?? cart.lastModified, itemCount: cart.itemCount });
    return cart.itemCount;
  } catch {
    return cached ? cached.itemCount : null;
  }
}

/**
 * Keeps the user store's `cartCount` current while a cart link shows: settles it now and again when
 * the user changes, and takes every 'cart:updated'. Returns the function that stops watching.
 */
export function watchCartCount(): () => void {
  let generation = 0;
  const refresh = () => {
    const mine = ++generation;
    void refreshCartCount().then((n) => {
      if (n !== null && mine === generation) userStore.getState().setCartCount(n);
    });
  };
  refresh();
  const offUser = bus.on('user:changed', refresh);
  const offCart = bus.on('cart:updated', ({ count: next }) => {
    generation++; // a refresh under way must not overwrite a newer count
    userStore.getState().setCartCount(next);
  });
  return () => {
    generation++;
    offUser();
    offCart();
  };
}
