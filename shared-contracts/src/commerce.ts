/**
 * The store and cart (decision 014): product detail, cart, checkout, orders and subscription offers.
 * Schemas shared by the server (answers) and the store remote (parsing), and the few rules both
 * sides need. Money in every schema here is INTEGER CENTS, in fields ending in `Cents` (the spec's
 * subTotal, tax, shippingCost, grandTotal, unitPrice, listPrice); totals are computed by the server
 * only (decision 014). The catalogue's `Product.listPrice` (schemas.ts) stays in dollars.
 */
import * as z from 'zod/mini';
import { SUBSCRIBER_ROLE_CODES, MESSAGES } from 'shared-contracts/contracts';
import { personNameText, withoutHiddenCharacters } from './names';
import { DownloadLinkSchema } from './downloads';

/** Prices and their format (money.ts, also My Library's through `shared-contracts/library`). */
export { CURRENCY, PRICE_DECIMALS, formatCents, formatUsd } from './money';

/** SKU suffixes and the product type they mean; any other suffix is 'ship' (PAY-05). */
export const SKU_SUFFIX_TYPES = {
  KND: 'ebook',
  BUN: 'bundle',
  PDF: 'digital',
  HTM: 'digital',
  ZIP: 'digital',
  PPT: 'digital',
  XLS: 'digital',
  EPB: 'digital',
} as const;

function skuCodeType(code: string): SkuProductType | null {
  return Object.hasOwn(SKU_SUFFIX_TYPES, code) ? SKU_SUFFIX_TYPES[code as keyof typeof SKU_SUFFIX_TYPES] : null;
}

/* ================================================================== cart and products */

/** Product type derived from a SKU (PAY-05). Same values as the API's product type. */
export type SkuProductType = (typeof SKU_SUFFIX_TYPES)[keyof typeof SKU_SUFFIX_TYPES] | 'ship';
/**
 * Product type by SKU suffix (PAY-05): KND ebook, BUN bundle, PDF/HTM/ZIP/PPT/XLS/EPB digital,
 * any other ship. The suffix is the SKU's last three characters (case-insensitive), e.g.
 * '10245-PDF' or 'R0701FPDF'. SKUs of the form '{id}-{format}-{language}' ('R0701F-PDF-ENG') end
 * in a language, so when the last three characters are not a known code the hyphen-separated
 * segment before the last is tried.
 */
export function productTypeFromSku(sku: string): SkuProductType {
  const upper = sku.trim().toUpperCase();
  const byEnd = skuCodeType(upper.slice(-3));
  if (byEnd) return byEnd;
  const parts = upper.split('-');
  if (parts.length >= 3) {
    const byFormat = skuCodeType(parts[parts.length - 2] ?? '');
    if (byFormat) return byFormat;
  }
  return 'ship';
}
/** A digital product cannot be increased once its quantity is above 0 (SITE-05). */
export function canIncreaseQuantity(item: { digital: boolean; quantity: number }): boolean {
  return !(item.digital && item.quantity > 0);
}
/** Add to cart sends only items with quantity above 0 (SITE-05). */
export function itemsToAddToCart<T extends { quantity: number }>(items: readonly T[]): T[] {
  return items.filter((item) => item.quantity > 0);
}

/* ------------------------------------------------------------------ cart */

/**
 * Add-to-cart failure (SITE-08): the apology followed by the product ids it is about. The spec
 * says the apology "lists the product ids" without the layout; they follow as
 * 'Product ID: A' or 'Product IDs: A, B'. With no ids, the apology alone.
 */
export function cartApology(productIds: readonly string[]): string {
  if (productIds.length === 0) return MESSAGES.cart.apology;
  const label = productIds.length === 1 ? 'Product ID' : 'Product IDs';
  return `${MESSAGES.cart.apology} ${label}: ${productIds.join(', ')}`;
}

/* ------------------------------------------------------------------ cart and store (SITE-09) */

