/**
 * The header's cart link with the item count (decision 021), and the cart mini-menu's button beside
 * it (SITE-02.14). The shell shows the count from the user store's `cartCount`, kept
 * current by shared-contracts' `watchCartCount` (the HEAD freshness check against the cached summary,
 * and every 'cart:updated'), so a page that does not show the store does not load the store remote.
 * Pointing at or focusing the link or the button starts loading the store. The button opens the
 * mini-menu (CartMenu.tsx, loaded on first use: the items, subtotal, and links to the cart and
 * checkout, from the store's MiniCart).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'shared-contracts/router';
import { cartLinkName, useUserStore, watchCartCount } from 'shared-contracts';
import { startRemoteLoad } from '../federation';
import { withSheet } from '../sheets';

function preloadStore(): void {
  startRemoteLoad('store', 'App').promise.catch(() => {
    // The store page shows its own fallback if it still cannot load.
  });
}

const CartMenu = withSheet(() => import('./CartMenu').then((m) => m.CartMenu), 'cart-menu');

export function CartLink() {
  const count = useUserStore((s) => s.cartCount);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => watchCartCount(), []);
  return (
    <div className="mini-cart-slot" data-cart-link="">
      <Link to="/shopping-cart" className="mini-cart header-link" aria-label={cartLinkName(count)} onPointerEnter={preloadStore} onFocus={preloadStore}>
        Cart <span className="mini-cart-count">{count}</span>
      </Link>
      <button
        ref={toggle}
        type="button"
        className="mini-cart-toggle"
        aria-label="Cart menu"
        aria-expanded={open}
        aria-controls="cart-menu"
        onClick={() => setOpen(!open)}
      >
        ▾
      </button>
      {open && <CartMenu toggle={toggle} onClose={() => setOpen(false)} />}
    </div>
  );
}
