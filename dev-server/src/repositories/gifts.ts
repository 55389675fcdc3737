/**
 * Gift links. Like the meter, a gift is given by ONE statement that inserts only while the giver
 * has given fewer than `allowance` gifts since the start of the month (see repositories/meter.ts
 * for PostgreSQL).
 */
import { sql, type Kysely } from 'kysely';
import type { ArticleGiftRow, Database } from '../db/database';

export function createGiftRepository(db: Kysely<Database>) {
  const givenSince = (giverId: string, sinceIso: string) =>
    db
      .selectFrom('article_gifts')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('giver_id', '=', giverId)
      .where('created_at', '>=', sinceIso);

  return {
    /** Inserts the gift unless the giver already gave `allowance` since `monthStartIso`; true when it did. */
    async insertUnderAllowance(gift: ArticleGiftRow, monthStartIso: string, allowance: number): Promise<boolean> {
      const row = await db
        .insertInto('article_gifts')
        .columns(['token_hash', 'article_id', 'giver_id', 'created_at', 'expires_at'])
        .expression(
          db
            .selectNoFrom([
              sql<string>`${gift.token_hash}`.as('token_hash'),
              sql<string>`${gift.article_id}`.as('article_id'),
              sql<string>`${gift.giver_id}`.as('giver_id'),
              sql<string>`${gift.created_at}`.as('created_at'),
              sql<string>`${gift.expires_at}`.as('expires_at'),
            ])
            .where(sql<boolean>`(${givenSince(gift.giver_id, monthStartIso)}) < ${allowance}`),
        )
        .returning('token_hash')
        .executeTakeFirst();
      return row !== undefined;
    },

    async countGivenSince(giverId: string, sinceIso: string): Promise<number> {
      const row = await givenSince(giverId, sinceIso).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async findByTokenHash(tokenHash: string): Promise<ArticleGiftRow | undefined> {
      return db.selectFrom('article_gifts').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
  };
}

export type GiftRepository = ReturnType<typeof createGiftRepository>;
