/** Migration 0005 over a database of the schema before it: saves move to library_items, reads are kept. */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Database } from './database';
import { migrateToLatest, migrations } from './migrations';
import { openSqlite } from './sqlite';

async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

describe('migration 0005_library', () => {
  it('copies folder_items into library_items, keys folder names and keeps the members’ metered reads', async () => {
    const db = openSqlite(':memory:');
    try {
      await migrateTo(db, '0004_discovery');
      const at = '2025-06-01T10:00:00.000Z';
      await sql`INSERT INTO topics (id, name, slug, parent_id, position) VALUES ('tp', 'Topic', 'topic', NULL, 0)`.execute(db);
      for (const id of ['a1', 'a2']) {
        await sql`INSERT INTO articles (id, slug, year, month, title, summary, lead, body, authors, published, content_type, topic_id, big_idea, free)
                  VALUES (${id}, ${id}, 2025, 6, 'T', 'S', 'L', '[]', '[]', ${at}, 'Digital Article', 'tp', 0, 0)`.execute(db);
      }
      await sql`INSERT INTO users (id, guid, email, first_name, last_name, display_name, password_hash, status, created_at, updated_at)
                VALUES ('u1', 'g1', 'm@example.org', 'M', 'N', 'M N', 'x', 'registered', ${at}, ${at})`.execute(db);
      await sql`INSERT INTO folders (id, user_id, name, description, slug, read_only, position, created_at)
                VALUES ('f1', 'u1', 'My Library', '', 'my-library', 1, 0, ${at}), ('f2', 'u1', 'Team  Offsite', '', 'team-offsite', 0, 1, ${at})`.execute(db);
      await sql`INSERT INTO folder_items (folder_id, article_id, saved_at) VALUES ('f1', 'a1', ${at}), ('f1', 'a2', ${at}), ('f2', 'a1', ${at})`.execute(db);
      await sql`INSERT INTO article_views (subject_key, article_id, kind, period, first_viewed_at) VALUES
                ('u:u1', 'a1', 'article', '2025-05', '2025-05-03T00:00:00.000Z'),
                ('u:u1', 'a1', 'article', '2025-06', '2025-06-02T00:00:00.000Z'),
                ('u:gone', 'a2', 'article', '2025-06', '2025-06-02T00:00:00.000Z'),
                ('d:device', 'a2', 'article', '2025-06', '2025-06-02T00:00:00.000Z')`.execute(db);

      await migrateToLatest(db);

      expect(await db.selectFrom('library_items').selectAll().orderBy('folder_id').orderBy('content_id').execute()).toEqual([
        { folder_id: 'f1', content_id: 'a1', content_kind: 'article', added_at: at },
        { folder_id: 'f1', content_id: 'a2', content_kind: 'article', added_at: at },
        { folder_id: 'f2', content_id: 'a1', content_kind: 'article', added_at: at },
      ]);
      const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
      expect(tables.rows.map((r) => r.name)).not.toContain('folder_items');
      expect(await db.selectFrom('folders').select(['id', 'name_key']).orderBy('id').execute()).toEqual([
        { id: 'f1', name_key: 'mylibrary' },
        { id: 'f2', name_key: 'teamoffsite' },
      ]);
      expect(await db.selectFrom('article_reads').selectAll().execute()).toEqual([{ user_id: 'u1', article_id: 'a1', read_at: '2025-06-02T00:00:00.000Z' }]);
      // The name key is unique per member.
      await expect(
        db
          .insertInto('folders')
          .values({
            id: 'f3',
            user_id: 'u1',
            name: 'teamoffsite',
            name_key: 'teamoffsite',
            description: '',
            slug: 'x',
            read_only: 0,
            position: 2,
            created_at: at,
          })
          .execute(),
        // (Not toThrow: better-sqlite3's error class comes from the first test file of the worker.)
      ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
      // Deleting a folder takes its rows with it.
      await db.deleteFrom('folders').where('id', '=', 'f2').execute();
      expect(await db.selectFrom('library_items').select('folder_id').where('folder_id', '=', 'f2').execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
