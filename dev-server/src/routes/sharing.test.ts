/** Sharing over HTTP: POST /service/user/share (networks and email), share-list links, the email rate limit. */
import request from 'supertest';
import { ApiErrorBodySchema, MESSAGES } from 'shared-contracts';
import { sharedVia } from 'shared-contracts/library';
import {
  LIBRARY_MESSAGES,
  ListUrlSchema,
  SHARE_DESCRIPTION_MAX,
  ShareResultSchema,
  SharedListSchema,
} from 'shared-contracts/library';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post, registerFresh } from '../test/accounts';
import { del, sessionOf } from '../test/discovery';
import { createTestApp, TEST_NOW, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';
import { allItems, folderBySlug, foldersOf, libraryStream } from '../test/library';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

interface Sample {
  id: string;
  title: string;
  path: string;
}

async function article(offset = 0): Promise<Sample> {
  const row = await t.db
    .selectFrom('articles')
    .select(['id', 'title', 'year', 'month', 'slug'])
    .where('published', '<=', t.clock.now().toISOString())
    .orderBy('published', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: row.id, title: row.title, path: `/${row.year}/${String(row.month).padStart(2, '0')}/${row.slug}` };
}

const share = (sid: string | undefined, body: Record<string, unknown>) => post(t.app, '/service/user/share', body, sid);
const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

describe('POST /service/user/share by email', () => {
  it('mails each recipient the link, the title, the shortened description and the message; records the share', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const a = await article(1);
    const description = 'A long description. '.repeat(20);
    const res = await share(sid, {
      url: a.path,
      description,
      provider: 'email',
      sharedWith: ['colleague.one@example.org', ' Colleague.Two@example.org ', 'colleague.one@EXAMPLE.org'],
      message: 'Worth reading before Monday.\n<b>not html</b>',
    }).expect(200);
    expect(ShareResultSchema.parse(res.body)).toEqual({ message: sharedVia('email') });

    const mails = [...mailsTo('colleague.one@example.org'), ...mailsTo('Colleague.Two@example.org')];
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Sasha Lindqvist shared "${a.title}" with you`);
      expect(mail.body.startsWith('Sasha Lindqvist (subscriber@example.com) shared this with you:\n')).toBe(true);
      expect(mail.body).toContain('Message from Sasha Lindqvist:\n');
      expect(mail.body).toContain(`${TEST_ORIGIN}${a.path}`);
      expect(mail.body).toContain(a.title);
      expect(mail.body).toContain('Worth reading before Monday.\n<b>not html</b>');
      const shortened = mail.body.split('\n').find((line) => line.startsWith('A long description.'));
      expect(shortened).toBeDefined();
      expect(shortened!.length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
      expect(shortened!.endsWith('...')).toBe(true);
    }

    const shared = await libraryStream(t, '/service/user/history/shared', sid);
    expect(shared.entry[0]).toMatchObject({ id: a.id, title: a.title });
    expect(shared.entry[0]!.content).toMatchObject({
      kind: 'article',
      activity: 'shared',
      provider: 'email',
      sharedWith: ['colleague.one@example.org', 'Colleague.Two@example.org'],
      selectable: false,
      readOnly: false,
    });
  });

  it('accepts an absolute URL on this site and shares videos and charts too', async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(2);
    await share(sid, { url: `${TEST_ORIGIN}${a.path}?gift=abc#top`, provider: 'email', sharedWith: ['abs@example.org'] }).expect(200);
    expect(mailsTo('abs@example.org')[0]!.body).toContain(`${TEST_ORIGIN}${a.path}\n`);

    const video = await t.db.selectFrom('videos').select(['id', 'slug', 'name']).where('pubdate', '<=', t.clock.now().toISOString()).orderBy('id').executeTakeFirstOrThrow();
    const chart = await t.db.selectFrom('charts').select(['id', 'title']).where('published', '<=', t.clock.now().toISOString()).orderBy('id').executeTakeFirstOrThrow();
    t.clock.advance(1000);
    await share(sid, { url: `/video/${video.id}/${video.slug}`, provider: 'twitter' }).expect(200);
    t.clock.advance(1000);
    await share(sid, { url: `/data-visuals/images/${chart.id}.svg`, provider: 'linkedin' }).expect(200);
    const shared = await libraryStream(t, '/service/user/history/shared', sid);
    expect(shared.entry.slice(0, 3).map((e) => [e.id, e.content.kind, e.content.provider, e.content.sharedWith])).toEqual([
      [chart.id, 'chart', 'linkedin', []],
      [video.id, 'video', 'twitter', []],
      [a.id, 'article', 'email', ['abs@example.org']],
    ]);
  });

  it('lets a guest share by email with a FROM address (marked unverified), and records nothing', async () => {
    const a = await article(3);
    const before = await t.db.selectFrom('shares').select('id').execute();
    const res = await share(undefined, { url: a.path, provider: 'email', sharedWith: ['friend@example.org'], from: 'guest@example.net' }).expect(200);
    expect(res.body).toEqual({ message: sharedVia('email') });
    const [mail] = mailsTo('friend@example.org');
    expect(mail!.subject).toBe(`guest@example.net shared "${a.title}" with you`);
    expect(mail!.body).toContain('guest@example.net (address not verified) shared this with you');
    expect(await t.db.selectFrom('shares').select('id').execute()).toEqual(before);
  });

  it('needs FROM from a guest (and a valid one), but not from a member', async () => {
    const a = await article(3);
    const missing = await share(undefined, { url: a.path, provider: 'email', sharedWith: ['friend2@example.org'] }).expect(400);
    expect(ApiErrorBodySchema.parse(missing.body).errors).toEqual([{ field: 'from', errorMessage: LIBRARY_MESSAGES.fromRequired }]);
    const invalid = await share(undefined, { url: a.path, provider: 'email', sharedWith: ['friend2@example.org'], from: 'not-an-address' }).expect(400);
    expect(ApiErrorBodySchema.parse(invalid.body).errors).toEqual([{ field: 'from', errorMessage: MESSAGES.email.invalidShared }]);
    expect(mailsTo('friend2@example.org')).toEqual([]);
    const sid = (await registerFresh(t)).sid;
    await share(sid, { url: a.path, provider: 'email', sharedWith: ['friend2@example.org'] }).expect(200);
    expect(mailsTo('friend2@example.org')).toHaveLength(1);
  });

  it.each([
    ['no recipients', undefined, MESSAGES.required],
    ['an empty list', [], MESSAGES.required],
    ['a blank address', ['  '], MESSAGES.required],
    ['an invalid address', ['ok@example.org', 'nope'], MESSAGES.email.invalidShared],
    ['two addresses in one', ['a@example.org,b@example.org'], MESSAGES.email.invalidShared],
  ])('refuses %s with 400 on sharedWith, mailing nobody', async (_label, sharedWith, message) => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(4);
    const sent = t.mailer.sent.length;
    const res = await share(sid, { url: a.path, provider: 'email', ...(sharedWith ? { sharedWith } : {}) }).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'sharedWith', errorMessage: message }]);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('refuses more than 20 recipients with 400', async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(4);
    const sharedWith = Array.from({ length: 21 }, (_, i) => `r${i}@example.org`);
    const res = await share(sid, { url: a.path, provider: 'email', sharedWith }).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors?.[0]?.field).toBe('sharedWith');
  });
});

