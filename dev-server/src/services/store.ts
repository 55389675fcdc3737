/** The store catalogue. */
import { createHash } from 'node:crypto';
import {
  type Availability,
  type Product,
  type ProductDetail,
  type ProductList,
  productTypeFromSku,
  type Recommendations,
  SUBSCRIBER_ROLE_CODES,
  SUBSCRIBER_TIERS,
  STORE_PAGE_SIZE,
  type SubscriptionOffer,
} from 'shared-contracts/server';
import { z } from 'zod';
import type { ProductRow } from '../db/database';
import type { CartRepository } from '../repositories/cart';
import type { StoreRepository } from '../repositories/store';
import { NotFoundError } from './errors';
import { imageOr, productSubject } from './images/subjects';
import { BETTER_TOGETHER_PERCENT, divRoundHalfUp } from './pricing';
import { PRODUCT_NOT_FOUND, productUrl, toAvailability } from './products';

export { productUrl };

const StringList = z.array(z.string());
/** A page of the store's list past its last. */
export const STORE_PAGE_NOT_FOUND = 'Page not found';

/** 'You might also like' shows up to four products. */
export const RECOMMENDATION_COUNT = 4;

/** A product row as the catalogue's Product (permissions and subscriptions count as digital there). */
export function toProduct(row: ProductRow, categoryName: string): Product {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    summary: row.summary,
    category: categoryName,
    productUrl: productUrl(row),
    availabilityId: row.availability_id,
    format: row.format,
    language: row.language,
    contentType: row.content_type,
    type: row.kind === 'product' ? productTypeFromSku(row.sku) : 'digital',
    listPrice: row.list_price,
    availabilityStatus: row.availability_status === 'COMING_SOON' ? 'COMING_SOON' : 'AVAILABLE',
    image: imageOr(row.image, productSubject(row)),
  };
}

