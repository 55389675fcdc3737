/**
 * The header's mini cart: a link to the cart showing the item count from the shared user store.
 * On mount and when the user changes it checks the cart's freshness with a HEAD (paywall §4): when
 * Last-Modified equals the cached one the cached count stands, otherwise the cart is read again and
 * cached. Whoever changes the cart announces 'cart:updated' on the bus; the count goes into the
 * store, so every part that reads cartCount sees it.
 */
import * as React from 'react';
import { useEffect } from 'react';
import { Link } from 'shared-contracts/router';
import { api, bus, instanceMarkers, useUserStore, userStore } from 'shared-contracts';
import { readCartCache, sameModified, writeCartCache } from './cart/cartCache';

/** Accessible name of the cart link: 'Cart, 2 items' ('item' for exactly one). */
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
    const cart = await api.cart();
    writeCartCache({ lastModified: modified ?? cart.lastModified, itemCount: cart.itemCount });
    return cart.itemCount;
  } catch {
    return cached ? cached.itemCount : null;
  }
}

export default function MiniCart() {
  const count = useUserStore((s) => s.cartCount);

  useEffect(() => {
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
  }, []);

  return (
    <div data-remote-root="store" {...instanceMarkers(React.createElement, userStore)}>
      <Link to="/shopping-cart" className="mini-cart header-link" aria-label={cartLinkName(count)}>
        Cart <span className="mini-cart-count">{count}</span>
      </Link>
    </div>
  );
}
