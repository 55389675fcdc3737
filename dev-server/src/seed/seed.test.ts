import { ArticleContentTypeSchema } from 'shared-contracts/server';
import { createSearchIndex } from '../repositories/search-index';
import { queryWords } from '../services/search-text';
import { closeDatabase, seededDatabase } from '../test/harness';
import { DEFAULT_SEED, seedCatalogue, seedDiscoveryIfMissing, seedLibraryIfMissing, seedPaywallIfMissing, seedStoreIfMissing, seedVideosIfOutdated } from '.';
import { buildCatalogueArticles, isCatalogueArticleId } from './catalogue';
import { isGeneratedArticleId } from './articles';
import { buildArchiveArticles, monthsOfLabel, NEWSLETTERS, SUBSCRIBER_ONLY_TOPICS } from './discovery';
import { buildArchive, issueCode } from './issues';
import { createRng } from './prng';
import { DEMO_OPERATOR, OPERATOR_ROLE } from './operators';
import { DEMO_LOCKING, DEMO_READER, DEMO_RESTRICTED, DEMO_SUBSCRIBER, DEMO_SUBSCRIBER_RECORDS, DEMO_USERS } from './demo-users';

async function snapshot(seed?: string) {
  const db = await seededDatabase(seed);
  try {
    const articles = await db.selectFrom('articles').select(['id', 'title', 'slug', 'published']).orderBy('id').execute();
    const products = await db.selectFrom('products').select(['sku', 'title']).orderBy('sku').execute();
    const videos = await db.selectFrom('videos').select(['id', 'name']).orderBy('id').execute();
    const charts = await db.selectFrom('charts').select(['id', 'title', 'data']).orderBy('id').execute();
    const folders = await db.selectFrom('folders').select(['id', 'name']).orderBy('id').execute();
    return { articles, products, videos, charts, folders };
  } finally {
    await db.destroy();
  }
}

