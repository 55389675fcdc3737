/** Store catalogue: categories and products. */
import type { Kysely } from 'kysely';
import type { Database, ProductCategoryRow, ProductRow } from '../db/database';

export function createStoreRepository(db: Kysely<Database>) {
  return {
    /** Categories with listed products (not subscriptions or article reprints). */
    async listCategories(): Promise<ProductCategoryRow[]> {
      return db
        .selectFrom('product_categories')
        .selectAll()
        .where((eb) =>
          eb.exists(
            eb.selectFrom('products').select('products.id').whereRef('products.category_slug', '=', 'product_categories.slug').where('products.listed', '=', 1),
          ),
        )
        .orderBy('position')
        .execute();
    },

    /** Listed products of one category, or of all when `categorySlug` is null. */
    async listProducts(categorySlug: string | null): Promise<ProductRow[]> {
      let q = db.selectFrom('products').selectAll().where('listed', '=', 1);
      if (categorySlug !== null) q = q.where('category_slug', '=', categorySlug);
      return q.orderBy('position').execute();
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
