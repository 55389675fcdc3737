/** The gated collections' articles (migration 0017; services/entitlements.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export function createCollectionRepository(db: Kysely<Database>) {
  return {
    /** The collections holding an article (none for most). */
    async collectionsOf(articleId: string): Promise<string[]> {
      const rows = await db.selectFrom('collection_items').select('collection').where('article_id', '=', articleId).execute();
      return rows.map((r) => r.collection);
    },
  };
}

export type CollectionRepository = ReturnType<typeof createCollectionRepository>;
