/**
 * Checkout (members only): addresses, shipping method, promo code or voucher, card, and placing the
 * order. Card data goes to the payment gateway once; the cart keeps its token, brand and last four
 * digits. The grand total is charged once per priced cart.
 *
 * Codes and free orders need a confirmed address (PLAT-09, decision 026: users.email_verified_at):
 * a member whose address is unconfirmed can neither apply a promo code or voucher nor place an
 * order with one, nor an order of $0, so throw-away accounts get nothing for free. A voucher is
 * redeemed once in total, whoever redeems it (spent_vouchers, migration 0022), and once per account
 * (voucher_redemptions, migration 0014).
 */
import {
  type AddressRequest,
  type Card,
  type Cart,
  cartApology,
  COMMERCE_MESSAGES,
  formatCents,
  MESSAGES,
  type Order,
  type ShippingMethodCode,
  type ShippingPaymentRequest,
} from 'shared-contracts/server';
import type { CartRow, PromoCodeRow } from '../db/database';
import type { Clock } from '../clock';
import type { PaymentGateway } from '../integrations/payment-gateway';
import type { CartLineWithProduct, CartQueries, CartRepository } from '../repositories/cart';
import { isUniqueViolation } from '../repositories/db-errors';
import { chooseAddresses, readAddress, type AddressChoice } from './addresses';
import { memberCartKey } from './cart';
import { createCartModel, existingCart, loadPromo, needsShipping, subtotalOf, toPromo } from './cart-model';
import { ConflictError, ForbiddenError, InvalidInputError, PaymentDeclinedError, UnavailableError, UnprocessableError, type FieldError } from './errors';
import { loadOrder, recordOrder } from './orders';
import { checkPromo, type Totals } from './pricing';
import type { Viewer } from './viewers';

/** A voucher the account has already redeemed (each voucher once per account). NOT IN SPEC. */
export const PROMO_ALREADY_USED = 'You have already used this promo code.';
/** A voucher another account has redeemed (each voucher once in total). NOT IN SPEC. */
export const VOUCHER_SPENT = 'This voucher has already been redeemed.';
/** A promo code or voucher for a member whose address is unconfirmed (403, worded as the share-by-email refusal). NOT IN SPEC. */
export const PROMO_NEEDS_CONFIRMED_EMAIL = 'Confirm your email address to use a promo code.';
/** An order of $0 by a member whose address is unconfirmed (403). NOT IN SPEC. */
export const FREE_ORDER_NEEDS_CONFIRMED_EMAIL = 'Confirm your email address to place a free order.';

/** Whether the member has proved they receive mail at their address (decision 026). */
const confirmed = (viewer: Viewer): boolean => viewer.user.email_verified_at !== null;

/** A 422 about one field. */
function refuse(message: string, field: string): UnprocessableError {
  return new UnprocessableError(message, [{ field, errorMessage: message }]);
}

export interface CheckoutServiceDeps {
  carts: CartRepository;
  clock: Clock;
  payments: PaymentGateway;
  maintenance: boolean;
}

