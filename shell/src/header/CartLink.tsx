/**
 * The header's cart link with the item count (decision 021). The shell shows it from the user store's
 * `cartCount`, kept current by shared-contracts' `watchCartCount` (the HEAD freshness check against
 * the cached summary, and every 'cart:updated' the store remote announces), so a page that does not
 * show the store does not load the store remote. Pointing at or focusing the link starts loading the
 * store's App, where the link leads.
 */
import { useEffect } from 'react';
import { Link } from 'shared-contracts/router';
import { cartLinkName, useUserStore, watchCartCount } from 'shared-contracts';
import { startRemoteLoad } from '../federation';

function preloadStore(): void {
  startRemoteLoad('store', 'App').promise.catch(() => {
    // The store page shows its own fallback if it still cannot load.
  });
}

export function CartLink() {
  const count = useUserStore((s) => s.cartCount);
  useEffect(() => watchCartCount(), []);
  return (
    <div className="mini-cart-slot" data-cart-link="">
      <Link to="/shopping-cart" className="mini-cart header-link" aria-label={cartLinkName(count)} onPointerEnter={preloadStore} onFocus={preloadStore}>
        Cart <span className="mini-cart-count">{count}</span>
      </Link>
    </div>
  );
}
