/** Small pieces every store page shares. */
import type { ReactNode } from 'react';
import { Link } from 'shared-contracts/router';
import { ApiError, Badge, Picture, UI_TEXT, type CommerceItem } from 'shared-contracts';
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
    <p className="link-row">
      <Link to="/store">Back to the Store</Link>
    </p>
  );
}

export function ContinueShoppingLink() {
  return (
    <p className="link-row">
      <Link to="/store">{UI_TEXT.continueShopping}</Link>
    </p>
  );
}

export function ComingSoon() {
  return (
    <p className="product-badge">
      <Badge>Coming soon</Badge>
    </p>
  );
}

/**
 * A product's cover (3:4): the generated picture of its `image` (shared-contracts Picture: sources,
 * width and height, lazy unless `eager` or `priority`), or a blank cover of the same box without one.
 */
export function Cover({
  image,
  alt,
  sizes,
  priority,
  eager,
  className = '',
}: {
  image: string | null | undefined;
  alt: string;
  sizes: string;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}) {
  if (!image) return <span className={`ds-picture cover ${className}`} aria-hidden="true" />;
  return <Picture image={image} alt={alt} sizes={sizes} priority={priority} eager={eager} className={`cover ${className}`} />;
}

/** A cart or order line's thumbnail, when the answer carries a picture (`image`); nothing otherwise. */
export function LineThumb({ item }: { item: object }) {
  const image = 'image' in item && typeof item.image === 'string' ? item.image : null;
  return image ? <Cover image={image} alt="" sizes="4rem" /> : null;
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
