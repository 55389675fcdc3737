import request from 'supertest';
import { ApiErrorBodySchema, ArchiveSchema, ArticleSchema, ArticleStreamSchema, TOPIC_TAXONOMY_ROOTS, TopicSchema } from 'shared-contracts/server';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness';
import { ARCHIVE_VERSION_MAX_AGE_MS } from '../services/content';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const latest = (query: string) => request(t.app).get(`/service/stream/latest${query}`);

describe('GET /service/stream/latest', () => {
  it('answers the first 8 articles, newest first, with page facts', async () => {
    const res = await latest('').expect(200);
    const stream = ArticleStreamSchema.parse(res.body);
    expect(stream.type).toBe('latest');
    expect(stream.maintenanceStatus).toBe(false);
    expect(stream.isPaywallEnabled).toBe(true);
    expect(stream.entry).toHaveLength(8);
    expect(stream.page).toMatchObject({ number: 1, size: 8, last: false });
    expect(stream.page.totalElements).toBeGreaterThanOrEqual(100);
    expect(stream.page.totalPages).toBe(Math.ceil(stream.page.totalElements / 8));
    const dates = stream.entry.map((e) => e.published);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const e of stream.entry) expect(e.url).toMatch(/^\/\d{4}\/\d{2}\/[a-z0-9-]+$/);
  });

  it('pages without overlap and marks the final page as last', async () => {
    const first = ArticleStreamSchema.parse((await latest('?page=1&size=8').expect(200)).body);
    const second = ArticleStreamSchema.parse((await latest('?page=2&size=8').expect(200)).body);
    const ids = new Set(first.entry.map((e) => e.id));
    expect(second.entry.some((e) => ids.has(e.id))).toBe(false);
    expect(second.entry[0]!.published <= first.entry[7]!.published).toBe(true);

    const { totalPages, totalElements } = first.page;
    const final = ArticleStreamSchema.parse((await latest(`?page=${totalPages}&size=8`).expect(200)).body);
    expect(final.page.last).toBe(true);
    expect(final.entry).toHaveLength(totalElements - (totalPages - 1) * 8);
  });

  it('honours size up to 50', async () => {
    const stream = ArticleStreamSchema.parse((await latest('?size=50').expect(200)).body);
    expect(stream.entry).toHaveLength(50);
    expect(stream.page.size).toBe(50);
  });

  it.each(['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?size=0', '?size=51', '?page=1&page=2'])(
    'refuses %s with 400 and names the field',
    async (query) => {
      const res = await latest(query).expect(400).expect('Content-Type', /json/);
      const body = ApiErrorBodySchema.parse(res.body);
      const field = query.includes('size') ? 'size' : 'page';
      expect(body.errors?.map((e) => e.field)).toContain(field);
    },
  );

  it('shows only articles already published at the clock time', async () => {
    t.clock.set('2024-01-01T00:00:00.000Z');
    try {
      const stream = ArticleStreamSchema.parse((await latest('?size=50').expect(200)).body);
      expect(stream.entry.every((e) => e.published <= '2024-01-01T00:00:00.000Z')).toBe(true);
      expect(stream.entry[0]!.published.startsWith('2023-12')).toBe(true);
    } finally {
      t.clock.set('2025-07-01T12:00:00.000Z');
    }
  });
});

describe('GET /api/article/:year/:month/:slug', () => {
  it('answers the article behind a stream entry, with the month given as 03 or 3', async () => {
    const stream = ArticleStreamSchema.parse((await latest('').expect(200)).body);
    const entry = stream.entry[0]!;
    const [, year, month, slug] = entry.url.split('/');
    const padded = ArticleSchema.parse((await request(t.app).get(`/api/article${entry.url}`).expect(200)).body);
    expect(padded.title).toBe(entry.title);
    expect(padded.url).toBe(entry.url);
    // The headline and lead only: the body is the meter's (POST /api/article/piano/content).
    expect(padded.body).toEqual([]);
    expect(padded.lead.length).toBeGreaterThan(0);
    expect(padded.topic.url).toMatch(/^\/topic\/[a-z0-9-]+$/);
    const unpadded = await request(t.app)
      .get(`/api/article/${year}/${Number(month)}/${slug}`)
      .expect(200);
    expect(ArticleSchema.parse(unpadded.body).id).toBe(padded.id);
  });

  it.each(['/api/article/2025/06/no-such-article', '/api/article/2025/13/x', '/api/article/25/6/x'])('404s %s with a JSON message', async (path) => {
    const res = await request(t.app).get(path).expect(404).expect('Content-Type', /json/);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe('Article not found');
  });
});

