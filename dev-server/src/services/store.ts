/** The store catalogue. */
import { productTypeFromSku, type Product, type ProductList } from 'shared-contracts';
import type { ProductRow } from '../db/database';
import type { StoreRepository } from '../repositories/store';
import { NotFoundError } from './errors';

export function productUrl(row: Pick<ProductRow, 'slug' | 'availability_id'>): string {
  return `/product/${row.slug}/${row.availability_id}`;
}

function toProduct(row: ProductRow, categoryName: string): Product {
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
    type: productTypeFromSku(row.sku),
    listPrice: row.list_price,
    availabilityStatus: row.availability_status === 'COMING_SOON' ? 'COMING_SOON' : 'AVAILABLE',
    image: row.image,
  };
}

export function createStoreService(deps: { store: StoreRepository }) {
  const { store } = deps;
  return {
    /** Products of a category (every product when none is given); an unknown category is not found. */
    async products(categorySlug: string | null): Promise<ProductList> {
      const categories = await store.listCategories();
      if (categorySlug !== null && !categories.some((c) => c.slug === categorySlug)) {
        throw new NotFoundError('Category not found');
      }
      const names = new Map(categories.map((c) => [c.slug, c.name]));
      const rows = await store.listProducts(categorySlug);
      return {
        categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
        category: categorySlug,
        products: rows.map((r) => toProduct(r, names.get(r.category_slug) ?? r.category_slug)),
      };
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
