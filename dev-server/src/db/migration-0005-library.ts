/**
 * Migration 0005, My Library (decision 013). Portable column types only (SQLite and PostgreSQL).
 *
 * - library_items replaces folder_items: a folder may hold articles, videos and charts, so the row
 *   names the content and its kind instead of referencing articles. The rows of folder_items are
 *   copied (kind 'article') and folder_items is dropped: one table says what is saved where.
 *   content_id has no foreign key (it points into one of three tables); readers join the content.
 * - folders.name_key (folderNameKey of the name: lower case, no spaces) with a unique index per
 *   member, so "unique ignoring case and spaces" holds under parallel requests too.
 * - shares (the shared history), watched (one row per member and video, re-watching moves it),
 *   article_reads (the read history: one row per member and article, the latest full read),
 *   orders and order_lines (the store writes real ones), shared_lists (share-list links: only the
 *   SHA-256 of the token, and the nonce the token is derived from with the server's key).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const libraryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('library_items')
      .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
      .addColumn('content_id', 'text', (c) => c.notNull())
      .addColumn('content_kind', 'text', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('library_items_pk', ['folder_id', 'content_id'])
      .execute();
    // A folder's items newest first (the primary key serves "is it in this folder").
    await db.schema.createIndex('library_items_folder_added_idx').on('library_items').columns(['folder_id', 'added_at']).execute();
    // "Which folders hold this item" (organize, item lists, discard).
    await db.schema.createIndex('library_items_content_idx').on('library_items').column('content_id').execute();
    await sql`INSERT INTO library_items (folder_id, content_id, content_kind, added_at)
              SELECT folder_id, article_id, 'article', saved_at FROM folder_items`.execute(db);
    await db.schema.dropTable('folder_items').execute();

    await db.schema
      .alterTable('folders')
      .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`UPDATE folders SET name_key = lower(replace(name, ' ', ''))`.execute(db);
    await db.schema.createIndex('folders_user_name_key_unique').on('folders').columns(['user_id', 'name_key']).unique().execute();

    await db.schema
      .createTable('shares')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content_id', 'text', (c) => c.notNull())
      .addColumn('content_kind', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      // JSON array of the addresses an email share went to ([] for the networks).
      .addColumn('shared_with', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shares_user_created_idx').on('shares').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('watched')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
      .addColumn('watched_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('watched_pk', ['user_id', 'video_id'])
      .execute();
    await db.schema.createIndex('watched_user_at_idx').on('watched').columns(['user_id', 'watched_at']).execute();

    await db.schema
      .createTable('article_reads')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('read_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_reads_pk', ['user_id', 'article_id'])
      .execute();
    await db.schema.createIndex('article_reads_user_at_idx').on('article_reads').columns(['user_id', 'read_at']).execute();
    // The members' metered reads so far (the meter's views of 'u:{userId}'), latest view per article.
    await sql`INSERT INTO article_reads (user_id, article_id, read_at)
              SELECT substr(v.subject_key, 3), v.article_id, max(v.first_viewed_at)
              FROM article_views v
              WHERE v.subject_key LIKE 'u:%' AND substr(v.subject_key, 3) IN (SELECT id FROM users)
              GROUP BY v.subject_key, v.article_id`.execute(db);

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'COMPLETED', 'CANCELLED', ... (SITE-04: Cancelled, else Purchased).
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      // Cents, tax included.
      .addColumn('grand_total_inc_tax', 'integer', (c) => c.notNull())
      // The subscriber account number of a subscription order, else null.
      .addColumn('account_number', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('order_lines')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      // JSON array of author names.
      .addColumn('authors', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
      .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
      .execute();

    await db.schema
      .createTable('shared_lists')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('folder_id', 'text', (c) => c.notNull().unique().references('folders.id').onDelete('cascade'))
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