describe('what may be shared', () => {
  it.each([
    ['another site', 'https://evil.example/2025/01/some-article'],
    ['a protocol-relative URL', '//evil.example/2025/01/some-article'],
    ['a backslash trick', '/\\evil.example/2025/01/some-article'],
    ['a script URL', 'javascript:alert(1)'],
    ['a page that is no content', '/store'],
    ['an unknown article', '/2025/01/no-such-article'],
    ['an unknown video', '/video/123/nothing'],
    ['a bad share-list token', `/my-library/shared/${'A'.repeat(43)}`],
    ['a relative path', '2025/01/some-article'],
  ])('refuses %s with 400', async (_label, url) => {
    const sid = await sessionOf(t, DEMO_READER);
    const sent = t.mailer.sent.length;
    for (const body of [
      { url, provider: 'email', sharedWith: ['x@example.org'] },
      { url, provider: 'facebook' },
    ]) {
      const res = await share(sid, body).expect(400);
      expect(ApiErrorBodySchema.parse(res.body)).toEqual({
        message: LIBRARY_MESSAGES.shareUrlInvalid,
        errors: [{ field: 'url', errorMessage: LIBRARY_MESSAGES.shareUrlInvalid }],
      });
    }
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('answers 401 to a guest sharing on a network (only email is open to guests)', async () => {
    const a = await article();
    await share(undefined, { url: a.path, provider: 'facebook' }).expect(401);
  });

  it('refuses an unknown provider and a missing url with 400', async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article();
    await share(sid, { url: a.path, provider: 'myspace' }).expect(400);
    const res = await share(sid, { provider: 'twitter' }).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'url', errorMessage: MESSAGES.required }]);
  });

  it('records a network share with the network and no addresses', async () => {
    const sid = (await registerFresh(t)).sid;
    const a = await article(5);
    expect((await share(sid, { url: a.path, provider: 'linkedin', sharedWith: ['ignored@example.org'] }).expect(200)).body).toEqual({
      message: sharedVia('linkedin'),
    });
    expect(mailsTo('ignored@example.org')).toEqual([]);
    const [entry] = (await libraryStream(t, '/service/user/history/shared', sid)).entry;
    expect(entry!.content).toMatchObject({ provider: 'linkedin', sharedWith: [] });
  });
});

