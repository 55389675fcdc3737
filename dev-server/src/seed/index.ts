/**
 * The deterministic content seed: same seed, same site. Every part draws from its own random
 * stream (see prng.ts). Only password hashes differ between runs (random salts).
 */
import type { InsertObject, Insertable, Kysely } from 'kysely';
import type { Database, NewArticle, NewTopic, NewsletterTable } from '../db/database';
import { createRng } from './prng';
import { buildTopics } from './topics';
import { buildArticles, isGeneratedArticleId } from './articles';
import { buildCatalogueArticles, CATALOGUE_BLOCK } from './catalogue';
import { buildArchive, type IssueSeed } from './issues';
import { buildArchiveArticles, buildIssueSummaries, buildSponsoredReports, issueCodesFor, NEWSLETTERS, SUBSCRIBER_ONLY_TOPIC_IDS } from './discovery';
import { buildProducts, buildStoreExtras, PRODUCT_CATEGORIES, PROMO_CODES } from './products';
import { buildVideos, PLAYLIST_MIN_VIDEOS } from './videos';
import { clipOfIndex, videoSourcePath } from '../services/video-clips';
import { buildCharts, buildCollections, buildExtraCharts, CHART_SUBJECTS } from './charts';
import { buildUsers } from './users';
import { seedLibrary } from './library';
import { buildReadingLists, pickAscendArticles, type SeedArticleRef } from './reading-lists';
import { seedCollections, seedCollectionsIfMissing } from './collections';
import { seedOperatorsIfMissing } from './operators';

export * from './demo-users';
export { DEMO_OPERATOR, OPERATOR_ROLE } from './operators';
export { articlePath } from './articles';
export { issueCode } from './issues';
export { topicSlug } from './topics';

export const DEFAULT_SEED = 'magazine-site';

export interface SeedOptions {
  seed?: string;
  /**
   * SEED_ARTICLES: how many articles the site should hold at least; catalogue articles
   * (seed/catalogue.ts) top the seed up to it. Unset: the seed's own articles only.
   */
  articles?: number;
}

/** Catalogue rows per INSERT: 16 columns, far under SQLite's 32 766 and PostgreSQL's 65 535 parameters. */
const CATALOGUE_CHUNK = 500;

/**
 * Tops the articles up to `options.articles` with catalogue articles (the search index follows by
 * its triggers), one transaction, a block of rows built at a time; returns how many it added.
 */
export async function seedCatalogue(db: Kysely<Database>, options: SeedOptions = {}): Promise<number> {
  const target = options.articles ?? 0;
  if (target <= 0) return 0;
  const count = async (catalogueOnly: boolean) => {
    let query = db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n'));
    if (catalogueOnly) query = query.where('id', 'like', 'c%');
    return Number((await query.executeTakeFirst())?.n ?? 0);
  };
  const missing = target - (await count(false));
  if (missing <= 0) return 0;
  const from = await count(true);
  const topics = await db.selectFrom('topics').select(['id', 'name', 'parent_id']).orderBy('position').execute();
  const seed = options.seed ?? DEFAULT_SEED;
  await db.transaction().execute(async (trx) => {
    for (let start = from; start < from + missing; start += CATALOGUE_BLOCK) {
      const rows = buildCatalogueArticles(seed, topics, start, Math.min(from + missing, start + CATALOGUE_BLOCK));
      await insertAll(trx, 'articles', rows, CATALOGUE_CHUNK);
    }
  });
  return missing;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 100;
async function insertAll<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly InsertObject<Database, T>[],
  chunkSize = CHUNK,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize);
    if (chunk.length > 0) await db.insertInto(table).values(chunk).execute();
  }
}

/** What the discovery seed adds (seed/discovery.ts), built from the content it extends. */
interface DiscoverySeed {
  /** Sponsored reports and archive articles (issue_code set on the archive ones). */
  articles: NewArticle[];
  /** Magazine article id -> issue code, for the generated articles. */
  issueCodes: Map<string, string>;
  summaries: Map<string, string>;
  newsletters: readonly Insertable<NewsletterTable>[];
}

type BaseArticle = Pick<NewArticle, 'id' | 'year' | 'month' | 'slug' | 'content_type' | 'title' | 'summary' | 'lead' | 'body' | 'authors' | 'topic_id'>;