/** A cart that passed every check before charging, with what placing its order needs. */
interface PricedCart {
  cart: CartRow;
  lines: CartLineWithProduct[];
  promo: PromoCodeRow | null;
  totals: Totals;
  /** The card token saved at shipping-payment. */
  token: string;
  /** The voucher this order redeems, if any. */
  voucher: string | null;
}

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { carts, clock, payments, maintenance } = deps;
  const model = createCartModel(clock);

  /**
   * The shipping method a checkout asks for, checked against what its shipping address is offered;
   * not checked (null, no error) when nothing ships or the addresses are already wrong.
   */
  function chosenMethod(
    found: CartRow | undefined,
    lines: readonly CartLineWithProduct[],
    choice: AddressChoice,
    requested: ShippingMethodCode | null,
  ): { method: ShippingMethodCode | null; error?: FieldError } {
    if (!needsShipping(lines) || !choice.shipping || choice.errors.length > 0) return { method: null };
    if (requested === null) return { method: null, error: { field: 'shippingMethod', errorMessage: COMMERCE_MESSAGES.needsMethod } };
    const totals = model.totalsOf(
      { ...(found ?? ({} as CartRow)), shipping_address: JSON.stringify(choice.shipping), billing_address: null, shipping_method: requested },
      lines,
      null,
    );
    if (totals.shippingMethod !== requested) return { method: null, error: { field: 'shippingMethod', errorMessage: COMMERCE_MESSAGES.badMethod } };
    return { method: totals.shippingMethod };
  }

  /** Everything 'Place order' checks before charging; a problem throws, nothing changes. */
  async function priceForSubmit(viewer: Viewer): Promise<PricedCart> {
    const { cart, lines } = await existingCart(carts, memberCartKey(viewer.user.id));
    if (!cart || lines.length === 0) throw refuse(COMMERCE_MESSAGES.emptyCart, 'cart');
    const comingSoon = lines.filter((l) => l.product.availability_status === 'COMING_SOON');
    if (comingSoon.length > 0) throw refuse(cartApology(comingSoon.map((l) => l.product.availability_id)), 'productId');
    if (lines.some((l) => l.product.kind === 'subscription') && viewer.tiers.length > 0) throw new ConflictError(COMMERCE_MESSAGES.alreadySubscriber);
    const promo = await loadPromo(carts, cart);
    const totals = model.totalsOf(cart, lines, promo);
    // A code carried in from a guest cart needs a confirmed address too (decision 026).
    if (!confirmed(viewer) && totals.promoApplied) throw new ForbiddenError(PROMO_NEEDS_CONFIRMED_EMAIL);
    if (totals.needsShipping && !readAddress(cart.shipping_address)) throw refuse(COMMERCE_MESSAGES.needsAddress, 'shippingAddress');
    if (totals.needsShipping && totals.shippingMethod === null) throw refuse(COMMERCE_MESSAGES.needsMethod, 'shippingMethod');
    const token = cart.payment_token;
    if (!token || !readAddress(cart.billing_address)) throw refuse(COMMERCE_MESSAGES.needsPayment, 'payment');
    // So does an order of $0, whatever makes it free (its shipping is counted by now).
    if (!confirmed(viewer) && totals.grandTotalCents === 0) throw new ForbiddenError(FREE_ORDER_NEEDS_CONFIRMED_EMAIL);
    // A voucher counts once per account and once in total. Checked before charging (a code applied
    // while another checkout was redeeming it fails here, uncharged); the rows written with the
    // order settle two checkouts that pass this check together.
    const voucher = totals.promoApplied && promo?.kind === 'voucher' ? promo.code : null;
    if (voucher && (await carts.voucherRedeemed(voucher, viewer.user.id))) throw refuse(PROMO_ALREADY_USED, 'promoCode');
    if (voucher && (await carts.voucherSpent(voucher))) throw refuse(VOUCHER_SPENT, 'promoCode');
    return { cart, lines, promo, totals, token, voucher };
  }

  /** Charges the grand total once per priced cart (the idempotency key is the cart's version). */
  async function charge({ cart, totals, token }: PricedCart): Promise<void> {
    const result = await payments.charge(token, totals.grandTotalCents, `${cart.id}:${cart.updated_at}`);
    if (!result.approved)
      throw new PaymentDeclinedError(result.reason === 'insufficient_funds' ? COMMERCE_MESSAGES.insufficientFunds : COMMERCE_MESSAGES.declined);
  }

  async function redeemVoucher(repo: CartQueries, voucher: string, userId: string, orderId: string, nowIso: string): Promise<void> {
    try {
      await repo.insertRedemption({ promo_code: voucher, user_id: userId, order_id: orderId, redeemed_at: nowIso });
    } catch (error) {
      // Another order of this account redeemed it first: this order is rolled back whole.
      if (isUniqueViolation(error)) throw refuse(PROMO_ALREADY_USED, 'promoCode');
      throw error;
    }
    try {
      await repo.insertSpentVoucher({ promo_code: voucher, order_id: orderId, spent_at: nowIso });
    } catch (error) {
      // Another account's order spent it first (the primary key waits for that order's transaction
      // on PostgreSQL): this order is rolled back whole.
      if (isUniqueViolation(error)) throw refuse(VOUCHER_SPENT, 'promoCode');
      throw error;
    }
  }

  /** The order of a charged cart, and the cart emptied (addresses kept, card forgotten); one transaction. */
  async function placeOrder(viewer: Viewer, priced: PricedCart): Promise<Order> {
    const { cart, voucher } = priced;
    return carts.transaction(async (repo) => {
      // One order per priced cart: a second 'Place order' (double click, another tab) or a change
      // since pricing finds the cart already moved on and places nothing.
      const placedAt = model.nextModified(cart);
      if (!(await repo.claimCart(cart.id, cart.updated_at, placedAt))) throw new ConflictError(COMMERCE_MESSAGES.cartChanged);
      const now = clock.now();
      const orderId = await recordOrder(repo, clock, { viewer, ...priced, now });
      if (voucher) await redeemVoucher(repo, voucher, viewer.user.id, orderId, now.toISOString());
      await repo.deleteLines(cart.id);
      await repo.updateCart(cart.id, { promo_code: null, payment_token: null, payment_brand: null, payment_last4: null, updated_at: placedAt });
      const order = await loadOrder(repo, orderId);
      if (!order) throw new Error(`order ${orderId} vanished`);
      return order;
    });
  }

  return {
    /** POST /api/commerce/address: nothing is saved when a field is wrong. */
    async setAddress(viewer: Viewer, request: AddressRequest): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      return carts.transaction(async (repo) => {
        const { cart, lines } = await model.ensure(repo, ownerKey);
        const choice = chooseAddresses(request, needsShipping(lines));
        if (choice.errors.length > 0) throw new InvalidInputError(choice.errors[0]?.errorMessage ?? 'Invalid address', choice.errors);
        const next = {
          ...cart,
          shipping_address: choice.shipping ? JSON.stringify(choice.shipping) : null,
          billing_address: choice.billing ? JSON.stringify(choice.billing) : null,
        };
        // A method the new address does not offer is dropped.
        const method = model.totalsOf(next, lines, null).shippingMethod;
        await repo.updateCart(cart.id, {
          shipping_address: next.shipping_address,
          billing_address: next.billing_address,
          shipping_method: method,
          updated_at: model.nextModified(cart),
        });
        return model.cartOf(repo, ownerKey);
      });
    },

    /** POST /api/commerce/order/shipping-method. */
    async setShippingMethod(viewer: Viewer, code: ShippingMethodCode): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      return carts.transaction(async (repo) => {
        const { cart, lines } = await existingCart(repo, ownerKey);
        const shipping = readAddress(cart?.shipping_address ?? null);
        if (!cart || !shipping) throw refuse(COMMERCE_MESSAGES.needsAddress, 'shippingAddress');
        const totals = model.totalsOf({ ...cart, shipping_method: code }, lines, null);
        if (totals.shippingMethod !== code) throw refuse(COMMERCE_MESSAGES.badMethod, 'shippingMethod');
        await repo.updateCart(cart.id, { shipping_method: code, updated_at: model.nextModified(cart) });
        return model.cartOf(repo, ownerKey);
      });
    },

    /**
     * POST /api/commerce/order/promo-code (a voucher too), for a member's cart or a guest's device
     * cart (a guest's code is kept on the guest cart and moves with it at sign-in). A guest
     * has no cart to apply a code to until they add something. A member's address must be confirmed
     * (403 before the code is even looked up); a guest's code is checked again at submit, once signed
     * in. A voucher's once-per-account rule is checked here for members, its once-in-total rule for
     * everyone, and both again at submit.
     */
    async applyPromo(ownerKey: string | null, viewer: Viewer | null, code: string): Promise<Cart> {
      if (viewer && !confirmed(viewer)) throw new ForbiddenError(PROMO_NEEDS_CONFIRMED_EMAIL);
      return carts.transaction(async (repo) => {
        const promo = await repo.promo(code);
        if (!promo) throw refuse(COMMERCE_MESSAGES.promoInvalid, 'code');
        if (viewer && promo.kind === 'voucher' && (await repo.voucherRedeemed(promo.code, viewer.user.id))) throw refuse(PROMO_ALREADY_USED, 'code');
        if (promo.kind === 'voucher' && (await repo.voucherSpent(promo.code))) throw refuse(VOUCHER_SPENT, 'code');
        const found = viewer ? await model.ensure(repo, memberCartKey(viewer.user.id)) : ownerKey ? await existingCart(repo, ownerKey) : null;
        if (!found?.cart || !ownerKey) throw refuse(COMMERCE_MESSAGES.emptyCart, 'code');
        const { cart, lines } = found;
        const check = checkPromo(toPromo(promo), subtotalOf(lines), clock.now());
        if (check === 'expired') throw refuse(COMMERCE_MESSAGES.promoExpired, 'code');
        if (check === 'minimum') throw refuse(COMMERCE_MESSAGES.promoMinimum(formatCents(promo.min_subtotal_cents)), 'code');
        await repo.updateCart(cart.id, { promo_code: promo.code, updated_at: model.nextModified(cart) });
        return model.cartOf(repo, ownerKey);
      });
    },

    /** DELETE /api/commerce/order/promo-code: the owner's (member or guest device) cart loses its code. */
    async removePromo(ownerKey: string | null): Promise<Cart> {
      if (!ownerKey) return model.cartOf(carts, null);
      return carts.transaction(async (repo) => {
        const cart = await repo.findCart(ownerKey);
        if (cart && cart.promo_code !== null) await repo.updateCart(cart.id, { promo_code: null, updated_at: model.nextModified(cart) });
        return model.cartOf(repo, ownerKey);
      });
    },

    /** POST /api/commerce/shipping-payment: addresses, method and card all checked before anything is saved. */
    async shippingPayment(viewer: Viewer, request: ShippingPaymentRequest): Promise<Cart> {
      const ownerKey = memberCartKey(viewer.user.id);
      const { cart: found, lines } = await existingCart(carts, ownerKey);
      const shipped = needsShipping(lines);
      const choice = chooseAddresses(request, shipped);
      const { method, error: methodError } = chosenMethod(found, lines, choice, request.shippingMethod);
      const errors = methodError ? [...choice.errors, methodError] : [...choice.errors];
      const tokenized = await payments.tokenize(request.card satisfies Card);
      if (!tokenized.ok) {
        for (const e of tokenized.errors) errors.push({ field: `card.${e.field}`, errorMessage: e.message });
      }
      if (errors.length > 0 || !tokenized.ok) throw new InvalidInputError(errors[0]?.errorMessage ?? COMMERCE_MESSAGES.needsPayment, errors);
      return carts.transaction(async (repo) => {
        const { cart } = await model.ensure(repo, ownerKey);
        await repo.updateCart(cart.id, {
          shipping_address: choice.shipping ? JSON.stringify(choice.shipping) : null,
          billing_address: choice.billing ? JSON.stringify(choice.billing) : null,
          shipping_method: method ?? (shipped ? null : cart.shipping_method),
          payment_token: tokenized.token,
          payment_brand: tokenized.brand,
          payment_last4: tokenized.last4,
          updated_at: model.nextModified(cart),
        });
        return model.cartOf(repo, ownerKey);
      });
    },

    /** POST /api/commerce/order/submit: charges the grand total; a decline changes nothing. */
    async submit(viewer: Viewer): Promise<Order> {
      if (maintenance) throw new UnavailableError(MESSAGES.maintenance);
      const priced = await priceForSubmit(viewer);
      await charge(priced);
      return placeOrder(viewer, priced);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
