/**
 * The cart (decision 014). A cart belongs to an owner key: 'u:{userId}' for a member, 'd:{sha256 of the
 * device token}' for a guest (merged into the member's cart at sign-in). Totals are computed on the
 * server only (pricing.ts), in integer cents. Checkout is checkout.ts; placed orders are orders.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type AddToCartRequest,
  type AddToCartResult,
  type Cart,
  cartApology,
  type CartLine,
  COMMERCE_MESSAGES,
  type Estimate,
  type EstimateRequest,
  isSingleQuantityType,
  MAX_LINE_QUANTITY,
  REFERRAL_CODES,
} from 'shared-contracts/server';
import type { CartRow, ProductRow } from '../db/database';
import type { Clock } from '../clock';
import type { CartLineWithProduct, CartQueries, CartRepository } from '../repositories/cart';
import { createCartModel, loadPromo, NO_CART_MODIFIED, pricedLines, toPromo } from './cart-model';
import { ConflictError, InvalidInputError, NotFoundError, UnprocessableError } from './errors';
import { computeTotals, isShippingCountry, regionsOf } from './pricing';
import { itemTypeOf } from './products';
import type { Viewer } from './viewers';

/** The owner key of a member's cart. */
export function memberCartKey(userId: string): string {
  return `u:${userId}`;
}

/** The owner key of a guest's cart: the SHA-256 of the device token (the token itself is never stored). */
export function deviceCartKey(deviceToken: string): string {
  return `d:${createHash('sha256').update(deviceToken).digest('hex')}`;
}

/** Unknown cart line (or another owner's). NOT IN SPEC. */
export const CART_ITEM_NOT_FOUND = 'This item is not in your cart.';

/* ------------------------------------------------------------------ guest cart expiry */