function buildDiscovery(
  seed: string,
  topics: readonly Pick<NewTopic, 'id' | 'name' | 'parent_id'>[],
  base: readonly BaseArticle[],
  issues: readonly IssueSeed[],
): DiscoverySeed {
  const sponsored = buildSponsoredReports(createRng(seed, 'sponsored'), topics, base);
  const issueCodes = issueCodesFor(base, issues);
  const issueSizes = new Map<string, number>();
  for (const code of issueCodes.values()) issueSizes.set(code, (issueSizes.get(code) ?? 0) + 1);
  const issueTitles = new Map<string, string[]>();
  for (const a of base) {
    const code = issueCodes.get(a.id);
    if (code) issueTitles.set(code, [...(issueTitles.get(code) ?? []), a.title]);
  }
  const archiveArticles = buildArchiveArticles(
    createRng(seed, 'archive-articles'),
    topics,
    issues,
    [...base, ...sponsored],
    issueSizes,
    issueTitles,
    createRng(seed, 'archive-article-titles'),
  );
  return {
    articles: [...sponsored, ...archiveArticles],
    issueCodes,
    summaries: buildIssueSummaries(createRng(seed, 'issue-summaries'), issues),
    newsletters: NEWSLETTERS,
  };
}

export async function seedDatabase(db: Kysely<Database>, options: SeedOptions = {}): Promise<void> {
  const seed = options.seed ?? DEFAULT_SEED;
  const topics = buildTopics();
  const articles = buildArticles(createRng(seed, 'articles'), topics);
  // Password hashing (scrypt) runs on libuv's thread pool: start it, build the rest meanwhile.
  const pendingUsers = buildUsers(createRng(seed, 'users'), articles);
  const archive = buildArchive(createRng(seed, 'archive'));
  const products = buildProducts(createRng(seed, 'products'), createRng(seed, 'products-editions'));
  const media = buildVideos(createRng(seed, 'videos'), articles);
  const charts = buildCharts(createRng(seed, 'charts'), articles);
  const ascend = pickAscendArticles(createRng(seed, 'ascend'), articles);
  const readingLists = buildReadingLists(
    createRng(seed, 'reading-lists'),
    articles,
    topics.map((t) => ({ id: t.id, parent_id: t.parent_id ?? null })),
    ascend,
  );
  const discovery = buildDiscovery(seed, topics, articles, archive.issues);
  const users = await pendingUsers;

  await db.transaction().execute(async (trx) => {
    await insertAll(
      trx,
      'topics',
      topics.map((t) => ({ ...t, subscriber_only: SUBSCRIBER_ONLY_TOPIC_IDS.includes(t.id) ? 1 : 0 })),
    );
    await insertAll(
      trx,
      'magazine_issues',
      archive.issues.map((i) => ({ ...i, summary: discovery.summaries.get(i.code) ?? '' })),
    );
    await insertAll(
      trx,
      'archive_entries',
      archive.entries.map((e) => ({ year: e.year, position: e.position, month_label: e.monthLabel, issue_code: e.issueCode })),
    );
    await insertAll(
      trx,
      'articles',
      articles.map((a) => ({ ...a, ascend: ascend.has(a.id) ? 1 : 0, issue_code: discovery.issueCodes.get(a.id) ?? null })),
    );
    await insertAll(trx, 'articles', discovery.articles);
    await insertAll(trx, 'newsletters', discovery.newsletters);
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
    await insertAll(trx, 'library_items', users.libraryItems);
    await insertAll(trx, 'subscriber_records', users.subscriberRecords);
    await insertAll(trx, 'subscriptions', users.subscriptions);
    await insertAll(trx, 'sign_in_counters', users.signInCounters);
    await insertAll(trx, 'reading_lists', readingLists.lists);
    await insertAll(trx, 'reading_list_items', readingLists.items);
  });
  await seedStore(db, seed);
  await seedLibrary(db, seed);
  // After the library seed, whose picks come from the first charts only.
  await seedVisual(db, seed);
  // Last: the gated collections leave out what the rest of the seed links to (seed/collections.ts).
  await seedCollections(db, seed);
  // The staff accounts (the operator of /operations), apart from the readers.
  await seedOperatorsIfMissing(db);
  // Last: the rest of the seed is the same whatever the catalogue's size.
  await seedCatalogue(db, options);
}

/**
 * The visual library's rows (migration 0008) built from what is in the database: the extra charts
 * (parents drawn from the generated articles, stream 'charts-extra') and the collections. Same rows
 * for a fresh seed and an upgraded database.
 */
async function seedVisual(db: Kysely<Database>, seed: string): Promise<void> {
  const rows = await db.selectFrom('articles').select(['id', 'title', 'year', 'month', 'slug']).orderBy('id').execute();
  const parents = rows.filter((a) => isGeneratedArticleId(a.id));
  if (parents.length === 0) return;
  const extra = buildExtraCharts(createRng(seed, 'charts-extra'), parents);
  await db.transaction().execute(async (trx) => {
    const have = new Set((await trx.selectFrom('charts').select('id').execute()).map((c) => c.id));
    await insertAll(
      trx,
      'charts',
      extra.filter((c) => !have.has(c.id)),
    );
    const charts = await trx.selectFrom('charts').select(['id', 'subject_id']).execute();
    await insertAll(trx, 'chart_collections', buildCollections(charts));
  });
}

