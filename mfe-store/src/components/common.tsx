/** Small pieces every store page shares. */
import type { ReactNode } from 'react';
import { Link } from 'shared-contracts/router';
import { ApiError, UI_TEXT, type CommerceItem } from 'shared-contracts';
import { centsToDollars, type CartLine } from 'shared-contracts/commerce';

export function Status({ children }: { children: ReactNode }) {
  return <p role="status">{children}</p>;
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="form-error">
      {children}
    </p>
  );
}

export function BackToStore() {
  return (
    <p>
      <Link to="/store">Back to the Store</Link>
    </p>
  );
}

export function ContinueShoppingLink() {
  return (
    <p>
      <Link to="/store">{UI_TEXT.continueShopping}</Link>
    </p>
  );
}

export function ComingSoon() {
  return <p className="product-badge">Coming soon</p>;
}

/** The server's message of a failed call, or a generic one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError && error.body && 'message' in error.body && error.body.message) return error.body.message;
  return fallback;
}

/** Data-layer items of cart lines (dollars). */
export function commerceItems(lines: readonly Pick<CartLine, 'sku' | 'productTitle' | 'unitPriceCents' | 'quantity'>[]): CommerceItem[] {
  return lines.map((l) => ({ item_id: l.sku, item_name: l.productTitle, price: centsToDollars(l.unitPriceCents), quantity: l.quantity }));
}
