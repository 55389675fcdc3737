/**
 * What the cart, checkout and order services share about a stored cart: reading it (lines, promo,
 * totals from pricing.ts) into the Cart answer, making it when missing, and stamping each change.
 */
import { randomBytes } from 'node:crypto';
import { type Cart, type CartLine, isShippedType, type ItemType, lineTypeOf, SHIPPING_METHOD_CODES, type ShippingMethodCode } from 'shared-contracts/server';
import type { CartRow, PromoCodeRow } from '../db/database';
import type { Clock } from '../clock';
import type { CartLineWithProduct, CartQueries } from '../repositories/cart';
import { readAddress } from './addresses';
import { computeTotals, type PricedLine, type Promo, type Totals } from './pricing';
import { imageOr, productSubject } from './images/subjects';
import { itemTypeOf, productUrl } from './products';

/** Last-Modified of a cart that does not exist. */
export const NO_CART_MODIFIED = new Date(0).toISOString();

export interface StoredCart {
  cart: CartRow;
  lines: CartLineWithProduct[];
}

export function toPromo(row: PromoCodeRow): Promo {
  return { code: row.code, kind: row.kind, value: row.value, minSubtotalCents: row.min_subtotal_cents, expiresAt: row.expires_at };
}

/** A stored shipping method the store still knows, else null. */
export function methodCode(value: string | null): ShippingMethodCode | null {
  return (SHIPPING_METHOD_CODES as readonly string[]).includes(value ?? '') ? (value as ShippingMethodCode) : null;
}

/** Whether any line is shipped (and so needs a shipping address and method). */
export function needsShipping(lines: readonly CartLineWithProduct[]): boolean {
  return lines.some((l) => isShippedType(itemTypeOf(l.product)));
}

export function pricedLines(lines: readonly CartLineWithProduct[]): PricedLine[] {
  return lines.map((l) => ({ unitPriceCents: l.product.price_cents, quantity: l.line.quantity, type: itemTypeOf(l.product) }));
}

export function subtotalOf(lines: readonly CartLineWithProduct[]): number {
  return lines.reduce((sum, l) => sum + l.product.price_cents * l.line.quantity, 0);
}

/**
 * Whether a type's bulk quantities are priced on request (SITE-03 isVolumePricingAvailable). NOT IN
 * SPEC: shipped copies and copyright permissions, the products bought by the copy.
 */
export function offersVolumePricing(type: ItemType): boolean {
  return type === 'ship' || type === 'Perm';
}

function toCartLine({ line, product, about }: CartLineWithProduct): CartLine {
  const type = itemTypeOf(product);
  const comingSoon = product.availability_status === 'COMING_SOON';
  return {
    itemId: line.id,
    productId: product.id,
    availabilityId: product.availability_id,
    sku: product.sku,
    productUrl: productUrl(product),
    productTitle: product.title,
    productContentType: product.content_type,
    productAvailabilityStatus: comingSoon ? 'COMING_SOON' : 'AVAILABLE',
    format: product.format,
    language: product.language,
    type,
    lineType: lineTypeOf(type),
    quantity: line.quantity,
    unitPriceCents: product.price_cents,
    lineTotalCents: product.price_cents * line.quantity,
    referral: line.referral,
    productMajorSubject: about?.majorSubject ?? null,
    publicationDate: about?.publicationDate ?? null,
    permissionsAvailable: about?.permissionsAvailable ?? false,
    isVolumePricingAvailable: offersVolumePricing(type),
    image: imageOr(product.image, productSubject(product)),
    status: comingSoon ? 'UNAVAILABLE' : 'ACTIVE',
  };
}

export async function loadPromo(repo: CartQueries, cart: CartRow | undefined): Promise<PromoCodeRow | null> {
  return cart?.promo_code ? ((await repo.promo(cart.promo_code)) ?? null) : null;
}

/** The cart helpers that read the clock. */
export function createCartModel(clock: Clock) {
  /**
   * The next updated_at: now, but always at least a second after the last one, so the HEAD's
   * Last-Modified (whole seconds) changes with every change.
   */
  function nextModified(cart: CartRow | undefined): string {
    const now = clock.now().getTime();
    const last = cart ? Date.parse(cart.updated_at) : 0;
    const next = Math.max(now, Math.floor(last / 1000) * 1000 + 1000);
    return new Date(next).toISOString();
  }

  /** Totals for the cart's own destination: the shipping address when something ships, else billing. */
  function totalsOf(cart: CartRow | undefined, lines: readonly CartLineWithProduct[], promo: PromoCodeRow | null): Totals {
    const shipping = readAddress(cart?.shipping_address ?? null);
    const billing = readAddress(cart?.billing_address ?? null);
    const destination = (needsShipping(lines) ? shipping : null) ?? billing ?? shipping;
    return computeTotals({
      lines: pricedLines(lines),
      promo: promo ? toPromo(promo) : null,
      destination: destination ? { countryCode: destination.countryCode, state: destination.state } : null,
      shippingMethod: methodCode(cart?.shipping_method ?? null),
      now: clock.now(),
    });
  }

  function toCart(cart: CartRow | undefined, lines: readonly CartLineWithProduct[], promo: PromoCodeRow | null): Cart {
    const totals = totalsOf(cart, lines, promo);
    const answerLines = lines.map(toCartLine);
    return {
      lineItems: {
        physicalItems: answerLines.filter((l) => isShippedType(l.type)),
        digitalItems: answerLines.filter((l) => !isShippedType(l.type)),
      },
      itemCount: answerLines.reduce((n, l) => n + l.quantity, 0),
      subTotalCents: totals.subTotalCents,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      shippingCostCents: totals.shippingCostCents,
      grandTotalCents: totals.grandTotalCents,
      promoCode: promo ? { code: promo.code, description: promo.description } : null,
      needsShipping: totals.needsShipping,
      shippingMethods: totals.shippingMethods,
      shippingMethod: totals.shippingMethod,
      shippingAddress: readAddress(cart?.shipping_address ?? null),
      billingAddress: readAddress(cart?.billing_address ?? null),
      payment: cart?.payment_brand && cart.payment_last4 ? { brand: cart.payment_brand, last4: cart.payment_last4 } : null,
      lastModified: cart?.updated_at ?? NO_CART_MODIFIED,
    };
  }

  /** The owner's cart as answered (an empty one when there is no owner or no cart). */
  async function cartOf(repo: CartQueries, ownerKey: string | null): Promise<Cart> {
    const cart = ownerKey ? await repo.findCart(ownerKey) : undefined;
    const lines = cart ? await repo.lines(cart.id) : [];
    return toCart(cart, lines, await loadPromo(repo, cart));
  }

  /** The owner's cart row and lines, made when missing. */
  async function ensure(repo: CartQueries, ownerKey: string): Promise<StoredCart> {
    const cart = await repo.ensureCart(ownerKey, `c-${randomBytes(8).toString('hex')}`, clock.now().toISOString());
    return { cart, lines: await repo.lines(cart.id) };
  }

  return { nextModified, totalsOf, cartOf, ensure };
}

export type CartModel = ReturnType<typeof createCartModel>;

/** The owner's cart and lines, or none (nothing is stored). */
export async function existingCart(repo: CartQueries, ownerKey: string): Promise<{ cart: CartRow | undefined; lines: CartLineWithProduct[] }> {
  const cart = await repo.findCart(ownerKey);
  return { cart, lines: cart ? await repo.lines(cart.id) : [] };
}
