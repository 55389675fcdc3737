/**
 * The meter's views. A view is counted by ONE statement that inserts the row only while the
 * subject has fewer than `limit` views of that kind in the period:
 *
 *   INSERT INTO article_views (...) SELECT ... WHERE (SELECT count(*) ... ) < limit
 *   ON CONFLICT (subject_key, article_id, period) DO NOTHING RETURNING article_id
 *
 * SQLite runs each statement alone (one writer), so parallel requests can never take a subject past
 * its limit. On PostgreSQL (READ COMMITTED) two such statements could both see count < limit, so
 * there it runs behind the subject's advisory lock (db/locks.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { serializedBy } from '../db/locks';

export type MeterKind = 'article' | 'ascend';

export function createMeterRepository(db: Kysely<Database>) {
  return {
    /** Inserts the view if the subject is under `limit` for this kind and period; true when it did. */
    async recordViewUnderLimit(view: {
      subjectKey: string;
      articleId: string;
      kind: MeterKind;
      period: string;
      nowIso: string;
      limit: number;
    }): Promise<boolean> {
      const { subjectKey, articleId, kind, period, nowIso, limit } = view;
      const row = await serializedBy(db, `meter:${subjectKey}`, (on) => {
        const counted = on
          .selectFrom('article_views')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('subject_key', '=', subjectKey)
          .where('period', '=', period)
          .where('kind', '=', kind);
        return on
          .insertInto('article_views')
          .columns(['subject_key', 'article_id', 'kind', 'period', 'first_viewed_at'])
          .expression(
            on
              .selectNoFrom([
                sql<string>`${subjectKey}`.as('subject_key'),
                sql<string>`${articleId}`.as('article_id'),
                sql<string>`${kind}`.as('kind'),
                sql<string>`${period}`.as('period'),
                sql<string>`${nowIso}`.as('first_viewed_at'),
              ])
              .where(sql<boolean>`(${counted}) < ${limit}`),
          )
          .onConflict((oc) => oc.columns(['subject_key', 'article_id', 'period']).doNothing())
          .returning('article_id')
          .executeTakeFirst();
      });
      return row !== undefined;
    },

    async hasView(subjectKey: string, articleId: string, period: string): Promise<boolean> {
      const row = await db
        .selectFrom('article_views')
        .select('article_id')
        .where('subject_key', '=', subjectKey)
        .where('article_id', '=', articleId)
        .where('period', '=', period)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Views of the subject in the period, by kind. */
    async countsOf(subjectKey: string, period: string): Promise<Record<MeterKind, number>> {
      const rows = await db
        .selectFrom('article_views')
        .select(['kind', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
        .where('subject_key', '=', subjectKey)
        .where('period', '=', period)
        .groupBy('kind')
        .execute();
      const counts: Record<MeterKind, number> = { article: 0, ascend: 0 };
      for (const r of rows) if (r.kind === 'article' || r.kind === 'ascend') counts[r.kind] = Number(r.n);
      return counts;
    },
  };
}

export type MeterRepository = ReturnType<typeof createMeterRepository>;
