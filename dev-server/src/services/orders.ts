/**
 * Orders: how a checked-out cart is written down (the order, its lines, and for a subscription the
 * subscriber record that grants it), its number and title, and reading an order back.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  COMMERCE_MESSAGES,
  LINE_TYPES,
  lineTypeOf,
  type Order,
  type OrderDetailLine,
  SUBSCRIBER_TIERS,
  type SubscriberRoleCode,
  SUBSCRIPTION_ORDER_MARKER,
} from 'shared-contracts/server';
import { SUBSCRIPTION_SOURCES } from '../server-rules';
import { z } from 'zod';
import type { CartRow, OrderLineRow, OrderLineTable, OrderRow, PromoCodeRow } from '../db/database';
import type { Clock } from '../clock';
import type { CartLineWithProduct, CartQueries, CartRepository } from '../repositories/cart';
import { readAddress } from './addresses';
import { methodCode } from './cart-model';
import { lineDownloads } from './downloads';
import { NotFoundError } from './errors';
import type { Totals } from './pricing';
import { itemTypeOf, productUrl } from './products';
import type { Viewer } from './viewers';

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

function toOrderLine(order: OrderRow, row: OrderLineRow, now: Date): OrderDetailLine {
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
    lineId: String(row.position),
    downloads: lineDownloads(order, row, now),
  };
}

/** The order as answered; `now` decides whether a case study's downloads have expired (SITE-09.11). */
export function toOrder(row: OrderRow, lines: readonly OrderLineRow[], now: Date = new Date(row.created_at)): Order {
  const subscriptionLine = lines.find((l) => l.line_type === 'SUBSCRIPTION');
  const code = subscriptionLine?.sku?.replace(/^SUB-/, '') ?? '';
  const roleCode = `ROLE_HBRG_${code}`;
  return {
    id: row.id,
    orderNumber: row.order_number ?? row.id,
    status: row.status,
    title: row.title,
    createdAt: row.created_at,
    lines: lines.map((l) => toOrderLine(row, l, now)),
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

async function uniqueOrderNumber(repo: CartQueries, clock: Clock): Promise<string> {
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

/**
 * A bought subscription: a subscriber record in the member's name and email with one active
 * subscription that ends a year from now. Returns its new account number.
 */
async function recordSubscription(repo: CartQueries, viewer: Viewer, line: CartLineWithProduct, country: string, now: Date): Promise<string> {
  const accountNumber = await uniqueAccountNumber(repo);
  const recordId = `sr-${randomBytes(6).toString('hex')}`;
  const nowIso = now.toISOString();
  const expires = new Date(now);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  await repo.insertSubscriberRecord(
    {
      id: recordId,
      email: viewer.user.email.toLowerCase(),
      first_name: viewer.user.first_name,
      last_name: viewer.user.last_name,
      source: SUBSCRIPTION_SOURCES.CDS_US,
      account_number: accountNumber,
      subscription_code: line.product.sku.replace(/^SUB-/, ''),
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
      order_value: line.product.price_cents / 100,
      country,
      term_title: `${line.product.title}, 12 months`,
      account_number: accountNumber,
      most_recent_purchase_date: nowIso,
      first_purchase_date: nowIso,
      access_start_date: nowIso,
      access_expiration_date: expires.toISOString(),
    },
  );
  return accountNumber;
}

function orderLineRows(orderId: string, lines: readonly CartLineWithProduct[]): Insertable<OrderLineTable>[] {
  return lines.map((l, position) => ({
    order_id: orderId,
    position,
    title: l.product.title,
    content_type: l.product.content_type,
    authors: l.product.authors,
    product_id: l.product.id,
    sku: l.product.sku,
    format: l.product.format,
    line_type: lineTypeOf(itemTypeOf(l.product)),
    quantity: l.line.quantity,
    unit_price_cents: l.product.price_cents,
    line_total_cents: l.product.price_cents * l.line.quantity,
    product_url: productUrl(l.product),
  }));
}

/** A paid cart, as checkout hands it over to become an order. */
export interface PaidCart {
  viewer: Viewer;
  cart: CartRow;
  lines: readonly CartLineWithProduct[];
  totals: Totals;
  promo: PromoCodeRow | null;
  now: Date;
}

/** Writes the order of a paid cart (and the subscriber record of a subscription in it); returns its id. */
export async function recordOrder(repo: CartQueries, clock: Clock, paid: PaidCart): Promise<string> {
  const { viewer, cart, lines, totals, promo, now } = paid;
  const orderId = `o-${randomBytes(6).toString('hex')}`;
  const orderNumber = await uniqueOrderNumber(repo, clock);
  const subscriptionLine = lines.find((l) => l.product.kind === 'subscription');
  const accountNumber = subscriptionLine
    ? await recordSubscription(repo, viewer, subscriptionLine, readAddress(cart.billing_address)?.countryCode ?? 'US', now)
    : null;
  await repo.insertOrder(
    {
      id: orderId,
      user_id: viewer.user.id,
      status: 'COMPLETED',
      title: orderTitle(lines.map((l) => ({ title: l.product.title, subscription: l.product.kind === 'subscription' }))),
      grand_total_inc_tax: totals.grandTotalCents,
      account_number: accountNumber,
      created_at: now.toISOString(),
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
    orderLineRows(orderId, lines),
  );
  return orderId;
}

/** An order as answered, read in `repo` (the transaction that wrote it, or none). */
export async function loadOrder(repo: CartQueries, orderId: string): Promise<Order | undefined> {
  const row = await repo.findOrder(orderId);
  return row ? toOrder(row, await repo.orderLines(orderId)) : undefined;
}

export function createOrderService(deps: { carts: CartRepository; clock: Clock }) {
  const { carts, clock } = deps;
  return {
    /** GET /api/commerce/order/{id}: the owner's only. */
    async order(viewer: Viewer, id: string): Promise<Order> {
      const row = await carts.findOrder(id);
      if (!row || row.user_id !== viewer.user.id) throw new NotFoundError(COMMERCE_MESSAGES.orderNotFound);
      return toOrder(row, await carts.orderLines(id), clock.now());
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
