/**
 * The gated collections' seed (migration 0017; PAY-06.3): which articles only some tiers read in
 * full (shared-contracts entitlements.ts GATED_COLLECTIONS).
 *
 * - 'case-selections': 8 articles of 2023-2024, the case studies of /case-selections (PERM_CASES);
 * - 'executive-only': 2 more articles of 2023-2024 (the Executive subscriber type, SITE-06);
 * - 'top-50-articles': 50 articles of the magazine archive before 2000, one per issue, ranked
 *   (PERM_TOP_50_ARTICLES).
 *
 * Built from the database after the rest of the seed (so an older database gets the same rows), from
 * a random stream of its own. The generated picks leave out articles another part of the demo leads
 * to (free, Ascend, Big Idea, reading lists, the demo accounts' libraries, videos' links), so a reader who
 * follows those still reads as before.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { articleUrl } from '../services/content';
import { isGeneratedArticleId } from './articles';
import { DEMO_USERS } from './demo-users';
import { createRng } from './prng';

export const CASE_SELECTION_COUNT = 8;
export const EXECUTIVE_ONLY_COUNT = 2;
export const TOP_50_COUNT = 50;

type Row = { collection: string; article_id: string; position: number };

export async function buildCollectionItems(db: Kysely<Database>, seed: string): Promise<Row[]> {
  const articles = await db
    .selectFrom('articles')
    .select(['id', 'year', 'month', 'slug', 'free', 'ascend', 'big_idea', 'content_type', 'sponsor', 'issue_code'])
    .orderBy('id')
    .execute();
  const linked = new Set<string>();
  for (const r of await db.selectFrom('reading_list_items').select('article_id').execute()) linked.add(r.article_id);
  const demoLibraries = await db
    .selectFrom('library_items')
    .innerJoin('folders', 'folders.id', 'library_items.folder_id')
    .innerJoin('users', 'users.id', 'folders.user_id')
    .select('library_items.content_id')
    .where('library_items.content_kind', '=', 'article')
    .where(
      'users.email',
      'in',
      DEMO_USERS.map((u) => u.email),
    )
    .execute();
  for (const r of demoLibraries) linked.add(r.content_id);
  const urls = new Set<string>();
  for (const r of await db.selectFrom('videos').select('link_url').execute()) if (r.link_url) urls.add(r.link_url);

  const pool = articles.filter(
    (a) =>
      isGeneratedArticleId(a.id) &&
      (a.year === 2023 || a.year === 2024) &&
      a.free === 0 &&
      a.ascend === 0 &&
      a.big_idea === 0 &&
      a.sponsor === null &&
      !linked.has(a.id) &&
      !urls.has(articleUrl(a.year, a.month, a.slug)),
  );
  const rng = createRng(seed, 'gated-collections');
  const picked = rng.sample(pool, Math.min(pool.length, CASE_SELECTION_COUNT + EXECUTIVE_ONLY_COUNT));
  const cases = picked.slice(0, CASE_SELECTION_COUNT);
  const executive = picked.slice(CASE_SELECTION_COUNT);

  // One archive article per issue before 2000 (its first), fifty issues drawn at random, in rank order.
  const firstOfIssue = new Map<string, string>();
  for (const a of articles) {
    if (a.issue_code === null || a.year >= 2000 || isGeneratedArticleId(a.id) || linked.has(a.id)) continue;
    if (!firstOfIssue.has(a.issue_code)) firstOfIssue.set(a.issue_code, a.id);
  }
  const top = rng.sample([...firstOfIssue.values()], Math.min(firstOfIssue.size, TOP_50_COUNT));

  const rows = (collection: string, ids: readonly { id: string }[] | readonly string[]) =>
    ids.map((x, i) => ({ collection, article_id: typeof x === 'string' ? x : x.id, position: i + 1 }));
  return [...rows('case-selections', cases), ...rows('executive-only', executive), ...rows('top-50-articles', top)];
}

/** Inserts the gated collections. */
export async function seedCollections(db: Kysely<Database>, seed: string): Promise<void> {
  const rows = await buildCollectionItems(db, seed);
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('collection_items')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** Adds the gated collections to a database seeded before migration 0017; returns whether it did. */
export async function seedCollectionsIfMissing(db: Kysely<Database>, seed: string): Promise<boolean> {
  const have = await db
    .selectFrom('collection_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(have?.n ?? 0) > 0) return false;
  const articles = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(articles?.n ?? 0) === 0) return false;
  await seedCollections(db, seed);
  return true;
}
