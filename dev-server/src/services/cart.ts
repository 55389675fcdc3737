/**
 * The cart, checkout and orders (issue 7). A cart belongs to an owner key: 'u:{userId}' for a member,
 * 'd:{sha256 of the device token}' for a guest (merged into the member's cart at sign-in). Totals
 * are computed here only (services/pricing.ts), in integer cents. Card data goes to the payment
 * gateway once; the cart keeps its token, brand and last four digits.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, SUBSCRIBER_TIERS, SUBSCRIPTION_SOURCES, type SubscriberRoleCode } from 'shared-contracts';
import { productTypeFromSku } from 'shared-contracts/commerce';
import { cartApology } from 'shared-contracts/commerce';
import { REFERRAL_CODES } from 'shared-contracts/commerce';
import { SUBSCRIPTION_ORDER_MARKER } from 'shared-contracts/library';
import {
  AddressSchema,
  LINE_TYPES,
  COMMERCE_MESSAGES,
  formatCents,
  isShippedType,
  isSingleQuantityType,
  lineTypeOf,
  MAX_LINE_QUANTITY,
  SHIPPING_METHOD_CODES,
  type AddToCartRequest,
  type AddToCartResult,
  type Address,
  type AddressRequest,
  type Availability,
  type Card,
  type Cart,
  type CartLine,
  type Estimate,
  type EstimateRequest,
  type ItemType,
  type Order,
  type OrderDetailLine,
  type ShippingMethodCode,
  type ShippingPaymentRequest,
} from 'shared-contracts/commerce';
import { z } from 'zod';
import type { CartRow, OrderLineRow, OrderRow, ProductRow, PromoCodeRow } from '../db/database';
import type { Clock } from '../deps';
import type { PaymentGateway } from '../integrations/payment-gateway';
import type { CartLineWithProduct, CartQueries, CartRepository } from '../repositories/cart';
import { isUniqueViolation } from '../repositories/db-errors';
import type { Viewer } from './auth';
import { ConflictError, InvalidInputError, NotFoundError, PaymentDeclinedError, UnavailableError, UnprocessableError, type FieldError } from './errors';
import { checkPromo, computeTotals, isShippingCountry, regionsOf, type Promo, type Totals } from './pricing';
import { productUrl } from './store';

/** The owner key of a member's cart. */
export function memberCartKey(userId: string): string {
  return `u:${userId}`;
}

/** The owner key of a guest's cart: the SHA-256 of the device token (the token itself is never stored). */
export function deviceCartKey(deviceToken: string): string {
  return `d:${createHash('sha256').update(deviceToken).digest('hex')}`;
}

/** Last-Modified of a cart that does not exist. */
export const NO_CART_MODIFIED = new Date(0).toISOString();
/** Unknown cart line (or another owner's). NOT IN SPEC. */
export const CART_ITEM_NOT_FOUND = 'This item is not in your cart.';
export const PRODUCT_NOT_FOUND = 'Product not found';
/** A voucher the account has already redeemed (each voucher once per account). NOT IN SPEC. */
export const PROMO_ALREADY_USED = 'You have already used this promo code.';
/** A guest cart nobody changed for this long is removed (member carts are kept). */
export const GUEST_CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How often the server looks for expired guest carts. */
export const GUEST_CART_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Deletes the guest carts untouched for GUEST_CART_TTL_MS (lines with them); answers how many went. */
export async function expireGuestCarts(carts: Pick<CartQueries, 'deleteGuestCartsBefore'>, clock: Clock): Promise<number> {
  return carts.deleteGuestCartsBefore(new Date(clock.now().getTime() - GUEST_CART_TTL_MS).toISOString());
}

