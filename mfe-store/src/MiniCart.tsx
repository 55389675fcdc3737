/**
 * The store's mini cart: a link to the cart showing the item count from the shared user store. The
 * shell's header no longer mounts it (it shows its own cart link from the same state, decision 021);
 * it stays exposed for hosts that still do. The count's freshness check (a HEAD, the cart read again
 * only when Last-Modified changed) and the 'cart:updated' handling are shared-contracts' cart.ts.
 */
import * as React from 'react';
import { useEffect } from 'react';
import { Link } from 'shared-contracts/router';
import { cartLinkName, instanceMarkers, useUserStore, userStore, watchCartCount } from 'shared-contracts';

export { cartLinkName, refreshCartCount } from 'shared-contracts';

export default function MiniCart() {
  const count = useUserStore((s) => s.cartCount);

  useEffect(() => watchCartCount(), []);

  return (
    <div data-remote-root="store" {...instanceMarkers(React.createElement, userStore)}>
      <Link to="/shopping-cart" className="mini-cart header-link" aria-label={cartLinkName(count)}>
        Cart <span className="mini-cart-count">{count}</span>
      </Link>
    </div>
  );
}
