/**
 * The store and cart API (decision 014; shared-contracts commerce.ts and client.ts): product pages, the
 * cart (members by session, guests by the device cookie), checkout (members only) and orders.
 * Every cart answer is Cache-Control: no-store.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import {
  AddressRequestSchema,
  AddToCartRequestSchema,
  CartQuantityRequestSchema,
  COMMERCE_MESSAGES,
  EstimateRequestSchema,
  PromoCodeRequestSchema,
  ShippingMethodRequestSchema,
  ShippingPaymentRequestSchema,
} from 'shared-contracts/server';
import { z } from 'zod';
import { deviceTokenOf, ensureDeviceToken } from '../http/device';
import { errorFields } from '../http/logger';
import { requestIdOf } from '../http/request-log';
import { parseInput } from '../http/validation';
import { CART_ITEM_NOT_FOUND, deviceCartKey, memberCartKey } from '../services/cart';
import { NotFoundError, NotSignedInError } from '../services/errors';
import { regionsOf } from '../services/pricing';
import { PRODUCT_NOT_FOUND } from '../services/products';
import type { Viewer } from '../services/viewers';
import type { RouteContext } from './context';

const NO_STORE = 'no-store';
const ItemParams = z.object({ itemId: z.string().regex(/^[\w-]{1,80}$/, CART_ITEM_NOT_FOUND) });
const AvailabilityParams = z.object({ availabilityId: z.string().regex(/^[\w-]{1,80}$/, PRODUCT_NOT_FOUND) });
const ProductParams = z.object({ productId: z.string().regex(/^[\w-]{1,80}$/, PRODUCT_NOT_FOUND) });
const OrderParams = z.object({ id: z.string().regex(/^[\w-]{1,80}$/, COMMERCE_MESSAGES.orderNotFound) });
const RecommendationsQuery = z.object({
  placement: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  productIds: z.string().max(2000).optional(),
});

/** A path parameter that does not parse is simply not found. */
function paramsOr404<T extends z.ZodType>(schema: T, req: Request, message: string): z.infer<T> {
  const parsed = schema.safeParse(req.params);
  if (!parsed.success) throw new NotFoundError(message);
  return parsed.data;
}

const noStore = (res: Response) => res.set('Cache-Control', NO_STORE);

/** Who a commerce request is for. */
interface Shopper {
  /** The cart's owner key: the member's, else the device cookie's, else null (an empty cart). */
  ownerKeyOf(req: Request): Promise<string | null>;
  /** Checkout is for members: a guest gets 401 'Sign in or register to check out.' */
  member(req: Request): Promise<Viewer>;
}

function shopperOf(viewers: RouteContext['viewers']): Shopper {
  return {
    async ownerKeyOf(req) {
      const viewer = await viewers.viewerOf(req);
      if (viewer) return memberCartKey(viewer.user.id);
      const token = deviceTokenOf(req);
      return token ? deviceCartKey(token) : null;
    },
    async member(req) {
      const viewer = await viewers.viewerOf(req);
      if (!viewer) throw new NotSignedInError(COMMERCE_MESSAGES.signInToCheckout);
      return viewer;
    },
  };
}