/**
 * Adds the visual library's seed (extra charts, collections) to a database seeded before migration
 * 0008; returns whether it did.
 */
export async function seedVisualIfMissing(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const collections = await db
    .selectFrom('chart_collections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(collections?.n ?? 0) > 0) return false;
  const charts = await db
    .selectFrom('charts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(charts?.n ?? 0) === 0) return false;
  await seedVisual(db, options.seed ?? DEFAULT_SEED);
  return true;
}

/**
 * The store's rows built from what is in the database (migration 0006): article reprints, 'Better
 * Together' pairs and the promo codes. Same rows for a fresh seed and an upgraded database.
 */
async function seedStore(db: Kysely<Database>, seed: string): Promise<void> {
  const articles = await db.selectFrom('articles').select(['id', 'title', 'slug', 'year', 'content_type', 'authors']).orderBy('id').execute();
  const catalogue = await db
    .selectFrom('products')
    .select(['id', 'sku', 'group_id', 'category_slug', 'kind', 'availability_status', 'position'])
    .where('article_id', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const last = catalogue[catalogue.length - 1];
  const extras = buildStoreExtras(createRng(seed, 'store'), articles, catalogue, (last?.position ?? 0) + 1);
  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'products', extras.reprints);
    await insertAll(trx, 'better_together', extras.pairs);
    await insertAll(trx, 'promo_codes', PROMO_CODES);
  });
}

/**
 * Brings a database seeded before migration 0006 up to the store seed (returns whether it did): the
 * catalogue rows get their groups, prices in cents, kinds, authors and listing flags, the new
 * availabilities are added (same streams as a fresh seed), then seedStore's rows.
 */
export async function seedStoreIfMissing(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const seed = options.seed ?? DEFAULT_SEED;
  const promos = await db
    .selectFrom('promo_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(promos?.n ?? 0) > 0) return false;
  const existing = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) === 0) return false;
  const products = buildProducts(createRng(seed, 'products'), createRng(seed, 'products-editions'));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('product_categories')
      .values(PRODUCT_CATEGORIES)
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    for (let i = 0; i < products.length; i += CHUNK) {
      await trx
        .insertInto('products')
        .values(products.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            group_id: eb.ref('excluded.group_id'),
            price_cents: eb.ref('excluded.price_cents'),
            kind: eb.ref('excluded.kind'),
            authors: eb.ref('excluded.authors'),
            listed: eb.ref('excluded.listed'),
            language: eb.ref('excluded.language'),
          })),
        )
        .execute();
    }
  });
  await seedStore(db, seed);
  return true;
}

/**
 * Adds the paywall's seed (Ascend articles, reading lists) to a database seeded before migration
 * 0003, drawn from the same streams as a fresh seed; returns whether it did.
 */
export async function seedPaywallIfMissing(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const seed = options.seed ?? DEFAULT_SEED;
  const lists = await db
    .selectFrom('reading_lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(lists?.n ?? 0) > 0) return false;
  // Only the generated articles (never the sponsored reports or issue articles of migration 0004).
  const rows: SeedArticleRef[] = await db.selectFrom('articles').select(['id', 'topic_id', 'free']).orderBy('id').execute();
  const articles = rows.filter((a) => isGeneratedArticleId(a.id));
  if (articles.length === 0) return false;
  const topics = await db.selectFrom('topics').select(['id', 'parent_id']).execute();
  const ascend = pickAscendArticles(createRng(seed, 'ascend'), articles);
  const readingLists = buildReadingLists(createRng(seed, 'reading-lists'), articles, topics, ascend);
  await db.transaction().execute(async (trx) => {
    if (ascend.size > 0)
      await trx
        .updateTable('articles')
        .set({ ascend: 1 })
        .where('id', 'in', [...ascend])
        .execute();
    await insertAll(trx, 'reading_lists', readingLists.lists);
    await insertAll(trx, 'reading_list_items', readingLists.items);
  });
  return true;
}

/**
 * Adds the discovery seed (subscriber-limited topics, sponsored reports, issue membership, archive
 * articles, issue summaries, newsletters) to a database seeded before migration
 * 0004, drawn from the same streams as a fresh seed; returns whether it did.
 */
export async function seedDiscoveryIfMissing(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const seed = options.seed ?? DEFAULT_SEED;
  const newsletters = await db
    .selectFrom('newsletters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(newsletters?.n ?? 0) > 0) return false;
  const rows: BaseArticle[] = await db
    .selectFrom('articles')
    .select(['id', 'year', 'month', 'slug', 'content_type', 'title', 'summary', 'lead', 'body', 'authors', 'topic_id'])
    .orderBy('id')
    .execute();
  const base = rows.filter((a) => isGeneratedArticleId(a.id));
  if (base.length === 0) return false;
  const topics = await db.selectFrom('topics').select(['id', 'name', 'parent_id']).orderBy('position').execute();
  const issues: IssueSeed[] = await db.selectFrom('magazine_issues').select(['code', 'year', 'number', 'label']).orderBy('year').orderBy('number').execute();
  const discovery = buildDiscovery(seed, topics, base, issues);
  const byCode = new Map<string, string[]>();
  for (const [id, code] of discovery.issueCodes) byCode.set(code, [...(byCode.get(code) ?? []), id]);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('topics')
      .set({ subscriber_only: 1 })
      .where('id', 'in', [...SUBSCRIBER_ONLY_TOPIC_IDS])
      .execute();
    for (const [code, summary] of discovery.summaries) {
      await trx.updateTable('magazine_issues').set({ summary }).where('code', '=', code).execute();
    }
    for (const [code, ids] of byCode) await trx.updateTable('articles').set({ issue_code: code }).where('id', 'in', ids).execute();
    await insertAll(trx, 'articles', discovery.articles);
    await insertAll(trx, 'newsletters', discovery.newsletters);
  });
  return true;
}