describe('content seed', () => {
  it('builds the same site from the same seed', async () => {
    const a = await snapshot();
    const b = await snapshot();
    expect(b.articles.map((x) => x.title)).toEqual(a.articles.map((x) => x.title));
    expect(b).toEqual(a);
  });

  it('builds a different site from another seed', async () => {
    const a = await snapshot();
    const other = await snapshot('another-seed');
    expect(other.articles.map((x) => x.title)).not.toEqual(a.articles.map((x) => x.title));
  });

  it('has about 120 articles from 2023 to mid-2025, with 6-10 paragraphs and 1-2 authors, some free', async () => {
    const db = await seededDatabase();
    try {
      // The generated articles; sponsored reports and issue articles (migration 0004) have their own tests.
      const rows = (await db.selectFrom('articles').selectAll().execute()).filter((r) => isGeneratedArticleId(r.id));
      expect(rows.length).toBeGreaterThanOrEqual(100);
      expect(rows.length).toBeLessThanOrEqual(140);
      for (const r of rows) {
        expect(r.year).toBeGreaterThanOrEqual(2023);
        expect(r.year).toBeLessThanOrEqual(2025);
        expect(r.published.slice(0, 7)).toBe(`${r.year}-${String(r.month).padStart(2, '0')}`);
        const body: unknown = JSON.parse(r.body);
        expect(Array.isArray(body) && body.length >= 6 && body.length <= 10).toBe(true);
        const authors: unknown = JSON.parse(r.authors);
        expect(Array.isArray(authors) && authors.length >= 1 && authors.length <= 2).toBe(true);
        ArticleContentTypeSchema.parse(r.content_type);
      }
      const free = rows.filter((r) => r.free === 1).length;
      expect(free).toBeGreaterThan(0);
      expect(free).toBeLessThan(rows.length * 0.25);
      expect(new Set(rows.map((r) => r.content_type))).toEqual(new Set(['Magazine Article', 'Digital Article']));
    } finally {
      await db.destroy();
    }
  });

  it('seeds one demo account of each kind and the operator, passwords hashed', async () => {
    const db = await seededDatabase();
    try {
      const users = await db.selectFrom('users').select(['email', 'status', 'password_hash', 'restricted']).orderBy('email').execute();
      const accounts = [...DEMO_USERS, { email: DEMO_OPERATOR.email, status: 'registered' }];
      expect(users.map((u) => [u.email, u.status])).toEqual(accounts.sort((a, b) => a.email.localeCompare(b.email)).map((d) => [d.email, d.status]));
      // The operator's role is a staff role, not a subscription tier.
      expect(await db.selectFrom('user_roles').select(['user_id', 'role']).execute()).toEqual([{ user_id: DEMO_OPERATOR.id, role: OPERATOR_ROLE }]);
      expect(await db.selectFrom('user_tiers').select('role_code').where('user_id', '=', DEMO_OPERATOR.id).execute()).toEqual([]);
      expect(users.map((u) => u.email)).toEqual(expect.arrayContaining([DEMO_READER.email, DEMO_SUBSCRIBER.email]));
      expect(users.filter((u) => u.restricted === 1).map((u) => u.email)).toEqual([DEMO_RESTRICTED.email]);
      for (const u of users) expect(u.password_hash).not.toContain(DEMO_READER.password);
    } finally {
      await db.destroy();
    }
  });

  it('links each demo subscriber to a lookup record and keeps records without a web account', async () => {
    const db = await seededDatabase();
    try {
      const records = await db.selectFrom('subscriber_records').selectAll().orderBy('id').execute();
      const subscribers = DEMO_USERS.filter((u) => u.status === 'subscriber');
      expect(
        records
          .filter((r) => r.linked_user_id !== null)
          .map((r) => r.email)
          .sort(),
      ).toEqual(subscribers.map((u) => u.email).sort());
      expect(records.filter((r) => r.linked_user_id === null).map((r) => r.email)).toEqual(DEMO_SUBSCRIBER_RECORDS.map((r) => r.email));
      const counter = await db.selectFrom('sign_in_counters').selectAll().execute();
      expect(counter).toEqual([expect.objectContaining({ email_key: DEMO_LOCKING.email, failures: 4, locked_until: null })]);
    } finally {
      await db.destroy();
    }
  });
});

describe('archive builder', () => {
  const { issues, entries } = buildArchive(createRng('magazine-site', 'archive'));
  const BI_MONTHLY = ['January-February', 'March-April', 'May-June', 'July-August', 'September-October', 'November-December'];

  it('leaves some gaps in old years but never drops the first issue of a year', () => {
    const before1980 = issues.filter((i) => i.year < 1980);
    expect(before1980.length).toBeLessThan(24 * 6);
    for (let y = 1956; y <= 2025; y++) expect(issues.some((i) => i.year === y && i.number === 1)).toBe(true);
  });

  it('follows the rules of its period, year by year from 1956 to 2025', () => {
    for (let year = 1956; year <= 2025; year++) {
      const ofYear = issues.filter((i) => i.year === year);
      const labels = ofYear.map((i) => i.label);
      const months = entries.filter((e) => e.year === year);
      expect(months.map((e) => e.position)).toEqual(months.map((_, i) => i));
      // Codes: BR + yy + two-digit number from 2000; '3' + yy + number (four digits) before.
      for (const issue of ofYear) {
        expect(issue.code).toBe(issueCode(year, issue.number));
        expect(issue.code).toMatch(year >= 2000 ? /^BR\d{4}$/ : /^3\d{3}$/);
      }
      if (year === 2025) {
        expect(labels).toEqual(BI_MONTHLY.slice(0, 3));
      } else if (year >= 2017) {
        expect(labels).toEqual(BI_MONTHLY);
        expect(ofYear.map((i) => i.code)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `BR${String(year).slice(2)}0${n}`));
      } else if (year >= 2000) {
        // Single months mixed with combined ones.
        expect(labels.some((l) => l.includes('-'))).toBe(true);
        expect(labels.some((l) => !l.includes('-'))).toBe(true);
        expect(labels).toContain('July-August');
        expect(labels[0]).toBe(year >= 2010 ? 'January-February' : 'January');
        const july = months.filter((e) => e.monthLabel === 'July' || e.monthLabel === 'August');
        if (year >= 2004 && year <= 2009) {
          // July and August listed apart, both pointing to the July issue.
          expect(july.map((e) => e.monthLabel)).toEqual(['July', 'August']);
          expect(new Set(july.map((e) => e.issueCode))).toEqual(new Set([ofYear.find((i) => i.label === 'July-August')!.code]));
        } else {
          expect(july).toEqual([]);
          expect(months.map((e) => e.monthLabel)).toEqual(labels);
        }
      } else {
        // Bi-monthly; some years before 1980 miss one issue (never the first).
        expect(labels.every((l) => BI_MONTHLY.includes(l))).toBe(true);
        expect(labels[0]).toBe('January-February');
        if (year >= 1980) expect(labels).toEqual(BI_MONTHLY);
        else expect(labels.length).toBeGreaterThanOrEqual(5);
      }
    }
    expect(issues.find((i) => i.year === 1999 && i.label === 'January-February')?.code).toBe('3991');
    expect(issues.filter((i) => i.year < 1980).some((i, _, all) => all.filter((x) => x.year === i.year).length === 5)).toBe(true);
  });
});

