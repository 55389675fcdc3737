/** Magazine issues: the table of contents, the current issue and the generated covers. */
import request from 'supertest';
import { DISCOVERY_MESSAGES, IssueSchema } from 'shared-contracts/server';
import { createTestApp, getText, TEST_NOW, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

describe('GET /api/magazine/issue/{code}', () => {
  it('answers the issue card and its table of contents', async () => {
    const res = await request(t.app).get('/api/magazine/issue/3991').expect(200);
    const issue = IssueSchema.parse(res.body);
    expect(issue).toMatchObject({
      issueCode: '3991',
      year: 1999,
      label: 'January-February',
      title: 'January-February 1999',
      cover: expect.stringMatching(/^\/images\/issue\/3991\/[0-9a-f]{12}$/),
      url: '/archive-toc/3991',
    });
    expect(issue.summary.length).toBeGreaterThan(20);
    expect(issue.articles).toHaveLength(3);
    for (const a of issue.articles) {
      expect(a.contentType).toBe('Magazine Article');
      expect(a.url).toMatch(/^\/1999\/01\/[a-z0-9-]+$/);
      expect(a.published).toBe('1999-01-01T12:00:00.000Z');
    }
    expect(issue.featuring).toEqual(issue.articles.map((a) => ({ title: a.title, url: a.url })));
  });

  it('lists the magazine articles of a recent issue, oldest first, and features the first three', async () => {
    const issue = IssueSchema.parse((await request(t.app).get('/api/magazine/issue/BR2403').expect(200)).body);
    const rows = await t.db.selectFrom('articles').select('id').where('issue_code', '=', 'BR2403').orderBy('published').orderBy('id').execute();
    expect(issue.articles.map((a) => a.id)).toEqual(rows.map((r) => r.id));
    expect(issue.articles.length).toBeGreaterThan(3);
    expect(issue.featuring).toHaveLength(3);
    expect(issue.articles.every((a) => a.published.startsWith('2024-05') || a.published.startsWith('2024-06'))).toBe(true);
  });

  it('opens the article behind every table-of-contents entry', async () => {
    const issue = IssueSchema.parse((await request(t.app).get('/api/magazine/issue/BR0507').expect(200)).body);
    for (const a of issue.articles) {
      const res = await request(t.app).get(`/api/article${a.url}`).expect(200);
      expect(res.body.title).toBe(a.title);
    }
  });

  it.each(['BR9999', 'XX1234', 'br2501', '12345', '3990'])('answers 404 for %s', async (code) => {
    const res = await request(t.app).get(`/api/magazine/issue/${code}`).expect(404);
    expect(res.body.message).toBe(DISCOVERY_MESSAGES.issueNotFound);
  });
});

describe('GET /api/magazine/current-issue', () => {
  it('is the newest issue with articles', async () => {
    const issue = IssueSchema.parse((await request(t.app).get('/api/magazine/current-issue').expect(200)).body);
    expect(issue.issueCode).toBe('BR2503');
    expect(issue.title).toBe('May-June 2025');
    expect(issue.featuring).toHaveLength(3);
  });

  it('follows the clock: before May 2025 it is the March-April issue', async () => {
    t.clock.set('2025-04-15T00:00:00.000Z');
    const issue = IssueSchema.parse((await request(t.app).get('/api/magazine/current-issue').expect(200)).body);
    expect(issue.issueCode).toBe('BR2502');
    expect(issue.articles.every((a) => a.published <= '2025-04-15T00:00:00.000Z')).toBe(true);
  });
});

describe('GET /media/issues/{code}/cover.svg', () => {
  it('draws a cover with the title, month label and year, cached', async () => {
    const { res, text } = await getText(t.app, '/media/issues/BR2503/cover.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('<title id="t">The Management Review, May-June 2025</title>');
    expect(text).toContain('MAY-JUNE');
    expect(text).toContain('>2025<');
    expect(text).not.toContain('<script');
  });

  it('gives issues different colours and the same issue the same bytes', async () => {
    const fill = (svg: string) => /<rect width="300" height="400" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    const a = (await getText(t.app, '/media/issues/BR2503/cover.svg')).text;
    const again = (await getText(t.app, '/media/issues/BR2503/cover.svg')).text;
    const b = (await getText(t.app, '/media/issues/3991/cover.svg')).text;
    expect(again).toBe(a);
    expect(fill(a)).toBeDefined();
    expect(fill(a)).not.toBe(fill(b));
  });

  it('answers 404 for an unknown issue', async () => {
    await request(t.app).get('/media/issues/BR9999/cover.svg').expect(404);
  });
});
