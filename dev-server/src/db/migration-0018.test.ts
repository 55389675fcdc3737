/** Migration 0018 over a database of the schema before it: its articles are searchable, search_terms is gone. */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { createSearchIndex } from '../repositories/search-index';
import type { Database } from './database';
import { migrateToLatest, migrations } from './migrations';
import { openSqlite } from './sqlite';

async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

describe('migration 0018_full_text_search', () => {
  it('indexes the articles already there and drops the hand-written index', async () => {
    const db = openSqlite(':memory:');
    try {
      await migrateTo(db, '0016_mail_queue');
      await sql`INSERT INTO topics (id, name, slug, parent_id, position) VALUES ('tp', 'Négociation', 'negotiation', NULL, 0)`.execute(db);
      await sql`INSERT INTO articles (id, slug, year, month, title, summary, lead, body, authors, published, content_type, topic_id, big_idea, free)
                VALUES ('a1', 'a1', 2025, 6, 'Pricing Power', 'S', 'L', '["Budgets, budgets."]', '["Greta Hollis"]', '2025-06-01T00:00:00.000Z', 'Digital Article', 'tp', 0, 0),
                       ('a2', 'a2', 2025, 6, 'Other', 'S', 'L', '["Pricing in the body."]', '[]', '2025-06-02T00:00:00.000Z', 'Digital Article', 'tp', 0, 0)`.execute(
        db,
      );
      await sql`INSERT INTO search_terms (term, article_id, weight) VALUES ('pric', 'a1', 8)`.execute(db);

      await migrateToLatest(db);

      const index = createSearchIndex(db);
      expect(await index.size()).toBe(2);
      const hits = await index.page(['pricing'], { until: '2100-01-01T00:00:00.000Z' }, { sort: 'relevance', order: 'desc' }, 0, 10);
      // The title match first, the body match after it.
      expect(hits.map((h) => h.id)).toEqual(['a1', 'a2']);
      expect(
        (await index.page(['negociation', 'hollis'], { until: '2100-01-01T00:00:00.000Z' }, { sort: 'date', order: 'asc' }, 0, 10)).map((h) => h.id),
      ).toEqual(['a1', 'a2']);
      const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
      expect(tables.rows.map((r) => r.name)).not.toContain('search_terms');
    } finally {
      await db.destroy();
    }
  });
});
