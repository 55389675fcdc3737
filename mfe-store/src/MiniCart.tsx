/**
 * The store's mini cart (SITE-02.14, SITE-02.17): what the header's cart mini-menu shows
 * (the shell mounts it in its CartMenu when the reader opens the menu). The cart's lines (title,
 * format, quantity, line price), the subtotal in USD with two decimals (SITE-09), and links to the
 * cart (/shopping-cart) and to checkout (/shipping-payment, which asks a guest to sign in). It reads
 * the cart when shown and again on every 'cart:updated'. The header's count and its freshness check
 * are the shell's (shared-contracts cart.ts, decision 021).
 */
import * as React from 'react';
import { useEffect, useState } from 'react';
import { Link } from 'shared-contracts/router';
import { bus, ButtonLink, instanceMarkers, itemCountText, UI_TEXT, userStore } from 'shared-contracts';
import { cartLines, COMMERCE_MESSAGES, formatCents, type Cart } from 'shared-contracts/commerce';
import { loadCart } from './api/cart';

export { cartLinkName, refreshCartCount } from 'shared-contracts';

/** Texts of the mini cart (NOT IN SPEC wording). */
export const MINI_CART_TEXT = {
  viewCart: 'View cart',
  subtotal: 'Subtotal',
  loading: 'Loading your cart…',
  failed: 'Your cart cannot be shown just now.',
  items: 'Items in your cart',
} as const;

type State = { status: 'loading' } | { status: 'ready'; cart: Cart } | { status: 'error' };

export default function MiniCart() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    let generation = 0;
    const read = () => {
      const mine = ++generation;
      loadCart().then(
        (cart) => live && mine === generation && setState({ status: 'ready', cart }),
        () => live && mine === generation && setState({ status: 'error' }),
      );
    };
    read();
    const off = bus.on('cart:updated', read);
    return () => {
      live = false;
      off();
    };
  }, []);

  const lines = state.status === 'ready' ? cartLines(state.cart) : [];
  return (
    <div data-remote-root="store" className="mini-cart-panel" {...instanceMarkers(React.createElement, userStore)}>
      {state.status === 'loading' && <p role="status">{MINI_CART_TEXT.loading}</p>}
      {state.status === 'error' && <p role="alert">{MINI_CART_TEXT.failed}</p>}
      {state.status === 'ready' && lines.length === 0 && <p className="mini-cart-empty">{COMMERCE_MESSAGES.emptyCart}</p>}
      {state.status === 'ready' && lines.length > 0 && (
        <>
          <p className="mini-cart-count-text">{itemCountText(state.cart.itemCount)}</p>
          <ul className="mini-cart-lines" aria-label={MINI_CART_TEXT.items}>
            {lines.map((line) => (
              <li key={line.itemId} className="mini-cart-line">
                <Link to={line.productUrl}>{line.productTitle}</Link>
                <p className="mini-cart-line-facts">
                  {line.format} · Qty {line.quantity}
                </p>
                <p className="mini-cart-line-price">{formatCents(line.lineTotalCents)}</p>
              </li>
            ))}
          </ul>
          <p className="mini-cart-subtotal">
            <span>{MINI_CART_TEXT.subtotal}</span> <span>{formatCents(state.cart.subTotalCents)}</span>
          </p>
        </>
      )}
      <div className="mini-cart-actions">
        <ButtonLink as={Link} variant="ghost" to="/shopping-cart">
          {MINI_CART_TEXT.viewCart}
        </ButtonLink>
        {lines.length > 0 && (
          <Link to="/shipping-payment" className="button-primary">
            {UI_TEXT.checkout}
          </Link>
        )}
      </div>
    </div>
  );
}