/** Product pages: detail, availabilities, recommendations, subscription offers, and the state lists of the address forms. */
function productPageRoutes(router: Router, { catalogue }: RouteContext['services']): void {
  router.get('/api/store/product/:availabilityId', async (req, res) => {
    const { availabilityId } = paramsOr404(AvailabilityParams, req, PRODUCT_NOT_FOUND);
    res.json(await catalogue.productDetail(availabilityId));
  });

  router.get('/api/product/:productId/availabilities', async (req, res) => {
    const { productId } = paramsOr404(ProductParams, req, PRODUCT_NOT_FOUND);
    res.json(await catalogue.availabilities(productId));
  });

  router.get('/api/store/recommendations', async (req, res) => {
    const query = parseInput(RecommendationsQuery, req.query);
    const ids = (query.productIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .slice(0, 50);
    res.json(await catalogue.recommendations(query.placement ?? 'added-to-cart', ids));
  });

  router.get('/api/store/subscriptions', async (_req, res) => {
    res.json(await catalogue.subscriptionOffers());
  });

  router.get('/api/commerce/state-province/:country', (req, res) => {
    const country = String(req.params.country ?? '').toUpperCase();
    const states = /^[A-Z]{2}$/.test(country) ? regionsOf(country) : null;
    if (!states) throw new NotFoundError(COMMERCE_MESSAGES.badCountry);
    res.json({ countryCode: country, states });
  });
}

/** The cart, for members by session and guests by the device cookie. */
function cartRoutes(router: Router, { config, services, viewers }: RouteContext, shopper: Shopper, guestCartLimit: RequestHandler): void {
  const { cart } = services;
  const { ownerKeyOf } = shopper;

  /**
   * An add that would make a new guest cart (no member, and no cart for the device cookie, or no
   * cookie at all) counts against the address's guestCarts limit; adds to an existing cart and a
   * member's adds do not.
   */
  const limitNewGuestCarts: RequestHandler = (req, res, next) => {
    (async () => {
      if (await viewers.viewerOf(req)) return false;
      const token = deviceTokenOf(req);
      return !token || !(await cart.hasCart(deviceCartKey(token)));
    })().then(
      (creates) => (creates ? guestCartLimit(req, res, next) : next()),
      (error: unknown) => next(error),
    );
  };

  router.get('/api/shopping-cart', async (req, res) => {
    noStore(res).json(await cart.cart(await ownerKeyOf(req)));
  });

  router.head('/api/commerce/shopping-cart', async (req, res) => {
    const modified = await cart.lastModified(await ownerKeyOf(req));
    res.set({ 'Last-Modified': modified.toUTCString(), 'Cache-Control': 'no-cache' }).status(200).end();
  });

  router.post('/api/shopping-cart', limitNewGuestCarts, async (req, res) => {
    const body = parseInput(AddToCartRequestSchema, req.body, 'Invalid add to cart');
    const viewer = await viewers.viewerOf(req);
    const ownerKey = viewer ? memberCartKey(viewer.user.id) : deviceCartKey(ensureDeviceToken(req, res, config.cookieSecure));
    noStore(res).json(await cart.add(ownerKey, viewer, body));
  });

  router.put('/api/shopping-cart/items/:itemId', async (req, res) => {
    const { itemId } = paramsOr404(ItemParams, req, CART_ITEM_NOT_FOUND);
    const { quantity } = parseInput(CartQuantityRequestSchema, req.body, COMMERCE_MESSAGES.quantityRange);
    noStore(res).json(await cart.setQuantity(await ownerKeyOf(req), itemId, quantity));
  });

  router.delete('/api/shopping-cart/items/:itemId', async (req, res) => {
    const { itemId } = paramsOr404(ItemParams, req, CART_ITEM_NOT_FOUND);
    noStore(res).json(await cart.removeLine(await ownerKeyOf(req), itemId));
  });

  router.delete('/api/shopping-cart', async (req, res) => {
    noStore(res).json(await cart.empty(await ownerKeyOf(req)));
  });

  router.post('/api/shopping-cart/estimate', async (req, res) => {
    const body = parseInput(EstimateRequestSchema, req.body, 'Invalid estimate');
    noStore(res).json(await cart.estimate(await ownerKeyOf(req), body));
  });
}

/** Checkout and orders (members only; promo codes for guests too). */
function checkoutRoutes(router: Router, { services, viewers }: RouteContext, { member, ownerKeyOf }: Shopper, checkoutLimit: RequestHandler): void {
  const { checkout, orders } = services;
  router.post('/api/commerce/address', async (req, res) => {
    const viewer = await member(req);
    const body = parseInput(AddressRequestSchema, req.body, 'Invalid address');
    noStore(res).json(await checkout.setAddress(viewer, body));
  });

  router.post('/api/commerce/order/shipping-method', async (req, res) => {
    const viewer = await member(req);
    const body = parseInput(ShippingMethodRequestSchema, req.body, COMMERCE_MESSAGES.badMethod);
    noStore(res).json(await checkout.setShippingMethod(viewer, body.shippingMethod));
  });

  // Promo codes and vouchers apply to the shopper's cart, a guest's too: the code stays on
  // the guest cart and moves into the member's at sign-in. A guest's tries count against the checkout
  // limit of their address, so codes cannot be guessed at speed.
  const guestPromoLimit: RequestHandler = (req, res, next) => {
    viewers.viewerOf(req).then(
      (viewer) => (viewer ? next() : checkoutLimit(req, res, next)),
      (error: unknown) => next(error),
    );
  };

  router.post('/api/commerce/order/promo-code', guestPromoLimit, async (req, res) => {
    const viewer = await viewers.viewerOf(req);
    const body = parseInput(PromoCodeRequestSchema, req.body, COMMERCE_MESSAGES.promoInvalid);
    noStore(res).json(await checkout.applyPromo(await ownerKeyOf(req), viewer, body.code));
  });

  router.delete('/api/commerce/order/promo-code', async (req, res) => {
    noStore(res).json(await checkout.removePromo(await ownerKeyOf(req)));
  });

  // A guest is refused (401) before the checkout limit counts the request.
  const requireMemberFirst: RequestHandler = (req, _res, next) => {
    member(req).then(
      () => next(),
      (error: unknown) => next(error),
    );
  };

  router.post('/api/commerce/shipping-payment', requireMemberFirst, checkoutLimit, async (req, res) => {
    const viewer = await member(req);
    const body = parseInput(ShippingPaymentRequestSchema, req.body, 'Invalid checkout');
    noStore(res).json(await checkout.shippingPayment(viewer, body));
  });

  router.post('/api/commerce/order/submit', requireMemberFirst, checkoutLimit, async (req, res) => {
    const viewer = await member(req);
    noStore(res)
      .status(201)
      .json(await checkout.submit(viewer));
  });

  router.get('/api/commerce/order/:id', async (req, res) => {
    const viewer = await member(req);
    const { id } = paramsOr404(OrderParams, req, COMMERCE_MESSAGES.orderNotFound);
    noStore(res).json(await orders.order(viewer, id));
  });
}

export function commerceRoutes(context: RouteContext): Router {
  const { services, viewers, limit } = context;
  const router = Router();
  // Checkout counts per member (per address for a request that is somehow not signed in).
  const checkoutLimit = limit('checkout', {
    keyGenerator: async (req) => {
      const viewer = await viewers.viewerOf(req);
      return viewer ? `user:${viewer.user.id}` : `ip:${ipKeyGenerator(req.ip ?? '')}`;
    },
  });
  const shopper = shopperOf(viewers);
  const guestCartLimit = limit('guestCarts');
  productPageRoutes(router, services);
  cartRoutes(router, context, shopper, guestCartLimit);
  checkoutRoutes(router, context, shopper, checkoutLimit);
  return router;
}

/**
 * Every place a member's session starts (sign-in, registration, subscriber registration) calls this:
 * the guest cart of the request's device cookie moves into the member's cart. A failure here never
 * fails the sign-in (the guest cart then simply stays where it was).
 */
export async function mergeGuestCartAtSignIn(
  { services, logger }: Pick<RouteContext, 'services' | 'logger'>,
  req: Request,
  res: Response,
  userId: string,
): Promise<void> {
  try {
    await services.cart.mergeGuestCart(deviceTokenOf(req), userId);
  } catch (error) {
    logger.error('guest cart merge failed', { requestId: requestIdOf(res), error: errorFields(error) });
  }
}