/** Referral codes (SITE-09). */
export const REFERRAL_CODES = {
  /** Topics or home context. */
  topicsOrHome: '03069',
  /** Search more-results. */
  searchMoreResults: '02749',
  /** Default for add-to-cart. */
  addToCartDefault: '02749',
} as const;
/** Default quantity (SITE-09). */
export const DEFAULT_QUANTITY = 1;
/** Personalised recommendation placement on the add-to-cart confirmation (SITE-07). */
export const ADDED_TO_CART_PLACEMENT = 'added-to-cart';

export const ProductTypeSchema = z.enum(['ebook', 'bundle', 'digital', 'ship']);
export const ProductSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  productUrl: z.string(),
  availabilityId: z.string(),
  format: z.string(),
  language: z.string(),
  contentType: z.string(),
  type: ProductTypeSchema,
  listPrice: z.number().check(z.nonnegative()),
  availabilityStatus: z.enum(['AVAILABLE', 'COMING_SOON']),
  image: z.nullable(z.string()),
});
export type Product = z.infer<typeof ProductSchema>;

/** Cents as dollars for data-layer values: 1999 -> 19.99. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/* ------------------------------------------------------------------ products */

/**
 * What a cart line is (SITE-03 cart item type/lineType): the SKU suffix types (PAY-05), plus
 * copyright permissions ('Perm', SITE-03) and subscriptions, which the SKU rule does not cover.
 */
export const LINE_TYPES = ['SHIP', 'EBOOK', 'BUNDLE', 'DIGITAL', 'PERM', 'SUBSCRIPTION'] as const;
export type LineType = (typeof LINE_TYPES)[number];

/** Item types of a cart line and an availability: the SKU types, 'Perm' (copyright permissions) and 'subscription'. */
export const ItemTypeSchema = z.enum(['ebook', 'bundle', 'digital', 'ship', 'Perm', 'subscription']);
export type ItemType = z.infer<typeof ItemTypeSchema>;

/** The line type of an item type. */
export function lineTypeOf(type: ItemType): LineType {
  switch (type) {
    case 'ebook':
      return 'EBOOK';
    case 'bundle':
      return 'BUNDLE';
    case 'digital':
      return 'DIGITAL';
    case 'Perm':
      return 'PERM';
    case 'subscription':
      return 'SUBSCRIPTION';
    default:
      return 'SHIP';
  }
}

/** Only shipped items and bundles travel by mail; the rest are physical_items' opposite, digital_items. */
export function isShippedType(type: ItemType): boolean {
  return type === 'ship' || type === 'bundle';
}

/** Quantity capped at 1 (SITE-05): ebooks, digital files and subscriptions. Permissions count copies. */
export function isSingleQuantityType(type: ItemType): boolean {
  return type === 'ebook' || type === 'digital' || type === 'subscription';
}

/** Most copies of one line (a request above it is refused, not clamped). NOT IN SPEC. */
export const MAX_LINE_QUANTITY = 99;
/** Most items in one add-to-cart request. NOT IN SPEC. */
export const MAX_ITEMS_PER_ADD = 10;

