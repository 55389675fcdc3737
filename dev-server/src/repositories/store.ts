/** Store catalogue: categories and products. */
import type { Kysely } from 'kysely';
import type { Database, ProductCategoryRow, ProductRow } from '../db/database';

export function createStoreRepository(db: Kysely<Database>) {
  return {
    async listCategories(): Promise<ProductCategoryRow[]> {
      return db.selectFrom('product_categories').selectAll().orderBy('position').execute();
    },

    /** Products of one category, or of all when `categorySlug` is null. */
    async listProducts(categorySlug: string | null): Promise<ProductRow[]> {
      let q = db.selectFrom('products').selectAll();
      if (categorySlug !== null) q = q.where('category_slug', '=', categorySlug);
      return q.orderBy('position').execute();
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
