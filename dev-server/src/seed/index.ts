/**
 * The deterministic content seed: same seed, same site. Every part draws from its own random
 * stream (see prng.ts). Only password hashes differ between runs (random salts).
 */
import type { InsertObject, Kysely } from 'kysely';
import type { Database } from '../db/database';
import { createRng } from './prng';
import { buildTopics } from './topics';
import { buildArticles } from './articles';
import { buildArchive } from './issues';
import { buildProducts, PRODUCT_CATEGORIES } from './products';
import { buildVideos } from './videos';
import { buildCharts, CHART_SUBJECTS } from './charts';
import { buildUsers } from './users';
import { buildReadingLists, pickAscendArticles, type SeedArticleRef } from './reading-lists';

export * from './demo-users';
export { articlePath } from './articles';
export { issueCode } from './issues';
export { topicSlug } from './topics';

export const DEFAULT_SEED = 'magazine-site';

export interface SeedOptions {
  seed?: string;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 100;

async function insertAll<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    if (chunk.length > 0) await db.insertInto(table).values(chunk).execute();
  }
}

export async function seedDatabase(db: Kysely<Database>, options: SeedOptions = {}): Promise<void> {
  const seed = options.seed ?? DEFAULT_SEED;
  const topics = buildTopics();
  const articles = buildArticles(createRng(seed, 'articles'), topics);
  const archive = buildArchive(createRng(seed, 'archive'));
  const products = buildProducts(createRng(seed, 'products'));
  const media = buildVideos(createRng(seed, 'videos'), articles);
  const charts = buildCharts(createRng(seed, 'charts'), articles);
  const users = await buildUsers(createRng(seed, 'users'), articles);
  const ascend = pickAscendArticles(createRng(seed, 'ascend'), articles);
  const readingLists = buildReadingLists(createRng(seed, 'reading-lists'), articles, topics.map((t) => ({ id: t.id, parent_id: t.parent_id ?? null })), ascend);

  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'topics', topics);
    await insertAll(trx, 'articles', articles.map((a) => ({ ...a, ascend: ascend.has(a.id) ? 1 : 0 })));
    await insertAll(trx, 'magazine_issues', archive.issues);
    await insertAll(
      trx,
      'archive_entries',
      archive.entries.map((e) => ({ year: e.year, position: e.position, month_label: e.monthLabel, issue_code: e.issueCode })),
    );
    await insertAll(trx, 'product_categories', PRODUCT_CATEGORIES);
    await insertAll(trx, 'products', products);
    await insertAll(trx, 'videos', media.videos);
    await insertAll(trx, 'playlists', media.playlists);
    await insertAll(trx, 'playlist_videos', media.playlistVideos);
    await insertAll(trx, 'chart_subjects', CHART_SUBJECTS);
    await insertAll(trx, 'charts', charts);
    await insertAll(trx, 'users', users.users);
    await insertAll(trx, 'user_tiers', users.tiers);
    await insertAll(trx, 'folders', users.folders);
    await insertAll(trx, 'folder_items', users.folderItems);
    await insertAll(trx, 'subscriber_records', users.subscriberRecords);
    await insertAll(trx, 'subscriptions', users.subscriptions);
    await insertAll(trx, 'sign_in_counters', users.signInCounters);
    await insertAll(trx, 'reading_lists', readingLists.lists);
    await insertAll(trx, 'reading_list_items', readingLists.items);
  });
}

/**
 * Adds the paywall's seed (Ascend articles, reading lists) to a database seeded before migration
 * 0003, drawn from the same streams as a fresh seed; answers whether it did.
 */
export async function seedPaywallIfMissing(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const seed = options.seed ?? DEFAULT_SEED;
  const lists = await db.selectFrom('reading_lists').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(lists?.n ?? 0) > 0) return false;
  const articles: SeedArticleRef[] = await db.selectFrom('articles').select(['id', 'topic_id', 'free']).orderBy('id').execute();
  if (articles.length === 0) return false;
  const topics = await db.selectFrom('topics').select(['id', 'parent_id']).execute();
  const ascend = pickAscendArticles(createRng(seed, 'ascend'), articles);
  const readingLists = buildReadingLists(createRng(seed, 'reading-lists'), articles, topics, ascend);
  await db.transaction().execute(async (trx) => {
    if (ascend.size > 0) await trx.updateTable('articles').set({ ascend: 1 }).where('id', 'in', [...ascend]).execute();
    await insertAll(trx, 'reading_lists', readingLists.lists);
    await insertAll(trx, 'reading_list_items', readingLists.items);
  });
  return true;
}

/** Seeds a database that has no content yet; answers whether it did. */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const row = await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) {
    await seedPaywallIfMissing(db, options);
    return false;
  }
  await seedDatabase(db, options);
  return true;
}