/** A guest cart nobody changed for this long is removed (member carts are kept). */
export const GUEST_CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How often the server looks for expired guest carts. */
export const GUEST_CART_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Deletes the guest carts untouched for GUEST_CART_TTL_MS (lines with them); returns how many went. */
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
    running = running
      .then(() => expireGuestCarts(carts, clock))
      .then(
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

/* ------------------------------------------------------------------ the service */

/** One product going into a cart. */
interface CartItem {
  product: ProductRow;
  quantity: number;
  referral: string | null;
}

/** 'add': a shopper's add; 'merge': a guest cart moving into the member's at sign-in. */
type AddMode = 'add' | 'merge';

export interface CartServiceDeps {
  carts: CartRepository;
  clock: Clock;
  maintenance: boolean;
}

/** The destination of an estimate, checked: a country the store ships to and, where listed, a known state. */
function estimateDestination(request: EstimateRequest): { countryCode: string; state: string } {
  const countryCode = request.countryCode.trim().toUpperCase();
  if (!isShippingCountry(countryCode))
    throw new InvalidInputError(COMMERCE_MESSAGES.badCountry, [{ field: 'countryCode', errorMessage: COMMERCE_MESSAGES.badCountry }]);
  const state = (request.state ?? '').trim().toUpperCase();
  const regions = regionsOf(countryCode) ?? [];
  if (state !== '' && regions.length > 0 && !regions.some((r) => r.code === state)) {
    throw new InvalidInputError(COMMERCE_MESSAGES.badState, [{ field: 'state', errorMessage: COMMERCE_MESSAGES.badState }]);
  }
  return { countryCode, state };
}

/** The products of an add, all or nothing: unknown or coming-soon ones refuse it, and so does a second subscription. */
async function itemsToAdd(repo: CartQueries, viewer: Viewer | null, request: AddToCartRequest): Promise<CartItem[]> {
  const ids = [...new Set(request.items.map((i) => i.availabilityId))];
  const products = await repo.productsByAvailability(ids);
  const byId = new Map(products.map((p) => [p.availability_id, p]));
  const bad = ids.filter((id) => {
    const p = byId.get(id);
    return !p || p.availability_status === 'COMING_SOON';
  });
  if (bad.length > 0)
    throw new UnprocessableError(
      cartApology(bad),
      bad.map((id) => ({ field: 'productId', errorMessage: id })),
    );
  if (viewer && viewer.tiers.length > 0 && products.some((p) => p.kind === 'subscription')) throw new ConflictError(COMMERCE_MESSAGES.alreadySubscriber);
  return request.items.map((i) => ({
    product: byId.get(i.availabilityId) as ProductRow,
    quantity: i.quantity,
    referral: i.referral ?? REFERRAL_CODES.addToCartDefault,
  }));
}

/**
 * One subscription per cart: an add replaces another tier's line (returns true), a merge keeps the
 * member's (returns false: the item is skipped).
 */
async function makeRoomForSubscription(repo: CartQueries, lines: CartLineWithProduct[], product: ProductRow, mode: AddMode): Promise<boolean> {
  const other = lines.find((l) => l.product.kind === 'subscription' && l.product.id !== product.id);
  if (!other) return true;
  if (mode === 'merge') return false;
  await repo.deleteLine(other.line.id);
  lines.splice(lines.indexOf(other), 1);
  return true;
}

/** More of a product already in the cart: single-quantity types stay at 1; a merge caps at the most copies, an add above it is refused. */
async function addToLine(repo: CartQueries, found: CartLineWithProduct, item: CartItem, mode: AddMode): Promise<void> {
  let quantity = isSingleQuantityType(itemTypeOf(item.product)) ? 1 : found.line.quantity + item.quantity;
  if (quantity > MAX_LINE_QUANTITY && mode === 'merge') quantity = MAX_LINE_QUANTITY;
  if (quantity > MAX_LINE_QUANTITY)
    throw new UnprocessableError(COMMERCE_MESSAGES.quantityRange, [{ field: 'quantity', errorMessage: COMMERCE_MESSAGES.quantityRange }]);
  if (quantity !== found.line.quantity) await repo.setLineQuantity(found.line.id, quantity);
  found.line.quantity = quantity;
}

export function createCartService(deps: CartServiceDeps) {
  const { carts, clock, maintenance } = deps;
  const model = createCartModel(clock);

  /** Items added to a cart (in one transaction); returns the ids of the lines they landed on. */
  async function addLines(repo: CartQueries, cart: CartRow, lines: CartLineWithProduct[], items: readonly CartItem[], mode: AddMode): Promise<string[]> {
    const touched: string[] = [];
    let position = lines.reduce((max, l) => Math.max(max, l.line.position), -1) + 1;
    const now = clock.now().toISOString();
    for (const item of items) {
      if (itemTypeOf(item.product) === 'subscription' && !(await makeRoomForSubscription(repo, lines, item.product, mode))) continue;
      const found = lines.find((l) => l.product.id === item.product.id);
      if (found) {
        await addToLine(repo, found, item, mode);
        touched.push(found.line.id);
        continue;
      }
      const quantity = isSingleQuantityType(itemTypeOf(item.product)) ? 1 : item.quantity;
      const row = {
        id: `ci-${randomBytes(8).toString('hex')}`,
        cart_id: cart.id,
        product_id: item.product.id,
        quantity,
        referral: item.referral,
        position: position++,
        added_at: now,
      };
      await repo.insertLine(row);
      lines.push({ line: row, product: item.product });
      touched.push(row.id);
    }
    return touched;
  }

  async function requireLine(repo: CartQueries, ownerKey: string, itemId: string): Promise<{ cart: CartRow; line: CartLineWithProduct }> {
    const cart = await repo.findCart(ownerKey);
    const line = cart ? (await repo.lines(cart.id)).find((l) => l.line.id === itemId) : undefined;
    if (!cart || !line) throw new NotFoundError(CART_ITEM_NOT_FOUND);
    return { cart, line };
  }

  /** Runs a change of one line in a transaction, stamps the cart and returns it. */
  async function changeLine(ownerKey: string | null, itemId: string, change: (repo: CartQueries, line: CartLineWithProduct) => Promise<void>): Promise<Cart> {
    if (!ownerKey) throw new NotFoundError(CART_ITEM_NOT_FOUND);
    return carts.transaction(async (repo) => {
      const { cart, line } = await requireLine(repo, ownerKey, itemId);
      await change(repo, line);
      await repo.updateCart(cart.id, { updated_at: model.nextModified(cart) });
      return model.cartOf(repo, ownerKey);
    });
  }

  return {
    async cart(ownerKey: string | null): Promise<Cart> {
      return model.cartOf(carts, ownerKey);
    },

    /** When the cart last changed (the epoch for no cart). */
    async lastModified(ownerKey: string | null): Promise<Date> {
      const cart = ownerKey ? await carts.findCart(ownerKey) : undefined;
      return new Date(cart?.updated_at ?? NO_CART_MODIFIED);
    },

    /** POST /api/shopping-cart: all or nothing. */
    async add(ownerKey: string, viewer: Viewer | null, request: AddToCartRequest): Promise<AddToCartResult> {
      if (maintenance) return { itemAdded: false, items: [], cart: await model.cartOf(carts, ownerKey), maintenanceStatus: true };
      const items = await itemsToAdd(carts, viewer, request);
      return carts.transaction(async (repo) => {
        const { cart, lines } = await model.ensure(repo, ownerKey);
        const touched = await addLines(repo, cart, lines, items, 'add');
        await repo.updateCart(cart.id, { updated_at: model.nextModified(cart) });
        const answer = await model.cartOf(repo, ownerKey);
        const all = [...answer.lineItems.physicalItems, ...answer.lineItems.digitalItems];
        return {
          itemAdded: true,
          items: touched.map((id) => all.find((l) => l.itemId === id)).filter((l): l is CartLine => l !== undefined),
          cart: answer,
          maintenanceStatus: false,
        };
      });
    },

    /** PUT /api/shopping-cart/items/{itemId}: 0 removes the line. */
    async setQuantity(ownerKey: string | null, itemId: string, quantity: number): Promise<Cart> {
      return changeLine(ownerKey, itemId, async (repo, line) => {
        if (quantity > 1 && isSingleQuantityType(itemTypeOf(line.product))) {
          throw new UnprocessableError(COMMERCE_MESSAGES.digitalQuantity, [{ field: 'quantity', errorMessage: COMMERCE_MESSAGES.digitalQuantity }]);
        }
        if (quantity === 0) await repo.deleteLine(line.line.id);
        else await repo.setLineQuantity(line.line.id, quantity);
      });
    },

    async removeLine(ownerKey: string | null, itemId: string): Promise<Cart> {
      return changeLine(ownerKey, itemId, (repo, line) => repo.deleteLine(line.line.id));
    },

    /** DELETE /api/shopping-cart: every line goes (addresses stay). */
    async empty(ownerKey: string | null): Promise<Cart> {
      if (!ownerKey) return model.cartOf(carts, null);
      return carts.transaction(async (repo) => {
        const cart = await repo.findCart(ownerKey);
        if (cart) {
          await repo.deleteLines(cart.id);
          await repo.updateCart(cart.id, { updated_at: model.nextModified(cart) });
        }
        return model.cartOf(repo, ownerKey);
      });
    },

    /** POST /api/shopping-cart/estimate: the totals for a destination and method; the cart does not change. */
    async estimate(ownerKey: string | null, request: EstimateRequest): Promise<Estimate> {
      const destination = estimateDestination(request);
      const cart = ownerKey ? await carts.findCart(ownerKey) : undefined;
      const lines = cart ? await carts.lines(cart.id) : [];
      const promo = await loadPromo(carts, cart);
      const totals = computeTotals({
        lines: pricedLines(lines),
        promo: promo ? toPromo(promo) : null,
        destination,
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

    /** Removes the guest carts untouched for GUEST_CART_TTL_MS; returns how many went. */
    async expireGuestCarts(): Promise<number> {
      return expireGuestCarts(carts, clock);
    },

    /** Whether the owner has a cart row (a guest add without one makes one). */
    async hasCart(ownerKey: string): Promise<boolean> {
      return (await carts.findCart(ownerKey)) !== undefined;
    },

    /**
     * At sign-in: the guest device cart's lines move into the member's cart (quantities summed,
     * single-quantity types capped at 1, a subscription only when the member's cart has none), with
     * the guest's promo code when it has one, then the guest cart is deleted.
     */
    async mergeGuestCart(deviceToken: string | undefined, userId: string): Promise<void> {
      if (!deviceToken) return;
      const guest = await carts.findCart(deviceCartKey(deviceToken));
      if (!guest) return;
      await carts.transaction(async (repo) => {
        const guestLines = await repo.lines(guest.id);
        if (guestLines.length > 0 || guest.promo_code !== null) {
          const { cart, lines } = await model.ensure(repo, memberCartKey(userId));
          const items = guestLines.map((l) => ({ product: l.product, quantity: l.line.quantity, referral: l.line.referral }));
          await addLines(repo, cart, lines, items, 'merge');
          // The code the guest applied is the newest choice: it comes along, replacing the
          // member's. Submit refuses it, with its message, for an unconfirmed address or a voucher
          // already redeemed (by this account or any other).
          const promo = guest.promo_code ?? cart.promo_code;
          await repo.updateCart(cart.id, { promo_code: promo, updated_at: model.nextModified(cart) });
        }
        await repo.deleteCart(guest.id);
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