export interface GuestCartSweeper {
  /** Settles when the first sweep (at start) is done, failed or not. */
  firstSweep: Promise<void>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Expires guest carts now and every `everyMs` after, on a timer that never keeps the process alive.
 * A failed sweep is reported to `onError` and the next one tries again.
 */
export function startGuestCartSweeper(
  carts: Pick<CartQueries, 'deleteGuestCartsBefore'>,
  clock: Clock,
  onError: (error: unknown) => void,
  everyMs: number = GUEST_CART_SWEEP_EVERY_MS,
): GuestCartSweeper {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    if (stopped) return;
    running = running.then(() => expireGuestCarts(carts, clock)).then(
      () => undefined,
      (error: unknown) => onError(error),
    );
  };
  sweep();
  const firstSweep = running;
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return {
    firstSweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
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

function toCartLine({ line, product }: CartLineWithProduct): CartLine {
  const type = itemTypeOf(product);
  return {
    itemId: line.id,
    productId: product.id,
    availabilityId: product.availability_id,
    sku: product.sku,
    productUrl: productUrl(product),
    productTitle: product.title,
    productContentType: product.content_type,
    productAvailabilityStatus: product.availability_status === 'COMING_SOON' ? 'COMING_SOON' : 'AVAILABLE',
    format: product.format,
    language: product.language,
    type,
    lineType: lineTypeOf(type),
    quantity: line.quantity,
    unitPriceCents: product.price_cents,
    lineTotalCents: product.price_cents * line.quantity,
    referral: line.referral,
  };
}

function readAddress(json: string | null): Address | null {
  if (json === null) return null;
  const parsed = AddressSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

function toPromo(row: PromoCodeRow): Promo {
  return { code: row.code, kind: row.kind, value: row.value, minSubtotalCents: row.min_subtotal_cents, expiresAt: row.expires_at };
}

function methodCode(value: string | null): ShippingMethodCode | null {
  return (SHIPPING_METHOD_CODES as readonly string[]).includes(value ?? '') ? (value as ShippingMethodCode) : null;
}

/* ------------------------------------------------------------------ address rules */

const US_POSTAL = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;
const ADDRESS_LIMIT = 100;

const REQUIRED_FIELDS: readonly [keyof Address, string][] = [
  ['firstName', 'a first name'],
  ['lastName', 'a last name'],
  ['address1', 'an address'],
  ['city', 'a city'],
  ['postalCode', 'a postal code'],
  ['countryCode', 'a country'],
];

/** The problems of an address, fields prefixed (e.g. 'shippingAddress.postalCode'). */
export function addressErrors(address: Address, prefix: string): FieldError[] {
  const errors: FieldError[] = [];
  const at = (field: keyof Address) => `${prefix}.${field}`;
  for (const [field, label] of REQUIRED_FIELDS) {
    if (address[field].trim() === '') errors.push({ field: at(field), errorMessage: COMMERCE_MESSAGES.required(label) });
  }
  for (const field of Object.keys(address) as (keyof Address)[]) {
    if (address[field].length > ADDRESS_LIMIT) errors.push({ field: at(field), errorMessage: COMMERCE_MESSAGES.required(field) });
  }
  const country = address.countryCode.trim().toUpperCase();
  if (country !== '' && !isShippingCountry(country)) {
    errors.push({ field: at('countryCode'), errorMessage: COMMERCE_MESSAGES.badCountry });
    return errors;
  }
  const regions = regionsOf(country);
  if (regions && regions.length > 0 && !regions.some((r) => r.code === address.state.trim().toUpperCase())) {
    errors.push({ field: at('state'), errorMessage: COMMERCE_MESSAGES.badState });
  }
  const postal = address.postalCode.trim();
  if (postal !== '') {
    if ((country === 'US' && !US_POSTAL.test(postal)) || (country === 'CA' && !CA_POSTAL.test(postal))) {
      errors.push({ field: at('postalCode'), errorMessage: COMMERCE_MESSAGES.badPostalCode });
    }
  }
  return errors;
}

/** Trimmed, country and US/CA state in upper case. */
function normalizeAddress(a: Address): Address {
  const countryCode = a.countryCode.trim().toUpperCase();
  const listed = (regionsOf(countryCode) ?? []).length > 0;
  return {
    firstName: a.firstName.trim(),
    lastName: a.lastName.trim(),
    address1: a.address1.trim(),
    address2: a.address2.trim(),
    city: a.city.trim(),
    state: listed ? a.state.trim().toUpperCase() : a.state.trim(),
    postalCode: countryCode === 'CA' ? a.postalCode.trim().toUpperCase() : a.postalCode.trim(),
    countryCode,
  };
}

interface AddressChoice {
  shipping: Address | null;
  billing: Address | null;
  errors: FieldError[];
}

/** The addresses of a request, validated (nothing is saved here). */
function chooseAddresses(req: Pick<AddressRequest, 'shippingAddress' | 'billingAddress' | 'billingSameAsShipping'>, needsShipping: boolean): AddressChoice {
  const errors: FieldError[] = [];
  const shipping = req.shippingAddress ? normalizeAddress(req.shippingAddress) : null;
  if (req.shippingAddress) errors.push(...addressErrors(req.shippingAddress, 'shippingAddress'));
  else if (needsShipping) errors.push({ field: 'shippingAddress', errorMessage: COMMERCE_MESSAGES.needsAddress });
  let billing: Address | null;
  if (req.billingSameAsShipping && shipping) {
    billing = shipping;
  } else if (req.billingAddress) {
    billing = normalizeAddress(req.billingAddress);
    errors.push(...addressErrors(req.billingAddress, 'billingAddress'));
  } else {
    billing = null;
    errors.push({ field: 'billingAddress', errorMessage: COMMERCE_MESSAGES.required('a billing address') });
  }
  return { shipping, billing, errors };
}

/* ------------------------------------------------------------------ orders */

const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ORDER_CODE_ALPHABET[b % ORDER_CODE_ALPHABET.length];
  return out;
}

/** 'M-YYYYMMDD-XXXXX' (UTC date). */
export function newOrderNumber(now: Date): string {
  return `M-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomCode(5)}`;
}

/**
 * The order title: the subscription line's title (it holds SUBSCRIPTION_ORDER_MARKER, so My Library
 * shows the order as a subscription), else the first line's title and how many more lines there
 * are, with the marker never in it.
 */
export function orderTitle(lines: readonly { title: string; subscription: boolean }[]): string {
  const subscription = lines.find((l) => l.subscription);
  if (subscription) return subscription.title.includes(SUBSCRIPTION_ORDER_MARKER) ? subscription.title : `${subscription.title} ${SUBSCRIPTION_ORDER_MARKER}`;
  const [first, ...rest] = lines;
  const base = first?.title ?? 'Order';
  const title = rest.length === 0 ? base : `${base} and ${rest.length} more item${rest.length === 1 ? '' : 's'}`;
  return title.split(SUBSCRIPTION_ORDER_MARKER).join(SUBSCRIPTION_ORDER_MARKER.toLowerCase());
}

const LineTypeSchema = z.enum(LINE_TYPES);

function toOrderLine(row: OrderLineRow): OrderDetailLine {
  const lineType = LineTypeSchema.safeParse(row.line_type);
  return {
    title: row.title,
    format: row.format ?? '',
    sku: row.sku ?? '',
    lineType: lineType.success ? lineType.data : 'SHIP',
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    lineTotalCents: row.line_total_cents,
    productUrl: row.product_url,
  };
}

export function toOrder(row: OrderRow, lines: readonly OrderLineRow[]): Order {
  const subscriptionLine = lines.find((l) => l.line_type === 'SUBSCRIPTION');
  const code = subscriptionLine?.sku?.replace(/^SUB-/, '') ?? '';
  const roleCode = `ROLE_HBRG_${code}`;
  return {
    id: row.id,
    orderNumber: row.order_number ?? row.id,
    status: row.status,
    title: row.title,
    createdAt: row.created_at,
    lines: lines.map(toOrderLine),
    subTotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    taxCents: row.tax_cents,
    shippingCostCents: row.shipping_cents,
    grandTotalCents: row.grand_total_inc_tax,
    promoCode: row.promo_code,
    shippingMethod: methodCode(row.shipping_method),
    shippingAddress: readAddress(row.shipping_address),
    billingAddress: readAddress(row.billing_address),
    payment: row.payment_brand && row.payment_last4 ? { brand: row.payment_brand, last4: row.payment_last4 } : null,
    subscription:
      row.account_number && Object.hasOwn(SUBSCRIBER_TIERS, roleCode) ? { roleCode: roleCode as SubscriberRoleCode, accountNumber: row.account_number } : null,
  };
}

/* ------------------------------------------------------------------ the service */

export interface CartServiceDeps {
  carts: CartRepository;
  clock: Clock;
  payments: PaymentGateway;
  maintenance: boolean;
}

export function createCartService(deps: CartServiceDeps) {
  const { carts, clock, payments, maintenance } = deps;

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

  async function loadPromo(repo: CartQueries, cart: CartRow | undefined): Promise<PromoCodeRow | null> {
    return cart?.promo_code ? ((await repo.promo(cart.promo_code)) ?? null) : null;
  }

  function totalsOf(cart: CartRow | undefined, lines: readonly CartLineWithProduct[], promo: PromoCodeRow | null): Totals {
    const shipping = readAddress(cart?.shipping_address ?? null);
    const billing = readAddress(cart?.billing_address ?? null);
    const needsShipping = lines.some((l) => isShippedType(itemTypeOf(l.product)));
    const destination = (needsShipping ? shipping : null) ?? billing ?? shipping;
    return computeTotals({
      lines: lines.map((l) => ({ unitPriceCents: l.product.price_cents, quantity: l.line.quantity, type: itemTypeOf(l.product) })),
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

  async function cartOf(repo: CartQueries, ownerKey: string | null): Promise<Cart> {
    const cart = ownerKey ? await repo.findCart(ownerKey) : undefined;
    const lines = cart ? await repo.lines(cart.id) : [];
    return toCart(cart, lines, await loadPromo(repo, cart));
  }

  /** The owner's cart row and lines, made when missing. */
  async function ensure(repo: CartQueries, ownerKey: string): Promise<{ cart: CartRow; lines: CartLineWithProduct[] }> {
    const cart = await repo.ensureCart(ownerKey, `c-${randomBytes(8).toString('hex')}`, clock.now().toISOString());
    return { cart, lines: await repo.lines(cart.id) };
  }

  /** The member's cart and lines, or an empty cart (not stored). */
  async function existing(repo: CartQueries, ownerKey: string): Promise<{ cart: CartRow | undefined; lines: CartLineWithProduct[] }> {
    const cart = await repo.findCart(ownerKey);
    return { cart, lines: cart ? await repo.lines(cart.id) : [] };
  }

  /** Lines added to a cart (in one transaction): quantities summed, single-quantity types capped, one subscription. */
  async function addLines(
    repo: CartQueries,
    cart: CartRow,
    lines: CartLineWithProduct[],
    items: readonly { product: ProductRow; quantity: number; referral: string | null }[],
    mode: 'add' | 'merge',
  ): Promise<string[]> {
    const touched: string[] = [];
    let position = lines.reduce((max, l) => Math.max(max, l.line.position), -1) + 1;
    const now = clock.now().toISOString();
    for (const item of items) {
      const type = itemTypeOf(item.product);
      if (type === 'subscription') {
        const other = lines.find((l) => l.product.kind === 'subscription' && l.product.id !== item.product.id);
        if (other) {
          // One subscription per cart: an add picks the new tier, a merge keeps the member's.
          if (mode === 'merge') continue;
          await repo.deleteLine(other.line.id);
          lines.splice(lines.indexOf(other), 1);
        }
      }
      const found = lines.find((l) => l.product.id === item.product.id);
      const single = isSingleQuantityType(type);
      if (found) {
        let quantity = single ? 1 : found.line.quantity + item.quantity;
        // A merge keeps the most copies of a line; an add above it is refused.
        if (quantity > MAX_LINE_QUANTITY && mode === 'merge') quantity = MAX_LINE_QUANTITY;
        if (quantity > MAX_LINE_QUANTITY) throw new UnprocessableError(COMMERCE_MESSAGES.quantityRange, [{ field: 'quantity', errorMessage: COMMERCE_MESSAGES.quantityRange }]);
        if (quantity !== found.line.quantity) await repo.setLineQuantity(found.line.id, quantity);
        found.line.quantity = quantity;
        touched.push(found.line.id);
      } else {
        const row = {
          id: `ci-${randomBytes(8).toString('hex')}`,
          cart_id: cart.id,
          product_id: item.product.id,
          quantity: single ? 1 : item.quantity,
          referral: item.referral,
          position: position++,
          added_at: now,
        };
        await repo.insertLine(row);
        lines.push({ line: row, product: item.product });
        touched.push(row.id);
      }
    }
    return touched;
  }

  async function requireLine(repo: CartQueries, ownerKey: string, itemId: string): Promise<{ cart: CartRow; line: CartLineWithProduct }> {
    const cart = await repo.findCart(ownerKey);
    const line = cart ? (await repo.lines(cart.id)).find((l) => l.line.id === itemId) : undefined;
    if (!cart || !line) throw new NotFoundError(CART_ITEM_NOT_FOUND);
    return { cart, line };
  }

  async function uniqueOrderNumber(repo: CartQueries): Promise<string> {
    for (;;) {
      const candidate = newOrderNumber(clock.now());
      if (!(await repo.orderNumberTaken(candidate))) return candidate;
    }
  }

  async function uniqueAccountNumber(repo: CartQueries): Promise<string> {
    for (;;) {
      const candidate = `9${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
      if (!(await repo.accountNumberTaken(candidate))) return candidate;
    }
  }

  return {
    async cart(ownerKey: string | null): Promise<Cart> {
      return cartOf(carts, ownerKey);
    },

    /** When the cart last changed (the epoch for no cart). */
    async lastModified(ownerKey: string | null): Promise<Date> {
      const cart = ownerKey ? await carts.findCart(ownerKey) : undefined;
      return new Date(cart?.updated_at ?? NO_CART_MODIFIED);
    },

    /** POST /api/shopping-cart: all or nothing. */
    async add(ownerKey: string, viewer: Viewer | null, request: AddToCartRequest): Promise<AddToCartResult> {
      if (maintenance) return { itemAdded: false, items: [], cart: await cartOf(carts, ownerKey), maintenanceStatus: true };
      const ids = [...new Set(request.items.map((i) => i.availabilityId))];
      const products = await carts.productsByAvailability(ids);
      const byId = new Map(products.map((p) => [p.availability_id, p]));
      const bad = ids.filter((id) => {
        const p = byId.get(id);
        return !p || p.availability_status === 'COMING_SOON';
      });
      if (bad.length > 0) throw new UnprocessableError(cartApology(bad), bad.map((id) => ({ field: 'productId', errorMessage: id })));
      if (viewer && viewer.tiers.length > 0 && products.some((p) => p.kind === 'subscription')) throw new ConflictError(COMMERCE_MESSAGES.alreadySubscriber);
      const items = request.items.map((i) => ({ product: byId.get(i.availabilityId) as ProductRow, quantity: i.quantity, referral: i.referral ?? REFERRAL_CODES.addToCartDefault }));
      return carts.transaction(async (repo) => {
        const { cart, lines } = await ensure(repo, ownerKey);
        const touched = await addLines(repo, cart, lines, items, 'add');
        await repo.updateCart(cart.id, { updated_at: nextModified(cart) });
        const answer = await cartOf(repo, ownerKey);
        const all = [...answer.lineItems.physicalItems, ...answer.lineItems.digitalItems];
        return { itemAdded: true, items: touched.map((id) => all.find((l) => l.itemId === id)).filter((l): l is CartLine => l !== undefined), cart: answer, maintenanceStatus: false };
      });
    },

    /** PUT /api/shopping-cart/items/{itemId}: 0 removes the line. */
    async setQuantity(ownerKey: string | null, itemId: string, quantity: number): Promise<Cart> {
      if (!ownerKey) throw new NotFoundError(CART_ITEM_NOT_FOUND);
      return carts.transaction(async (repo) => {
        const { cart, line } = await requireLine(repo, ownerKey, itemId);
        if (quantity > 1 && isSingleQuantityType(itemTypeOf(line.product))) {
          throw new UnprocessableError(COMMERCE_MESSAGES.digitalQuantity, [{ field: 'quantity', errorMessage: COMMERCE_MESSAGES.digitalQuantity }]);
        }
        if (quantity === 0) await repo.deleteLine(line.line.id);
        else await repo.setLineQuantity(line.line.id, quantity);
        await repo.updateCart(cart.id, { updated_at: nextModified(cart) });
        return cartOf(repo, ownerKey);
      });
    },

    async removeLine(ownerKey: string | null, itemId: string): Promise<Cart> {
      if (!ownerKey) throw new NotFoundError(CART_ITEM_NOT_FOUND);
      return carts.transaction(async (repo) => {
        const { cart, line } = await requireLine(repo, ownerKey, itemId);
        await repo.deleteLine(line.line.id);
        await repo.updateCart(cart.id, { updated_at: nextModified(cart) });
        return cartOf(repo, ownerKey);
      });
    },

    /** DELETE /api/shopping-cart: every line goes (addresses stay). */
    async empty(ownerKey: string | null): Promise<Cart> {
      if (!ownerKey) return cartOf(carts, null);
      return carts.transaction(async (repo) => {
        const cart = await repo.findCart(ownerKey);
        if (cart) {
          await repo.deleteLines(cart.id);
          await repo.updateCart(cart.id, { updated_at: nextModified(cart) });
        }
        return cartOf(repo, ownerKey);
      });
    },

    /** POST /api/shopping-cart/estimate: the totals for a destination and method; the cart does not change. */
    async estimate(ownerKey: string | null, request: EstimateRequest): Promise<Estimate> {
      const country = request.countryCode.trim().toUpperCase();
      if (!isShippingCountry(country)) throw new InvalidInputError(COMMERCE_MESSAGES.badCountry, [{ field: 'countryCode', errorMessage: COMMERCE_MESSAGES.badCountry }]);
      const state = (request.state ?? '').trim().toUpperCase();
      const regions = regionsOf(country) ?? [];
      if (state !== '' && regions.length > 0 && !regions.some((r) => r.code === state)) {
        throw new InvalidInputError(COMMERCE_MESSAGES.badState, [{ field: 'state', errorMessage: COMMERCE_MESSAGES.badState }]);
      }
      const cart = ownerKey ? await carts.findCart(ownerKey) : undefined;
      const lines = cart ? await carts.lines(cart.id) : [];
      const promo = await loadPromo(carts, cart);
      const totals = computeTotals({
        lines: lines.map((l) => ({ unitPriceCents: l.product.price_cents, quantity: l.line.quantity, type: itemTypeOf(l.product) })),
        promo: promo ? toPromo(promo) : null,
        destination: { countryCode: country, state },
        shippingMethod: request.shippingMethod ?? null,
        now: clock.now(),
      });
      return {
        shippingMethods: totals.shippingMethods,
        subTotalCents: totals.subTotalCents,
        discountCents: totals.discountCents,
        taxCents: totals.taxCents,
        shippingCostCents: totals.shippingCostCents,
        grandTotalCents: totals.grandTotalCents,
      };
    },

    /** POST /api/commerce/address: nothing is saved when a field is wrong. */
    async setAddress(viewer: Viewer, request: AddressRequest): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      return carts.transaction(async (repo) => {
        const { cart, lines } = await ensure(repo, ownerKey);
        const needsShipping = lines.some((l) => isShippedType(itemTypeOf(l.product)));
        const choice = chooseAddresses(request, needsShipping);
        if (choice.errors.length > 0) throw new InvalidInputError(choice.errors[0]?.errorMessage ?? 'Invalid address', choice.errors);
        const next = { ...cart, shipping_address: choice.shipping ? JSON.stringify(choice.shipping) : null, billing_address: choice.billing ? JSON.stringify(choice.billing) : null };
        // A method the new address does not offer is dropped.
        const method = totalsOf(next, lines, null).shippingMethod;
        await repo.updateCart(cart.id, { shipping_address: next.shipping_address, billing_address: next.billing_address, shipping_method: method, updated_at: nextModified(cart) });
        return cartOf(repo, ownerKey);
      });
    },

    /** POST /api/commerce/order/shipping-method. */
    async setShippingMethod(viewer: Viewer, code: ShippingMethodCode): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      return carts.transaction(async (repo) => {
        const { cart, lines } = await existing(repo, ownerKey);
        const shipping = readAddress(cart?.shipping_address ?? null);
        if (!cart || !shipping) throw new UnprocessableError(COMMERCE_MESSAGES.needsAddress, [{ field: 'shippingAddress', errorMessage: COMMERCE_MESSAGES.needsAddress }]);
        const totals = totalsOf({ ...cart, shipping_method: code }, lines, null);
        if (totals.shippingMethod !== code) throw new UnprocessableError(COMMERCE_MESSAGES.badMethod, [{ field: 'shippingMethod', errorMessage: COMMERCE_MESSAGES.badMethod }]);
        await repo.updateCart(cart.id, { shipping_method: code, updated_at: nextModified(cart) });
        return cartOf(repo, ownerKey);
      });
    },

    /** POST /api/commerce/order/promo-code (a voucher too). */
    async applyPromo(viewer: Viewer, code: string): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      return carts.transaction(async (repo) => {
        const promo = await repo.promo(code);
        const fail = (message: string) => new UnprocessableError(message, [{ field: 'code', errorMessage: message }]);
        if (!promo) throw fail(COMMERCE_MESSAGES.promoInvalid);
        if (promo.kind === 'voucher' && (await repo.voucherRedeemed(promo.code, viewer.user.id))) throw fail(PROMO_ALREADY_USED);
        const { cart, lines } = await ensure(repo, ownerKey);
        const subtotal = lines.reduce((sum, l) => sum + l.product.price_cents * l.line.quantity, 0);
        const check = checkPromo(toPromo(promo), subtotal, clock.now());
        if (check === 'expired') throw fail(COMMERCE_MESSAGES.promoExpired);
        if (check === 'minimum') throw fail(COMMERCE_MESSAGES.promoMinimum(formatCents(promo.min_subtotal_cents)));
        await repo.updateCart(cart.id, { promo_code: promo.code, updated_at: nextModified(cart) });
        return cartOf(repo, ownerKey);
      });
    },

    async removePromo(viewer: Viewer): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      return carts.transaction(async (repo) => {
        const cart = await repo.findCart(ownerKey);
        if (cart && cart.promo_code !== null) await repo.updateCart(cart.id, { promo_code: null, updated_at: nextModified(cart) });
        return cartOf(repo, ownerKey);
      });
    },

    /** POST /api/commerce/shipping-payment: addresses, method and card all checked before anything is saved. */
    async shippingPayment(viewer: Viewer, request: ShippingPaymentRequest): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      const { cart: found, lines } = await existing(carts, ownerKey);
      const needsShipping = lines.some((l) => isShippedType(itemTypeOf(l.product)));
      const choice = chooseAddresses(request, needsShipping);
      const errors = [...choice.errors];
      let method: ShippingMethodCode | null = null;
      if (needsShipping && choice.shipping && choice.errors.length === 0) {
        const totals = totalsOf({ ...(found ?? ({} as CartRow)), shipping_address: JSON.stringify(choice.shipping), billing_address: null, shipping_method: request.shippingMethod }, lines, null);
        if (request.shippingMethod === null) errors.push({ field: 'shippingMethod', errorMessage: COMMERCE_MESSAGES.needsMethod });
        else if (totals.shippingMethod !== request.shippingMethod) errors.push({ field: 'shippingMethod', errorMessage: COMMERCE_MESSAGES.badMethod });
        else method = totals.shippingMethod;
      }
      const tokenized = await payments.tokenize(request.card satisfies Card);
      if (!tokenized.ok) {
        for (const e of tokenized.errors) errors.push({ field: `card.${e.field}`, errorMessage: e.message });
      }
      if (errors.length > 0 || !tokenized.ok) throw new InvalidInputError(errors[0]?.errorMessage ?? COMMERCE_MESSAGES.needsPayment, errors);
      return carts.transaction(async (repo) => {
        const { cart } = await ensure(repo, ownerKey);
        await repo.updateCart(cart.id, {
          shipping_address: choice.shipping ? JSON.stringify(choice.shipping) : null,
          billing_address: choice.billing ? JSON.stringify(choice.billing) : null,
          shipping_method: method ?? (needsShipping ? null : cart.shipping_method),
          payment_token: tokenized.token,
          payment_brand: tokenized.brand,
          payment_last4: tokenized.last4,
          updated_at: nextModified(cart),
        });
        return cartOf(repo, ownerKey);
      });
    },

    /** POST /api/commerce/order/submit: charges the grand total; a decline changes nothing. */
    async submit(viewer: Viewer): Promise<Order> {
      if (maintenance) throw new UnavailableError(MESSAGES.maintenance);
      const ownerKey = memberCartKey(viewer.user.id);
      const { cart, lines } = await existing(carts, ownerKey);
      const refuse = (message: string, field: string) => new UnprocessableError(message, [{ field, errorMessage: message }]);
      if (!cart || lines.length === 0) throw refuse(COMMERCE_MESSAGES.emptyCart, 'cart');
      if (lines.some((l) => l.product.availability_status === 'COMING_SOON')) throw refuse(cartApology(lines.filter((l) => l.product.availability_status === 'COMING_SOON').map((l) => l.product.availability_id)), 'productId');
      const subscriptionLine = lines.find((l) => l.product.kind === 'subscription');
      if (subscriptionLine && viewer.tiers.length > 0) throw new ConflictError(COMMERCE_MESSAGES.alreadySubscriber);
      const promo = await loadPromo(carts, cart);
      const totals = totalsOf(cart, lines, promo);
      if (totals.needsShipping && !readAddress(cart.shipping_address)) throw refuse(COMMERCE_MESSAGES.needsAddress, 'shippingAddress');
      if (totals.needsShipping && totals.shippingMethod === null) throw refuse(COMMERCE_MESSAGES.needsMethod, 'shippingMethod');
      if (!cart.payment_token || !readAddress(cart.billing_address)) throw refuse(COMMERCE_MESSAGES.needsPayment, 'payment');
      // A voucher counts once per account. Checked before charging (a code applied while another
      // checkout was redeeming it fails here, uncharged); the redemption row written with the order
      // settles two checkouts that pass this check together.
      const voucher = totals.promoApplied && promo?.kind === 'voucher' ? promo.code : null;
      if (voucher && (await carts.voucherRedeemed(voucher, viewer.user.id))) throw refuse(PROMO_ALREADY_USED, 'promoCode');

      const charge = await payments.charge(cart.payment_token, totals.grandTotalCents, `${cart.id}:${cart.updated_at}`);
      if (!charge.approved) throw new PaymentDeclinedError(charge.reason === 'insufficient_funds' ? COMMERCE_MESSAGES.insufficientFunds : COMMERCE_MESSAGES.declined);

      return carts.transaction(async (repo) => {
        // One order per priced cart: a second 'Place order' (double click, another tab) or a change
        // since pricing finds the cart already moved on and places nothing.
        const placedAt = nextModified(cart);
        if (!(await repo.claimCart(cart.id, cart.updated_at, placedAt))) throw new ConflictError(COMMERCE_MESSAGES.cartChanged);
        const now = clock.now();
        const nowIso = now.toISOString();
        const orderId = `o-${randomBytes(6).toString('hex')}`;
        const orderNumber = await uniqueOrderNumber(repo);
        let accountNumber: string | null = null;
        if (subscriptionLine) {
          accountNumber = await uniqueAccountNumber(repo);
          const recordId = `sr-${randomBytes(6).toString('hex')}`;
          const expires = new Date(now);
          expires.setUTCFullYear(expires.getUTCFullYear() + 1);
          const country = readAddress(cart.billing_address)?.countryCode ?? 'US';
          await repo.insertSubscriberRecord(
            {
              id: recordId,
              email: viewer.user.email.toLowerCase(),
              first_name: viewer.user.first_name,
              last_name: viewer.user.last_name,
              source: SUBSCRIPTION_SOURCES.CDS_US,
              account_number: accountNumber,
              subscription_code: subscriptionLine.product.sku.replace(/^SUB-/, ''),
              subscription_active: 1,
              linked_user_id: null,
              issues: '[]',
              opt_in: 0,
              created_at: nowIso,
            },
            {
              id: `${recordId}-s1`,
              record_id: recordId,
              source_code: SUBSCRIPTION_SOURCES.CDS_US,
              status: 'ACTIVE',
              times_renewed: 0,
              order_value: subscriptionLine.product.price_cents / 100,
              country,
              term_title: `${subscriptionLine.product.title}, 12 months`,
              account_number: accountNumber,
              most_recent_purchase_date: nowIso,
              first_purchase_date: nowIso,
              access_start_date: nowIso,
              access_expiration_date: expires.toISOString(),
            },
          );
        }
        const title = orderTitle(lines.map((l) => ({ title: l.product.title, subscription: l.product.kind === 'subscription' })));
        await repo.insertOrder(
          {
            id: orderId,
            user_id: viewer.user.id,
            status: 'COMPLETED',
            title,
            grand_total_inc_tax: totals.grandTotalCents,
            account_number: accountNumber,
            created_at: nowIso,
            order_number: orderNumber,
            subtotal_cents: totals.subTotalCents,
            discount_cents: totals.discountCents,
            tax_cents: totals.taxCents,
            shipping_cents: totals.shippingCostCents,
            promo_code: totals.promoApplied && promo ? promo.code : null,
            shipping_method: totals.needsShipping ? totals.shippingMethod : null,
            shipping_address: totals.needsShipping ? cart.shipping_address : null,
            billing_address: cart.billing_address,
            payment_brand: cart.payment_brand,
            payment_last4: cart.payment_last4,
          },
          lines.map((l, position) => {
            const type = itemTypeOf(l.product);
            return {
              order_id: orderId,
              position,
              title: l.product.title,
              content_type: l.product.content_type,
              authors: l.product.authors,
              product_id: l.product.id,
              sku: l.product.sku,
              format: l.product.format,
              line_type: lineTypeOf(type),
              quantity: l.line.quantity,
              unit_price_cents: l.product.price_cents,
              line_total_cents: l.product.price_cents * l.line.quantity,
              product_url: productUrl(l.product),
            };
          }),
        );
        if (voucher) {
          try {
            await repo.insertRedemption({ promo_code: voucher, user_id: viewer.user.id, order_id: orderId, redeemed_at: nowIso });
          } catch (error) {
            // Another order of this account redeemed it first: this order is rolled back whole.
            if (isUniqueViolation(error)) throw refuse(PROMO_ALREADY_USED, 'promoCode');
            throw error;
          }
        }
        await repo.deleteLines(cart.id);
        await repo.updateCart(cart.id, { promo_code: null, payment_token: null, payment_brand: null, payment_last4: null, updated_at: placedAt });
        const order = await repo.findOrder(orderId);
        if (!order) throw new Error(`order ${orderId} vanished`);
        return toOrder(order, await repo.orderLines(orderId));
      });
    },

    /** Removes the guest carts untouched for GUEST_CART_TTL_MS; answers how many went. */
    async expireGuestCarts(): Promise<number> {
      return expireGuestCarts(carts, clock);
    },

    /** Whether the owner has a cart row (a guest add without one makes one). */
    async hasCart(ownerKey: string): Promise<boolean> {
      return (await carts.findCart(ownerKey)) !== undefined;
    },

    /** GET /api/commerce/order/{id}: the owner's only. */
    async order(viewer: Viewer, id: string): Promise<Order> {
      const row = await carts.findOrder(id);
      if (!row || row.user_id !== viewer.user.id) throw new NotFoundError(COMMERCE_MESSAGES.orderNotFound);
      return toOrder(row, await carts.orderLines(id));
    },

    /**
     * At sign-in: the guest device cart's lines move into the member's cart (quantities summed,
     * single-quantity types capped at 1, a subscription only when the member's cart has none), then
     * the guest cart is deleted.
     */
    async mergeGuestCart(deviceToken: string | undefined, userId: string): Promise<void> {
      if (!deviceToken) return;
      const guestKey = deviceCartKey(deviceToken);
      const guest = await carts.findCart(guestKey);
      if (!guest) return;
      await carts.transaction(async (repo) => {
        const guestLines = await repo.lines(guest.id);
        if (guestLines.length > 0) {
          const { cart, lines } = await ensure(repo, memberCartKey(userId));
          const items = guestLines.map((l) => ({ product: l.product, quantity: l.line.quantity, referral: l.line.referral }));
          await addLines(repo, cart, lines, items, 'merge');
          await repo.updateCart(cart.id, { updated_at: nextModified(cart) });
        }
        await repo.deleteCart(guest.id);
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