describe('share-list links', () => {
  it('gives one absolute link per folder, storing only its hash; anybody holding it reads the folder', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const folder = await folderBySlug(t, sid, 'strategy-reads');
    const first = ListUrlSchema.parse((await get(t.app, `/service/user/list/url/${folder.id}`, sid).expect(200)).body);
    const again = ListUrlSchema.parse((await get(t.app, `/service/user/list/url/${folder.id}`, sid).expect(200)).body);
    expect(again).toEqual(first);
    const match = new RegExp(`^${TEST_ORIGIN}/my-library/shared/([A-Za-z0-9_-]{43})$`).exec(first.listurl);
    expect(match).not.toBeNull();
    const token = match![1]!;
    const stored = await t.db.selectFrom('shared_lists').selectAll().where('folder_id', '=', folder.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await request(t.app).get(`/api/shared-list/${token}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = SharedListSchema.parse(res.body);
    expect(list.folder).toEqual(folder);
    expect(list.ownerFirstName).toBe(DEMO_SUBSCRIBER.firstName);
    const owners = await allItems(t, `/service/user/list/${folder.id}`, sid);
    expect(list.items.map((i) => i.id)).toEqual(owners.map((i) => i.id));
    expect(list.items.every((i) => i.content.readOnly && !i.content.selectable && i.content.listIds.length === 0)).toBe(true);
  });

  it("answers 404 for a bad token, for another member's folder and once the folder is deleted", async () => {
    await request(t.app).get(`/api/shared-list/${'x'.repeat(43)}`).expect(404);
    await request(t.app).get('/api/shared-list/short').expect(404);
    const reader = await sessionOf(t, DEMO_READER);
    const { sid } = await registerFresh(t);
    for (const f of await foldersOf(t, reader)) await get(t.app, `/service/user/list/url/${f.id}`, sid).expect(404);
    const created = await post(t.app, '/service/user/lists', { name: 'Short lived' }, sid).expect(201);
    const { listurl } = ListUrlSchema.parse((await get(t.app, `/service/user/list/url/${created.body.id}`, sid).expect(200)).body);
    const token = listurl.split('/').pop()!;
    await request(t.app).get(`/api/shared-list/${token}`).expect(200);
    await del(t.app, `/service/user/lists/${created.body.id}`, sid).expect(200);
    await request(t.app).get(`/api/shared-list/${token}`).expect(404);
  });

  it('shares a folder link by email (the mail carries the link; the shared history holds content only)', async () => {
    const { sid } = await registerFresh(t);
    const [myLibrary] = await foldersOf(t, sid);
    const { listurl } = ListUrlSchema.parse((await get(t.app, `/service/user/list/url/${myLibrary!.id}`, sid).expect(200)).body);
    await share(sid, { url: listurl, provider: 'email', sharedWith: ['list.reader@example.org'], message: 'My reading list' }).expect(200);
    const [mail] = mailsTo('list.reader@example.org');
    expect(mail!.body).toContain(listurl);
    expect(mail!.subject).toContain('"My Library"');
    expect((await libraryStream(t, '/service/user/history/shared', sid)).entry).toEqual([]);
  });
});

describe('email share rate limit', () => {
  it('refuses email shares past the limit with 429, leaving network shares alone', async () => {
    const limited = await createTestApp({ rateLimits: { ...UNLIMITED, share: { windowMs: 60_000, limit: 2 } } });
    try {
      const row = await limited.db.selectFrom('articles').select(['year', 'month', 'slug']).where('published', '<=', limited.clock.now().toISOString()).executeTakeFirstOrThrow();
      const path = `/${row.year}/${String(row.month).padStart(2, '0')}/${row.slug}`;
      const body = { url: path, provider: 'email', sharedWith: ['limit@example.org'], from: 'guest@example.net' };
      await post(limited.app, '/service/user/share', body).expect(200);
      await post(limited.app, '/service/user/share', body).expect(200);
      const refused = await post(limited.app, '/service/user/share', body).expect(429);
      expect(refused.body.message).toBe(TOO_MANY_REQUESTS);
      expect(limited.mailer.sent).toHaveLength(2);
      // A member has a budget of their own.
      const sid = await sessionOf(limited, DEMO_READER);
      await post(limited.app, '/service/user/share', body, sid).expect(200);
      for (let i = 0; i < 3; i++) await post(limited.app, '/service/user/share', { url: path, provider: 'twitter' }, sid).expect(200);
    } finally {
      await limited.close();
    }
  });
});
