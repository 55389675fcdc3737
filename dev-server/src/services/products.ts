/**
 * A product row as the store's answers show it: its page URL, its item type and its availability
 * (one format and language of a product). The catalogue (store.ts), the cart (cart.ts) and the
 * orders (orders.ts) all describe products this way.
 */
import { type Availability, type ItemType, productTypeFromSku } from 'shared-contracts/server';
import type { ProductRow } from '../db/database';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** '/product/{slug}/{availabilityId}'. */
export function productUrl(row: Pick<ProductRow, 'slug' | 'availability_id'>): string {
  return `/product/${row.slug}/${row.availability_id}`;
}

/** The item type of a product row: permissions and subscriptions by kind, the rest by SKU. */
export function itemTypeOf(product: Pick<ProductRow, 'kind' | 'sku'>): ItemType {
  if (product.kind === 'perm') return 'Perm';
  if (product.kind === 'subscription') return 'subscription';
  return productTypeFromSku(product.sku);
}

export function toAvailability(p: ProductRow): Availability {
  return {
    availabilityId: p.availability_id,
    productId: p.id,
    sku: p.sku,
    format: p.format,
    language: p.language,
    type: itemTypeOf(p),
    priceCents: p.price_cents,
    availabilityStatus: p.availability_status === 'COMING_SOON' ? 'COMING_SOON' : 'AVAILABLE',
    productUrl: productUrl(p),
  };
}
