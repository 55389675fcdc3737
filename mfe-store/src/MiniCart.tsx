/**
 * The header's mini cart: a link to the cart showing the item count from the shared user store.
 * Whoever changes the cart announces 'cart:updated' on the bus; the mini cart writes the count into
 * the store, so every part that reads cartCount sees it.
 */
import * as React from 'react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { bus, instanceMarkers, useUserStore, userStore } from 'shared-contracts';

/** Accessible name of the cart link: 'Cart, 2 items' ('item' for exactly one). */
export function cartLinkName(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export default function MiniCart() {
  const count = useUserStore((s) => s.cartCount);

  useEffect(
    () =>
      bus.on('cart:updated', ({ count: next }) => {
        userStore.getState().setCartCount(next);
      }),
    [],
  );

  return (
    <div data-remote-root="store" {...instanceMarkers(React.createElement, userStore)}>
      <Link to="/shopping-cart" className="mini-cart header-link" aria-label={cartLinkName(count)}>
        Cart <span className="mini-cart-count">{count}</span>
      </Link>
    </div>
  );
}