/**
 * Adds My Library's seed (orders, the subscriber's Gifts folder, saved video and chart, watched
 * videos, a share) to a database seeded before migration 0005 (whose saves the migration moved to
 * library_items); returns whether it did.
 */
export async function seedLibraryIfMissing(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const orders = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(orders?.n ?? 0) > 0) return false;
  return seedLibrary(db, options.seed ?? DEFAULT_SEED);
}

/**
 * Brings the videos of a database seeded before migration 0007 to the clips (returns whether it
 * did): each video gets the source, clip and duration a fresh seed gives it (the same stream picks
 * the same ids; a video the stream does not know takes its clip by its place in id order), and a
 * playlist with fewer than PLAYLIST_MIN_VIDEOS is topped up with the newest videos it lacks.
 */
export async function seedVideosIfOutdated(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const seed = options.seed ?? DEFAULT_SEED;
  const rows = await db.selectFrom('videos').select(['id', 'src', 'clip', 'duration']).orderBy('id').execute();
  if (!rows.some((r) => r.src !== videoSourcePath(r.id))) return false;
  const built = buildVideos(createRng(seed, 'videos'), buildArticles(createRng(seed, 'articles'), buildTopics())).videos;
  const builtIndex = new Map(built.map((v, i) => [v.id, i]));
  await db.transaction().execute(async (trx) => {
    for (const [order, row] of rows.entries()) {
      const clip = clipOfIndex(builtIndex.get(row.id) ?? order);
      await trx
        .updateTable('videos')
        .set({ src: videoSourcePath(row.id), clip: clip.clip, duration: clip.seconds })
        .where('id', '=', row.id)
        .execute();
    }
    const newest = await trx.selectFrom('videos').select('id').orderBy('pubdate', 'desc').orderBy('id', 'desc').execute();
    const playlists = await trx.selectFrom('playlists').select('id').execute();
    for (const { id: playlistId } of playlists) {
      const members = await trx.selectFrom('playlist_videos').select(['video_id', 'position']).where('playlist_id', '=', playlistId).execute();
      const have = new Set(members.map((m) => m.video_id));
      let position = members.reduce((max, m) => Math.max(max, m.position + 1), 0);
      for (const { id: videoId } of newest) {
        if (have.size >= PLAYLIST_MIN_VIDEOS) break;
        if (have.has(videoId)) continue;
        await trx.insertInto('playlist_videos').values({ playlist_id: playlistId, video_id: videoId, position: position++ }).execute();
        have.add(videoId);
      }
    }
  });
  return true;
}

/** Seeds a database that has no content yet; returns whether it did. */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const row = await db
    .selectFrom('topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) {
    await seedPaywallIfMissing(db, options);
    await seedDiscoveryIfMissing(db, options);
    // Before the library seed: its orders pick from the listed catalogue.
    await seedStoreIfMissing(db, options);
    await seedLibraryIfMissing(db, options);
    await seedVideosIfOutdated(db, options);
    await seedVisualIfMissing(db, options);
    await seedCollectionsIfMissing(db, options.seed ?? DEFAULT_SEED);
    await seedOperatorsIfMissing(db);
    await seedCatalogue(db, options);
    return false;
  }
  await seedDatabase(db, options);
  return true;
}
