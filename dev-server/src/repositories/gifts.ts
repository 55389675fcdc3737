/**
 * Gift links. Like the meter, a gift is given by ONE statement that inserts only while the giver
 * has given fewer than `allowance` gifts since the start of the month; on PostgreSQL it runs behind
 * the giver's advisory lock (db/locks.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { ArticleGiftRow, Database } from '../db/database';
import { serializedBy } from '../db/locks';

export function createGiftRepository(db: Kysely<Database>) {
  const givenSince = (giverId: string, sinceIso: string, on: Kysely<Database> = db) =>
    on
      .selectFrom('article_gifts')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('giver_id', '=', giverId)
      .where('created_at', '>=', sinceIso);

  return {
    /** Inserts the gift unless the giver already gave `allowance` since `monthStartIso`; true when it did. */
    async insertUnderAllowance(gift: ArticleGiftRow, monthStartIso: string, allowance: number): Promise<boolean> {
      const row = await serializedBy(db, `gift:${gift.giver_id}`, (on) =>
        on
          .insertInto('article_gifts')
          .columns(['token_hash', 'article_id', 'giver_id', 'created_at', 'expires_at'])
          .expression(
            on
              .selectNoFrom([
                sql<string>`${gift.token_hash}`.as('token_hash'),
                sql<string>`${gift.article_id}`.as('article_id'),
                sql<string>`${gift.giver_id}`.as('giver_id'),
                sql<string>`${gift.created_at}`.as('created_at'),
                sql<string>`${gift.expires_at}`.as('expires_at'),
              ])
              .where(sql<boolean>`(${givenSince(gift.giver_id, monthStartIso, on)}) < ${allowance}`),
          )
          .returning('token_hash')
          .executeTakeFirst(),
      );
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