describe('discovery seed', () => {
  let db: Awaited<ReturnType<typeof seededDatabase>>;
  beforeAll(async () => {
    db = await seededDatabase();
  });
  afterAll(() => db.destroy());

  it('marks three subtopics subscriber-limited', async () => {
    const rows = await db.selectFrom('topics').select(['name', 'parent_id']).where('subscriber_only', '=', 1).orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual([...SUBSCRIBER_ONLY_TOPICS].sort());
    expect(rows.every((r) => r.parent_id !== null)).toBe(true);
  });

  it('adds 8 sponsored reports among the generated months, each with a sponsor', async () => {
    const rows = await db.selectFrom('articles').selectAll().where('sponsor', 'is not', null).execute();
    expect(rows).toHaveLength(8);
    for (const r of rows) {
      expect(r.published >= '2023-01-01' && r.published < '2025-07-01').toBe(true);
      expect(r.content_type).toBe('Digital Article');
      expect(r.issue_code).toBeNull();
      expect(r.summary).toContain(`sponsored by ${r.sponsor}`);
    }
  });

  it('gives every issue a table of contents of at least three magazine articles', async () => {
    const issues = await db.selectFrom('magazine_issues').selectAll().execute();
    const articles = await db
      .selectFrom('articles')
      .select(['id', 'issue_code', 'content_type', 'year', 'month', 'published', 'body', 'title', 'lead'])
      .execute();
    const byIssue = new Map<string, typeof articles>();
    for (const a of articles) if (a.issue_code) byIssue.set(a.issue_code, [...(byIssue.get(a.issue_code) ?? []), a]);
    for (const issue of issues) {
      const toc = byIssue.get(issue.code) ?? [];
      expect(toc.length).toBeGreaterThanOrEqual(3);
      expect(issue.summary.length).toBeGreaterThan(20);
      for (const a of toc) {
        expect(a.content_type).toBe('Magazine Article');
        expect(a.year).toBe(issue.year);
        expect(monthsOfLabel(issue.label)).toContain(a.month);
        if (!isGeneratedArticleId(a.id)) {
          // Issue articles: published on the first day of the issue, a lead and 2-3 paragraphs.
          expect(a.published.slice(0, 10)).toBe(`${issue.year}-${String(monthsOfLabel(issue.label)[0]).padStart(2, '0')}-01`);
          expect((JSON.parse(a.body) as string[]).length).toBeGreaterThanOrEqual(2);
          expect((JSON.parse(a.body) as string[]).length).toBeLessThanOrEqual(3);
          expect(a.title.length).toBeGreaterThan(0);
          expect(a.lead.length).toBeGreaterThan(0);
        }
      }
    }
    // Every generated magazine article belongs to the issue of its month.
    const generated = articles.filter((a) => isGeneratedArticleId(a.id) && a.content_type === 'Magazine Article');
    expect(generated.length).toBeGreaterThan(20);
    expect(generated.every((a) => a.issue_code === `BR${String(a.year).slice(2)}0${Math.ceil(a.month / 2)}`)).toBe(true);
    expect(articles.filter((a) => a.content_type === 'Digital Article').every((a) => a.issue_code === null)).toBe(true);
  });

  it('never lists one title twice in an issue (April 2010 listed two the same)', async () => {
    const rows = await db.selectFrom('articles').select(['issue_code', 'title']).where('issue_code', 'is not', null).execute();
    const byIssue = new Map<string, string[]>();
    for (const r of rows) if (r.issue_code) byIssue.set(r.issue_code, [...(byIssue.get(r.issue_code) ?? []), r.title]);
    const repeated = [...byIssue].filter(([, titles]) => new Set(titles).size !== titles.length);
    expect(repeated).toEqual([]);
    expect(byIssue.get('BR1003')).toHaveLength(3);
  });

  it('draws a clashing issue title again from its own stream, leaving every other article as it was', () => {
    const topics = [
      { id: 'p', name: 'Strategy', parent_id: null },
      { id: 'c', name: 'Pricing', parent_id: 'p' },
    ];
    const issues = [
      { code: 'BR1003', year: 2010, number: 3, label: 'April' },
      { code: 'BR1004', year: 2010, number: 4, label: 'May' },
    ];
    const build = (issueTitles?: Map<string, string[]>) =>
      buildArchiveArticles(createRng('t', 'a'), topics, issues, [], new Map(), issueTitles, createRng('t', 'retry'));
    const plain = build();
    const first = plain[0]?.title ?? '';
    const clashing = build(new Map([['BR1003', [first]]]));
    expect(clashing.map((a) => a.id)).toEqual(plain.map((a) => a.id));
    expect(clashing[0]?.title).not.toBe(first);
    expect(clashing[0]?.slug).not.toBe(plain[0]?.slug);
    // Same draws for the rest: only the clashing title changed.
    expect(clashing.slice(1).map((a) => a.title)).toEqual(plain.slice(1).map((a) => a.title));
    expect(clashing.map((a) => a.authors)).toEqual(plain.map((a) => a.authors));
    for (const code of ['BR1003', 'BR1004']) {
      const titles = clashing.filter((a) => a.issue_code === code).map((a) => a.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
    // Deterministic: the same inputs give the same titles.
    expect(build(new Map([['BR1003', [first]]]))).toEqual(clashing);
  });

  it('lists six newsletters (two for subscribers) and three marketing campaigns', async () => {
    const rows = await db.selectFrom('newsletters').selectAll().orderBy('position').execute();
    expect(rows).toEqual(NEWSLETTERS);
    expect(rows.filter((r) => r.kind === 'newsletter')).toHaveLength(6);
    expect(rows.filter((r) => r.kind === 'newsletter' && r.subscriber_only === 1)).toHaveLength(2);
    expect(rows.filter((r) => r.kind === 'marketingCampaign')).toHaveLength(3);
  });

  it('indexes every article: a search for its title finds it first', async () => {
    const index = createSearchIndex(db);
    const all = await db.selectFrom('articles').select('id').execute();
    expect(await index.size()).toBe(all.length);
    const sample = await db.selectFrom('articles').select(['id', 'title']).where('id', '=', 'a20250604').executeTakeFirstOrThrow();
    expect(sample.title).toBe('The Unexpected Power of Slowing Down');
    const until = '2100-01-01T00:00:00.000Z';
    const top = await index.page(queryWords(sample.title), { until }, { sort: 'relevance', order: 'desc' }, 0, 5);
    expect(top.map((h) => h.id)).toContain(sample.id);
    for (const hit of top.slice(0, 2)) expect(hit.title).toMatch(/unexpected power of slowing down/i);
    // The stemmer meets the forms of a word: 'unexpected slowed powers' finds it too.
    const forms = await index.page(['unexpected', 'slowed', 'powers'], { until }, { sort: 'relevance', order: 'desc' }, 0, 20);
    expect(forms.map((h) => h.id)).toContain(sample.id);
  });

  it('adds the same discovery content to a database seeded before it', async () => {
    const fresh = await seededDatabase();
    const old = await seededDatabase();
    try {
      await old.deleteFrom('newsletters').execute();
      const extra = (await old.selectFrom('articles').select('id').execute()).map((r) => r.id).filter((id) => !isGeneratedArticleId(id));
      await old.deleteFrom('articles').where('id', 'in', extra).execute();
      await old.updateTable('articles').set({ issue_code: null }).execute();
      await old.updateTable('topics').set({ subscriber_only: 0 }).execute();
      await old.updateTable('magazine_issues').set({ summary: '' }).execute();
      expect(await seedDiscoveryIfMissing(old)).toBe(true);
      expect(await seedDiscoveryIfMissing(old)).toBe(false);
      const articles = (d: typeof old) => d.selectFrom('articles').selectAll().orderBy('id').execute();
      // The index follows the articles (triggers): same size, same answers.
      const index = async (d: typeof old) => {
        const search = createSearchIndex(d);
        const hits = await search.page(['pricing', 'strategy'], { until: '2100-01-01T00:00:00.000Z' }, { sort: 'date', order: 'desc' }, 0, 50);
        return { size: await search.size(), hits: hits.map((h) => [h.id, h.matched]) };
      };
      const topics = (d: typeof old) => d.selectFrom('topics').selectAll().orderBy('id').execute();
      const issueRows = (d: typeof old) => d.selectFrom('magazine_issues').selectAll().orderBy('code').execute();
      expect(await articles(old)).toEqual(await articles(fresh));
      expect(await index(old)).toEqual(await index(fresh));
      expect(await topics(old)).toEqual(await topics(fresh));
      expect(await issueRows(old)).toEqual(await issueRows(fresh));
    } finally {
      await fresh.destroy();
      await old.destroy();
    }
  });
});

describe('paywall seed', () => {
  it('marks about 10% of the metered articles Ascend, never a free one, the same every time', async () => {
    const a = await seededDatabase();
    const b = await seededDatabase();
    try {
      const all = await a.selectFrom('articles').select(['id', 'free', 'ascend']).orderBy('id').execute();
      // Only generated articles are ever Ascend (never a sponsored report or an issue article).
      expect(all.filter((r) => r.ascend === 1).every((r) => isGeneratedArticleId(r.id))).toBe(true);
      const rows = all.filter((r) => isGeneratedArticleId(r.id));
      const ascend = rows.filter((r) => r.ascend === 1);
      expect(ascend.length).toBe(Math.round(rows.filter((r) => r.free === 0).length * 0.1));
      expect(ascend.every((r) => r.free === 0)).toBe(true);
      const again = await b.selectFrom('articles').select('id').where('ascend', '=', 1).orderBy('id').execute();
      expect(again.map((r) => r.id)).toEqual(ascend.map((r) => r.id));
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });

  it('seeds 6-8 reading lists of 5-8 articles, some articles in several, no Ascend article', async () => {
    const db = await seededDatabase();
    try {
      const lists = await db.selectFrom('reading_lists').selectAll().execute();
      expect(lists.length).toBeGreaterThanOrEqual(6);
      expect(lists.length).toBeLessThanOrEqual(8);
      const items = await db
        .selectFrom('reading_list_items')
        .innerJoin('articles', 'articles.id', 'reading_list_items.article_id')
        .select(['list_id', 'article_id', 'articles.ascend'])
        .execute();
      for (const list of lists) {
        const n = items.filter((i) => i.list_id === list.id).length;
        expect(n).toBeGreaterThanOrEqual(5);
        expect(n).toBeLessThanOrEqual(8);
      }
      const perArticle = new Map<string, number>();
      for (const i of items) perArticle.set(i.article_id, (perArticle.get(i.article_id) ?? 0) + 1);
      expect([...perArticle.values()].some((n) => n > 1)).toBe(true);
      expect(items.some((i) => i.ascend === 1)).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('adds the same Ascend marks and reading lists to a database seeded before them', async () => {
    const fresh = await seededDatabase();
    const old = await seededDatabase();
    try {
      await old.deleteFrom('reading_list_items').execute();
      await old.deleteFrom('reading_lists').execute();
      await old.updateTable('articles').set({ ascend: 0 }).execute();
      expect(await seedPaywallIfMissing(old)).toBe(true);
      expect(await seedPaywallIfMissing(old)).toBe(false);
      const marks = (db: typeof old) => db.selectFrom('articles').select('id').where('ascend', '=', 1).orderBy('id').execute();
      const items = (db: typeof old) => db.selectFrom('reading_list_items').selectAll().orderBy('list_id').orderBy('position').execute();
      expect(await marks(old)).toEqual(await marks(fresh));
      expect(await items(old)).toEqual(await items(fresh));
    } finally {
      await fresh.destroy();
      await old.destroy();
    }
  });
});

describe('library seed', () => {
  it('gives the subscriber two orders, a read-only Gifts folder with one article and saves of every kind; the reader a cancelled order', async () => {
    const db = await seededDatabase();
    try {
      const userId = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      const subscriber = await userId(DEMO_SUBSCRIBER.email);
      const reader = await userId(DEMO_READER.email);
      const orders = await db.selectFrom('orders').selectAll().orderBy('created_at').execute();
      expect(orders.map((o) => [o.user_id, o.status])).toEqual([
        [subscriber, 'COMPLETED'],
        [reader, 'CANCELLED'],
        [subscriber, 'COMPLETED'],
      ]);
      const [subscription, , basket] = orders;
      expect(subscription!.title).toContain('Subscription');
      expect(subscription!.account_number).toBe(DEMO_SUBSCRIBER.subscription.accountNumber);
      const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', basket!.id).orderBy('position').execute();
      expect(lines.length).toBeGreaterThanOrEqual(6);
      expect(lines.some((l) => l.content_type === 'Case Study')).toBe(true);
      expect(lines.every((l) => l.product_id !== null)).toBe(true);

      const folders = await db.selectFrom('folders').selectAll().where('user_id', '=', subscriber).orderBy('position').execute();
      expect(folders.map((f) => [f.slug, f.read_only, f.name_key])).toEqual([
        ['my-library', 1, 'mylibrary'],
        ['strategy-reads', 0, 'strategyreads'],
        ['team-offsite', 0, 'teamoffsite'],
        ['gifts', 1, 'gifts'],
      ]);
      const items = await db
        .selectFrom('library_items')
        .selectAll()
        .where(
          'folder_id',
          'in',
          folders.map((f) => f.id),
        )
        .execute();
      const gifts = items.filter((i) => i.folder_id === folders[3]!.id);
      expect(gifts.map((i) => i.content_kind)).toEqual(['article']);
      const myLibrary = items.filter((i) => i.folder_id === folders[0]!.id);
      expect(new Set(myLibrary.map((i) => i.content_kind))).toEqual(new Set(['article', 'video', 'chart']));
      // Every item of an own folder is saved (in My Library).
      const saved = new Set(myLibrary.map((i) => i.content_id));
      expect(items.filter((i) => i.folder_id === folders[1]!.id || i.folder_id === folders[2]!.id).every((i) => saved.has(i.content_id))).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('adds the same library seed to a database seeded before it', async () => {
    const fresh = await seededDatabase();
    const old = await seededDatabase();
    try {
      const subscriber = (await old.selectFrom('users').select('id').where('email', '=', DEMO_SUBSCRIBER.email).executeTakeFirstOrThrow()).id;
      const myLibrary = (
        await old.selectFrom('folders').select('id').where('user_id', '=', subscriber).where('slug', '=', 'my-library').executeTakeFirstOrThrow()
      ).id;
      await old.deleteFrom('orders').execute();
      await old.deleteFrom('shares').execute();
      await old.deleteFrom('watched').execute();
      await old.deleteFrom('folders').where('slug', '=', 'gifts').execute();
      await old.deleteFrom('library_items').where('folder_id', '=', myLibrary).where('content_kind', '!=', 'article').execute();
      expect(await seedLibraryIfMissing(old)).toBe(true);
      expect(await seedLibraryIfMissing(old)).toBe(false);
      const rows = async (db: typeof old) => ({
        orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
        lines: await db.selectFrom('order_lines').selectAll().orderBy('order_id').orderBy('position').execute(),
        folders: await db.selectFrom('folders').selectAll().orderBy('id').execute(),
        items: await db.selectFrom('library_items').selectAll().orderBy('folder_id').orderBy('content_id').execute(),
        watched: await db.selectFrom('watched').selectAll().orderBy('video_id').execute(),
        shares: await db.selectFrom('shares').selectAll().execute(),
      });
      expect(await rows(old)).toEqual(await rows(fresh));
    } finally {
      await fresh.destroy();
      await old.destroy();
    }
  });
});

describe('store seed (migration 0006)', () => {
  it('brings a database seeded before the store up to the same catalogue, reprints, pairs and promo codes', async () => {
    const fresh = await seededDatabase();
    const old = await seededDatabase();
    try {
      // What a database of before migration 0006 holds: the original rows only, with the migration's defaults.
      await old.deleteFrom('promo_codes').execute();
      await old.deleteFrom('better_together').execute();
      await old.deleteFrom('order_lines').execute();
      await old
        .deleteFrom('products')
        .where((eb) => eb.or([eb('article_id', 'is not', null), eb('kind', '!=', 'product'), eb('sku', 'like', '%-ES-%')]))
        .execute();
      await old.deleteFrom('products').where('category_slug', '=', 'books').where('position', '>=', 12).execute();
      await old
        .updateTable('products')
        .set((eb) => ({ group_id: eb.ref('sku'), authors: '[]', listed: 1 }))
        .execute();
      expect(await seedStoreIfMissing(old)).toBe(true);
      expect(await seedStoreIfMissing(old)).toBe(false);
      const rows = async (db: typeof old) => ({
        products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
        pairs: await db.selectFrom('better_together').selectAll().orderBy('product_id').execute(),
        promos: await db.selectFrom('promo_codes').selectAll().orderBy('code').execute(),
      });
      expect(await rows(old)).toEqual(await rows(fresh));
    } finally {
      await fresh.destroy();
      await old.destroy();
    }
  });
});

describe('video seed (migration 0007)', () => {
  it('plays clip-1..clip-4 in turn, with their lengths, and fills every playlist with at least 8 videos', async () => {
    const db = await seededDatabase();
    try {
      const videos = await db.selectFrom('videos').select(['id', 'src', 'clip', 'duration', 'subscriber_only']).execute();
      expect(videos).toHaveLength(24);
      const seconds: Record<string, number> = { 'clip-1': 3, 'clip-2': 4, 'clip-3': 5, 'clip-4': 6 };
      for (const v of videos) {
        expect(v.src).toBe(`/media/videos/${v.id}/video.webm`);
        expect(v.duration).toBe(seconds[v.clip]);
      }
      expect(videos.filter((v) => v.clip === 'clip-1')).toHaveLength(6);
      expect(videos.some((v) => v.subscriber_only === 1)).toBe(true);
      const counts = await db
        .selectFrom('playlist_videos')
        .select(['playlist_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('playlist_id')
        .execute();
      expect(counts).toHaveLength(3);
      for (const c of counts) expect(Number(c.n)).toBeGreaterThanOrEqual(8);
    } finally {
      await db.destroy();
    }
  });

  it('brings the videos of a database seeded before the clips to the same sources, clips and lengths', async () => {
    const fresh = await seededDatabase();
    const old = await seededDatabase();
    try {
      // What a database of before migration 0007 holds: .mp4 sources, minutes-long durations, the default clip.
      await old
        .updateTable('videos')
        .set((eb) => ({ src: eb.fn('replace', [eb.ref('src'), eb.val('video.webm'), eb.val('video.mp4')]), clip: 'clip-1', duration: 600 }))
        .execute();
      const explainers = await old.selectFrom('playlist_videos').select('video_id').where('playlist_id', '=', 'explainers').orderBy('position').execute();
      await old
        .deleteFrom('playlist_videos')
        .where('playlist_id', '=', 'explainers')
        .where(
          'video_id',
          'in',
          explainers.slice(5).map((e) => e.video_id),
        )
        .execute();
      expect(await seedVideosIfOutdated(old)).toBe(true);
      expect(await seedVideosIfOutdated(old)).toBe(false);
      const videos = (db: typeof old) => db.selectFrom('videos').selectAll().orderBy('id').execute();
      expect(await videos(old)).toEqual(await videos(fresh));
      const topped = await old
        .selectFrom('playlist_videos')
        .select(['video_id', 'position'])
        .where('playlist_id', '=', 'explainers')
        .orderBy('position')
        .execute();
      expect(topped).toHaveLength(8);
      expect(topped.slice(0, 5).map((r) => r.video_id)).toEqual(explainers.slice(0, 5).map((e) => e.video_id));
      expect(new Set(topped.map((r) => r.video_id)).size).toBe(8);
      expect(topped.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    } finally {
      await fresh.destroy();
      await old.destroy();
    }
  });
});

describe('catalogue seed (SEED_ARTICLES)', () => {
  it('tops the articles up to the number asked, over 1956-2025 and every subtopic, searchable, the same every time', async () => {
    const db = await seededDatabase();
    try {
      const count = async () =>
        Number(
          (
            await db
              .selectFrom('articles')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      // Fewer than there are already: nothing to add.
      expect(await seedCatalogue(db, { articles: before - 10 })).toBe(0);
      expect(await seedCatalogue(db, { articles: before + 1500 })).toBe(1500);
      expect(await count()).toBe(before + 1500);
      // Topped up again later: the next articles of the same streams.
      expect(await seedCatalogue(db, { articles: before + 2500 })).toBe(1000);
      const added = await db.selectFrom('articles').selectAll().where('id', 'like', 'c%').orderBy('id').execute();
      expect(added).toHaveLength(2500);
      const topics = await db.selectFrom('topics').select(['id', 'name', 'parent_id']).orderBy('position').execute();
      expect(added).toEqual(buildCatalogueArticles(DEFAULT_SEED, topics, 0, 2500).map((a) => ({ ...a, ascend: 0, sponsor: null, issue_code: null })));
      expect(buildCatalogueArticles(DEFAULT_SEED, topics, 1200, 1300)).toEqual(buildCatalogueArticles(DEFAULT_SEED, topics, 0, 2500).slice(1200, 1300));
      expect(added.every((a) => isCatalogueArticleId(a.id) && a.published <= '2025-06-28T00:00:00.000Z')).toBe(true);
      const years = new Set(added.map((a) => a.year));
      expect(Math.min(...years)).toBe(1956);
      expect(Math.max(...years)).toBe(2025);
      expect(years.size).toBeGreaterThan(60);
      const subtopics = topics.filter((t) => t.parent_id !== null).map((t) => t.id);
      expect(new Set(added.map((a) => a.topic_id))).toEqual(new Set(subtopics));
      // The index followed: a catalogue article's title finds it.
      const index = createSearchIndex(db);
      expect(await index.size()).toBe(before + 2500);
      const probe = added[1234]!;
      const hits = await index.page(queryWords(probe.title), { until: '2100-01-01T00:00:00.000Z' }, { sort: 'relevance', order: 'desc' }, 0, 50);
      expect(hits.map((h) => h.id)).toContain(probe.id);
    } finally {
      await closeDatabase(db);
    }
  });
});