export function createStoreService(deps: { store: StoreRepository }) {
  const { store } = deps;
  return {
    /**
     * A page (from 1, STORE_PAGE_SIZE tiles) of a category's products (every product when none is
     * given), one tile per product with its formats; an unknown category, or a page past the last,
     * is not found.
     */
    async products(categorySlug: string | null, page = 1): Promise<ProductList> {
      const categories = await store.listCategories();
      if (categorySlug !== null && !categories.some((c) => c.slug === categorySlug)) {
        throw new NotFoundError('Category not found');
      }
      const names = new Map(categories.map((c) => [c.slug, c.name]));
      const rows = await store.listProducts(categorySlug);
      // One tile per product: its formats and editions share the group, in list order.
      const groups = new Map<string, ProductRow[]>();
      for (const r of rows) groups.set(r.group_id, [...(groups.get(r.group_id) ?? []), r]);
      const pages = Math.max(1, Math.ceil(groups.size / STORE_PAGE_SIZE));
      if (page > pages) throw new NotFoundError(STORE_PAGE_NOT_FOUND);
      return {
        categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
        category: categorySlug,
        products: [...groups.values()].slice((page - 1) * STORE_PAGE_SIZE, page * STORE_PAGE_SIZE).map((group) => {
          const first = group[0] as ProductRow;
          return { ...toProduct(first, names.get(first.category_slug) ?? first.category_slug), formats: group.map(toAvailability) };
        }),
        page,
        pages,
      };
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;

const SUBSCRIPTION_FEATURES: Record<string, readonly string[]> = {
  GOOD: ['Unlimited articles on the site and app', 'The magazine archive since 1956', 'Subscriber-only newsletters'],
  BETTER: ['Everything in Good', 'Six print issues a year', 'Downloadable PDFs of every issue'],
  BEST: ['Everything in Better', 'The Visual Library of charts', 'Ten case studies a year'],
  EXECUTIVE: ['Everything in Best', 'Unlimited case studies', 'Executive events and briefings'],
  ALLACCESS: ['Everything in Executive', 'Every toolkit and ebook', 'Access for two readers'],
};

/** Deterministic rotation start for a set of ids. */
function rotationOf(ids: readonly string[], length: number): number {
  if (length === 0) return 0;
  const hash = createHash('sha256')
    .update([...ids].sort().join(','))
    .digest();
  return hash.readUInt32BE(0) % length;
}

/** The product pages' side of the store (decision 014): detail, availabilities, recommendations, subscription offers. */
export function createCatalogueService(deps: { carts: CartRepository }) {
  const { carts } = deps;
  return {
    /** GET /api/store/product/{availabilityId}. */
    async productDetail(availabilityId: string): Promise<ProductDetail> {
      const [row] = await carts.productsByAvailability([availabilityId]);
      if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const names = await carts.categoryNames();
      const name = (p: ProductRow) => names.get(p.category_slug) ?? p.category_slug;
      const group = await carts.productsOfGroup(row.group_id);
      let betterTogether: ProductDetail['betterTogether'] = null;
      if (row.kind === 'product') {
        const [pair] = await carts.betterTogetherPartners(group.map((p) => p.id));
        const [partner] = pair ? await carts.productsByIds([pair.partner_id]) : [];
        if (partner) {
          const totalCents = row.price_cents + partner.price_cents;
          betterTogether = {
            products: [toProduct(row, name(row)), toProduct(partner, name(partner))],
            totalCents,
            bundleCents: divRoundHalfUp(totalCents * BETTER_TOGETHER_PERCENT, 100),
          };
        }
      }
      return {
        product: toProduct(row, name(row)),
        authors: StringList.parse(JSON.parse(row.authors)),
        availabilities: group.filter((p) => p.kind !== 'perm').map(toAvailability),
        permissions: group.filter((p) => p.kind === 'perm').map(toAvailability),
        betterTogether,
      };
    },

    /** GET /api/product/{productId}/availabilities: every format and language of the product (not its permissions). */
    async availabilities(productId: string): Promise<{ availabilities: Availability[] }> {
      const row = await carts.productById(productId);
      if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const group = await carts.productsOfGroup(row.group_id);
      return { availabilities: group.filter((p) => p.kind !== 'perm').map(toAvailability) };
    },

    /** Up to four listed, available products of other groups than the given products', the same for the same ids. */
    async recommendations(placement: string, productIds: readonly string[]): Promise<Recommendations> {
      const given = await carts.productsByIds(productIds);
      const groups = new Set(given.map((p) => p.group_id));
      const candidates = (await carts.listedProducts()).filter(
        (p) => p.availability_status === 'AVAILABLE' && !groups.has(p.group_id) && !productIds.includes(p.id),
      );
      // One availability per group.
      const seen = new Set<string>();
      const distinct = candidates.filter((p) => (seen.has(p.group_id) ? false : (seen.add(p.group_id), true)));
      const start = rotationOf(productIds, distinct.length);
      const picked = [...distinct.slice(start), ...distinct.slice(0, start)].slice(0, RECOMMENDATION_COUNT);
      const names = await carts.categoryNames();
      return { placement, products: picked.map((p) => toProduct(p, names.get(p.category_slug) ?? p.category_slug)) };
    },

    /** GET /api/store/subscriptions: one offer per tier, in SUBSCRIBER_TIERS order. */
    async subscriptionOffers(): Promise<{ offers: SubscriptionOffer[] }> {
      const rows = await carts.subscriptionProducts();
      const offers: SubscriptionOffer[] = [];
      for (const role of SUBSCRIBER_ROLE_CODES) {
        const code = role.replace(/^ROLE_HBRG_/, '');
        const row = rows.find((r) => r.sku === `SUB-${code}`);
        if (!row) continue;
        const tier = SUBSCRIBER_TIERS[role];
        offers.push({
          roleCode: role,
          label: tier.label,
          caption: tier.caption,
          availabilityId: row.availability_id,
          title: row.title,
          priceCents: row.price_cents,
          term: 'year',
          features: [...(SUBSCRIPTION_FEATURES[code] ?? [])],
        });
      }
      return { offers };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