describe('GET /api/topics', () => {
  it('answers a taxonomy of 150+ topics under the 11 top levels', async () => {
    const topics = z.array(TopicSchema).parse((await request(t.app).get('/api/topics').expect(200)).body);
    expect(topics.length).toBeGreaterThanOrEqual(150);
    const roots = topics.filter((x) => x.parentId === null).map((x) => x.name);
    expect(roots).toEqual([...TOPIC_TAXONOMY_ROOTS]);
    const ids = new Set(topics.map((x) => x.id));
    for (const topic of topics) {
      if (topic.parentId !== null) expect(ids.has(topic.parentId)).toBe(true);
      expect(topic.slug).toBe(topic.name.toLowerCase().replace(/&/g, 'and').replace(/\s+/g, '-'));
    }
  });
});

describe('GET /api/magazine/archive', () => {
  let archive: z.infer<typeof ArchiveSchema>;
  beforeAll(async () => {
    archive = ArchiveSchema.parse((await request(t.app).get('/api/magazine/archive').expect(200)).body);
  });
  const year = (y: number) => archive.years.find((x) => x.yearId === String(y));

  it('answers the same bytes again, and a new issue within a second of its being added', async () => {
    const first = await request(t.app).get('/api/magazine/archive').expect(200);
    const again = await request(t.app).get('/api/magazine/archive').expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    await request(t.app).get('/api/magazine/archive').set('If-None-Match', first.headers.etag!).expect(304);
    await t.db.insertInto('magazine_issues').values({ code: 'BR2504', year: 2025, number: 4, label: 'July-August 2025', summary: '' }).execute();
    await t.db.insertInto('archive_entries').values({ year: 2025, position: 3, month_label: 'July-August', issue_code: 'BR2504' }).execute();
    try {
      // The version read a moment ago is still trusted; a second later the new issue is there.
      expect((await request(t.app).get('/api/magazine/archive').expect(200)).text).toBe(first.text);
      t.clock.set(new Date(t.clock.now().getTime() + ARCHIVE_VERSION_MAX_AGE_MS));
      const added = ArchiveSchema.parse((await request(t.app).get('/api/magazine/archive').expect(200)).body);
      expect(added.years[0]!.issues.map((i) => i.issueURL)).toEqual(['BR2501', 'BR2502', 'BR2503', 'BR2504'].map((c) => `/archive-toc/${c}`));
    } finally {
      await t.db.deleteFrom('archive_entries').where('issue_code', '=', 'BR2504').execute();
      await t.db.deleteFrom('magazine_issues').where('code', '=', 'BR2504').execute();
    }
    t.clock.set(new Date(t.clock.now().getTime() + ARCHIVE_VERSION_MAX_AGE_MS));
    expect((await request(t.app).get('/api/magazine/archive').expect(200)).text).toBe(first.text);
  });

  it('runs from 2025 (first) back to 1956 (last)', () => {
    expect(archive.years[0]!.yearId).toBe('2025');
    expect(archive.years.at(-1)!.yearId).toBe('1956');
    expect(archive.years).toHaveLength(2025 - 1956 + 1);
  });

  it('lists three 2025 issues, starting with BR2501', () => {
    expect(year(2025)!.issues.map((i) => i.issueURL)).toEqual(['/archive-toc/BR2501', '/archive-toc/BR2502', '/archive-toc/BR2503']);
    // Only what the spec's archive names (yearId; each issue's issueMonth and issueURL): the code is in the address.
    expect(year(2025)!.issues[0]).toEqual({ issueMonth: 'January-February', issueURL: '/archive-toc/BR2501' });
  });

  it('keeps the first 1956 issue and codes 1999 January-February as 3991', () => {
    expect(year(1956)!.issues[0]).toEqual({ issueMonth: 'January-February', issueURL: '/archive-toc/3561' });
    expect(year(1999)!.issues[0]).toEqual({ issueMonth: 'January-February', issueURL: '/archive-toc/3991' });
  });

  it('has six bi-monthly issues a year from 2017 to 2024', () => {
    for (let y = 2017; y <= 2024; y++) expect(year(y)!.issues).toHaveLength(6);
  });

  it('points July and August of 2004-2009 to the July issue', () => {
    for (let y = 2004; y <= 2009; y++) {
      const issues = year(y)!.issues;
      const july = issues.find((i) => i.issueMonth === 'July');
      const august = issues.find((i) => i.issueMonth === 'August');
      expect(july).toBeDefined();
      expect(august?.issueURL).toBe(july!.issueURL);
      expect(august?.issueURL).toBe(`/archive-toc/BR${String(y).slice(2)}07`);
    }
  });

  it('uses BR codes from 2000 and four-digit codes before', () => {
    for (const y of archive.years) {
      const pattern = Number(y.yearId) >= 2000 ? /^\/archive-toc\/BR\d{4}$/ : /^\/archive-toc\/3\d{3}$/;
      for (const issue of y.issues) expect(issue.issueURL).toMatch(pattern);
    }
  });
});