/** One way to buy a product: a format and language (SITE-05 availability selector), or its permissions. */
export const AvailabilitySchema = z.object({
  availabilityId: z.string(),
  productId: z.string(),
  sku: z.string(),
  format: z.string(),
  language: z.string(),
  type: ItemTypeSchema,
  priceCents: z.int().check(z.nonnegative()),
  availabilityStatus: z.enum(['AVAILABLE', 'COMING_SOON']),
  productUrl: z.string(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

/**
 * A tile of the store's list: one per product, its first listed format as the product's
 * fields and every listed format of it (formats and editions, not permissions) in `formats`.
 */
export const ProductTileSchema = z.extend(ProductSchema, { formats: z.array(AvailabilitySchema) });
export type ProductTile = z.infer<typeof ProductTileSchema>;
/** Tiles on a page of the store's list (`?page=`): three rows of four on a desktop. */
export const STORE_PAGE_SIZE = 12;
export const ProductListSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  category: z.nullable(z.string()),
  /** The tiles of `page` (from 1), at most STORE_PAGE_SIZE, of `pages` (at least 1). */
  products: z.array(ProductTileSchema),
  page: z.int(),
  pages: z.int(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** GET /api/product/{productId}/availabilities (PAY-07). */
export const AvailabilityListSchema = z.object({ availabilities: z.array(AvailabilitySchema) });

/** 'Better Together' (SITE-05): the product and its partners, bought together for bundleCents. */
export const BetterTogetherSchema = z.object({
  products: z.array(ProductSchema),
  /** Sum of the list prices. */
  totalCents: z.int(),
  /** Price when all are added together (the saving is totalCents - bundleCents). */
  bundleCents: z.int(),
});
export type BetterTogether = z.infer<typeof BetterTogetherSchema>;

/** GET /api/store/product/{availabilityId}: the product page. */
export const ProductDetailSchema = z.object({
  /** The selected availability's product. */
  product: ProductSchema,
  /** Authors, when known (books). */
  authors: z.array(z.string()),
  /** Formats and languages of the same product (the availability selector), the selected one included. */
  availabilities: z.array(AvailabilitySchema),
  /** Copyright permissions (type 'Perm'), when the product can be licensed; priced per copy. */
  permissions: z.array(AvailabilitySchema),
  betterTogether: z.nullable(BetterTogetherSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** GET /api/store/recommendations?placement=added-to-cart&productIds=a,b ('You might also like', SITE-07). */
export const RecommendationsSchema = z.object({ placement: z.string(), products: z.array(ProductSchema) });
export type Recommendations = z.infer<typeof RecommendationsSchema>;

/* ------------------------------------------------------------------ addresses */

export const AddressSchema = z.object({
  firstName: personNameText(MESSAGES.shared.firstName),
  lastName: personNameText(MESSAGES.shared.lastName),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  /** State or province code for US and CA (from GET /api/commerce/state-province/{country}); free text elsewhere. */
  state: z.string(),
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

/** Countries the store ships to (NOT IN SPEC: the spec names none). */
export const SHIPPING_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'IN', name: 'India' },
  { code: 'JP', name: 'Japan' },
  { code: 'AU', name: 'Australia' },
  { code: 'BR', name: 'Brazil' },
  { code: 'MX', name: 'Mexico' },
] as const;

/** GET /api/commerce/state-province/{country}: empty for countries without a list (state is free text there). */
export const StateProvinceListSchema = z.object({
  countryCode: z.string(),
  states: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type StateProvinceList = z.infer<typeof StateProvinceListSchema>;

/* ------------------------------------------------------------------ cart */

export const SHIPPING_METHOD_CODES = ['STANDARD', 'EXPEDITED', 'OVERNIGHT', 'INTERNATIONAL'] as const;
export type ShippingMethodCode = (typeof SHIPPING_METHOD_CODES)[number];

export const ShippingMethodSchema = z.object({
  code: z.enum(SHIPPING_METHOD_CODES),
  label: z.string(),
  costCents: z.int().check(z.nonnegative()),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

/** Cart item (SITE-03): the product fields, the quantity and the line's price. */
export const CartLineSchema = z.object({
  itemId: z.string(),
  productId: z.string(),
  availabilityId: z.string(),
  sku: z.string(),
  productUrl: z.string(),
  productTitle: z.string(),
  productContentType: z.string(),
  productAvailabilityStatus: z.enum(['AVAILABLE', 'COMING_SOON']),
  format: z.string(),
  language: z.string(),
  type: ItemTypeSchema,
  lineType: z.enum(LINE_TYPES),
  quantity: z.int().check(z.positive()),
  unitPriceCents: z.int().check(z.nonnegative()),
  lineTotalCents: z.int().check(z.nonnegative()),
  referral: z.nullable(z.string()),
  /** The product's major subject: a reprinted article's topic, else its store category (SITE-03). */
  productMajorSubject: z.nullable(z.string()),
  /** ISO date: when the reprinted article was published; null for products without one (SITE-03). */
  publicationDate: z.nullable(z.string()),
  /** The product can also be licensed (copyright permissions offered, SITE-03). */
  permissionsAvailable: z.boolean(),
  /** Bulk quantities are priced on request (shipped copies and permissions; NOT IN SPEC: which products) (SITE-03). */
  isVolumePricingAvailable: z.boolean(),
  /** ACTIVE, or UNAVAILABLE when the product cannot be ordered now (it became 'coming soon') (SITE-03). */
  status: z.enum(['ACTIVE', 'UNAVAILABLE']),
  /** The product's picture (decision 036, images.ts): the line's thumbnail. */
  image: z.optional(z.nullable(z.string())),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const PaymentSummarySchema = z.object({ brand: z.string(), last4: z.string() });

export const PromoSchema = z.object({ code: z.string(), description: z.string() });

/** The cart (SITE-03; PAY-03): the server's answer of every cart and checkout call. */
export const CartSchema = z.object({
  lineItems: z.object({ physicalItems: z.array(CartLineSchema), digitalItems: z.array(CartLineSchema) }),
  /** Sum of the quantities (the mini cart's count; the spec's cart_amount). */
  itemCount: z.int(),
  subTotalCents: z.int(),
  discountCents: z.int(),
  /** 0 until an address is known. */
  taxCents: z.int(),
  /** 0 until a shipping method is chosen, and for carts with nothing to ship. */
  shippingCostCents: z.int(),
  grandTotalCents: z.int(),
  promoCode: z.nullable(PromoSchema),
  /** True when some line ships (physical items): checkout then needs a shipping address and method. */
  needsShipping: z.boolean(),
  /** Methods offered for the current shipping address (domestic or international); empty until one is known. */
  shippingMethods: z.array(ShippingMethodSchema),
  shippingMethod: z.nullable(z.enum(SHIPPING_METHOD_CODES)),
  shippingAddress: z.nullable(AddressSchema),
  billingAddress: z.nullable(AddressSchema),
  /** The card the test gateway tokenised (brand and last four digits only; no card data is stored). */
  payment: z.nullable(PaymentSummarySchema),
  /** ISO timestamp of the last change (the HEAD's Last-Modified). */
  lastModified: z.string(),
});
export type Cart = z.infer<typeof CartSchema>;

export function cartLines(cart: Cart): CartLine[] {
  return [...cart.lineItems.physicalItems, ...cart.lineItems.digitalItems];
}

/** POST /api/shopping-cart: add items. Only quantities above 0 are sent (SITE-05, itemsToAddToCart). */
export const AddToCartRequestSchema = z.object({
  items: z
    .array(
      z.object({
        availabilityId: z.string().check(z.minLength(1), z.maxLength(80)),
        quantity: z.int().check(z.positive(), z.maximum(MAX_LINE_QUANTITY)),
        /** Referral code (SITE-09; REFERRAL_CODES), default addToCartDefault. */
        referral: z.optional(z.string().check(z.regex(/^\d{5}$/))),
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_ITEMS_PER_ADD)),
});
export type AddToCartRequest = z.infer<typeof AddToCartRequestSchema>;

/**
 * Answer of an add (SITE-03 "answer carries cart and maybe maintenanceStatus"). In maintenance
 * nothing is added (itemAdded false, maintenanceStatus true). An unknown or coming-soon product is a
 * 422 whose message is cartApology(ids) and whose errors name each product id (field 'productId').
 */
export const AddToCartResultSchema = z.object({
  itemAdded: z.boolean(),
  /** The lines as they are after the add, for the 'Added to cart' confirmation. */
  items: z.array(CartLineSchema),
  cart: CartSchema,
  maintenanceStatus: z.boolean(),
});
export type AddToCartResult = z.infer<typeof AddToCartResultSchema>;

/** PUT /api/shopping-cart/items/{itemId}: set a line's quantity (0 removes it). */
export const CartQuantityRequestSchema = z.object({ quantity: z.int().check(z.nonnegative(), z.maximum(MAX_LINE_QUANTITY)) });

/** POST /api/shopping-cart/estimate: totals for an address and method, without changing the cart. */
export const EstimateRequestSchema = z.object({
  countryCode: z.string(),
  state: z.optional(z.string()),
  postalCode: z.optional(z.string()),
  shippingMethod: z.optional(z.enum(SHIPPING_METHOD_CODES)),
});
export type EstimateRequest = z.infer<typeof EstimateRequestSchema>;
export const EstimateSchema = z.object({
  shippingMethods: z.array(ShippingMethodSchema),
  subTotalCents: z.int(),
  discountCents: z.int(),
  taxCents: z.int(),
  shippingCostCents: z.int(),
  grandTotalCents: z.int(),
});
export type Estimate = z.infer<typeof EstimateSchema>;

/** POST /api/commerce/address: the shipping address (and billing, when it differs). */
export const AddressRequestSchema = z.object({
  shippingAddress: z.nullable(AddressSchema),
  billingAddress: z.nullable(AddressSchema),
  billingSameAsShipping: z.boolean(),
});
export type AddressRequest = z.infer<typeof AddressRequestSchema>;

/** POST /api/commerce/order/shipping-method. */
export const ShippingMethodRequestSchema = z.object({ shippingMethod: z.enum(SHIPPING_METHOD_CODES) });

/** POST /api/commerce/order/promo-code (DELETE removes it). A voucher_code is applied the same way. */
export const PromoCodeRequestSchema = z.object({ code: z.string().check(z.minLength(1), z.maxLength(40)) });

/** Card fields sent once to POST /api/commerce/shipping-payment; the server passes them to the gateway and keeps only its token, brand and last4. */
export const CardSchema = z.object({
  number: z.string().check(z.maxLength(30)),
  expMonth: z.int(),
  expYear: z.int(),
  cvc: z.string().check(z.maxLength(4)),
  nameOnCard: z.string().check(z.maxLength(100), withoutHiddenCharacters()),
});
export type Card = z.infer<typeof CardSchema>;

/** POST /api/commerce/shipping-payment: addresses, method (when shipping) and the card. */
export const ShippingPaymentRequestSchema = z.object({
  shippingAddress: z.nullable(AddressSchema),
  billingAddress: z.nullable(AddressSchema),
  billingSameAsShipping: z.boolean(),
  shippingMethod: z.nullable(z.enum(SHIPPING_METHOD_CODES)),
  card: CardSchema,
});
export type ShippingPaymentRequest = z.infer<typeof ShippingPaymentRequestSchema>;

/**
 * Cards of the built-in test gateway (like a payment provider's test mode). Any other number that
 * passes the Luhn check is approved too; these two are declined at submit with their messages.
 */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/* ------------------------------------------------------------------ orders */

export const OrderDetailLineSchema = z.object({
  title: z.string(),
  format: z.string(),
  sku: z.string(),
  lineType: z.enum(LINE_TYPES),
  quantity: z.int(),
  unitPriceCents: z.int(),
  lineTotalCents: z.int(),
  productUrl: z.nullable(z.string()),
  /** The line's id within its order (its position), as download links name it (PAY-01.3). */
  lineId: z.optional(z.string()),
  /** The files of a digital line, one per format (SITE-03 `downloads`); [] for the rest. */
  downloads: z.optional(z.array(DownloadLinkSchema)),
});
export type OrderDetailLine = z.infer<typeof OrderDetailLineSchema>;

/** GET /api/commerce/order/{id} and the answer of POST /api/commerce/order/submit. */
export const OrderSchema = z.object({
  id: z.string(),
  /** What the shopper quotes to customer service, e.g. 'M-20261123-4F7K2'. */
  orderNumber: z.string(),
  status: z.string(),
  title: z.string(),
  createdAt: z.string(),
  lines: z.array(OrderDetailLineSchema),
  subTotalCents: z.int(),
  discountCents: z.int(),
  taxCents: z.int(),
  shippingCostCents: z.int(),
  grandTotalCents: z.int(),
  promoCode: z.nullable(z.string()),
  shippingMethod: z.nullable(z.enum(SHIPPING_METHOD_CODES)),
  shippingAddress: z.nullable(AddressSchema),
  billingAddress: z.nullable(AddressSchema),
  payment: z.nullable(PaymentSummarySchema),
  /** A subscription order: the tier bought and the subscriber account number; the client then sets the subscription order cookie. */
  subscription: z.nullable(z.object({ roleCode: z.enum(SUBSCRIBER_ROLE_CODES as [string, ...string[]]), accountNumber: z.string() })),
});
export type Order = z.infer<typeof OrderSchema>;

/** The order page's own link (SITE-02): /order/{id}; `receipt=true` shows the receipt, `printMe=true` prints. */
export function orderPath(id: string, flags: { receipt?: boolean; printMe?: boolean } = {}): string {
  const q = new URLSearchParams();
  if (flags.receipt) q.set('receipt', 'true');
  if (flags.printMe) q.set('printMe', 'true');
  const s = q.toString();
  return `/order/${encodeURIComponent(id)}${s ? `?${s}` : ''}`;
}

/** Query flags of the order page and the voucher flow (SITE-02). */
export const ORDER_QUERY = { receipt: 'receipt', printMe: 'printMe', voucherCode: 'voucher_code' } as const;

/** A query flag is set when present and not 'false' or '0'. */
export function queryFlag(search: URLSearchParams, name: string): boolean {
  const v = search.get(name);
  return v !== null && v !== 'false' && v !== '0';
}

/* ------------------------------------------------------------------ subscriptions */

/** GET /api/store/subscriptions: the subscriber tiers on offer (/subscriptions). */
export const SubscriptionOfferSchema = z.object({
  roleCode: z.enum(SUBSCRIBER_ROLE_CODES as [string, ...string[]]),
  label: z.string(),
  caption: z.nullable(z.string()),
  /** The availability to add to the cart. */
  availabilityId: z.string(),
  title: z.string(),
  priceCents: z.int(),
  /** 'year'. */
  term: z.string(),
  features: z.array(z.string()),
});
export type SubscriptionOffer = z.infer<typeof SubscriptionOfferSchema>;
export const SubscriptionOffersSchema = z.object({ offers: z.array(SubscriptionOfferSchema) });

/* ------------------------------------------------------------------ messages (NOT IN SPEC unless marked) */

export const COMMERCE_MESSAGES = {
  emptyCart: 'Your cart is empty.',
  digitalQuantity: 'Digital products are limited to one per order.',
  quantityRange: `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
  comingSoon: 'Coming soon',
  unknownProduct: 'This product is not available.',
  promoInvalid: 'This promo code is not valid.',
  promoExpired: 'This promo code has expired.',
  promoMinimum: (minimum: string) => `This promo code needs a subtotal of at least ${minimum}.`,
  promoApplied: (code: string) => `Promo code ${code} applied.`,
  voucherApplied: (code: string) => `Voucher ${code} applied.`,
  required: (label: string) => `Enter ${label}.`,
  badState: 'Choose a state or province.',
  badPostalCode: 'Enter a valid postal code.',
  badCountry: 'We do not ship to this country.',
  needsAddress: 'Enter a shipping address first.',
  needsMethod: 'Choose a shipping method.',
  badMethod: 'This shipping method is not offered for this address.',
  cardNumber: 'Enter a valid card number.',
  cardExpired: 'This card has expired.',
  cardCvc: 'Enter the 3 or 4 digit security code.',
  cardName: 'Enter the name on the card.',
  needsPayment: 'Enter your payment details first.',
  declined: 'Your card was declined. Your cart has not changed; try another card.',
  insufficientFunds: 'Your card has insufficient funds. Your cart has not changed; try another card.',
  signInToCheckout: 'Sign in or register to check out.',
  cartChanged: 'Your cart changed while the order was being placed. Please review it and try again.',
  orderNotFound: 'We could not find that order.',
  subscriptionSignedIn: 'Sign in or register to subscribe.',
  alreadySubscriber: 'You are already a subscriber.',
} as const;
