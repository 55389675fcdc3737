/** Sharing over HTTP: POST /service/user/share (networks and email), share-list links, the email rate limit. */
import { createHmac } from 'node:crypto';
import request from 'supertest';
import {
  ApiErrorBodySchema,
  LIBRARY_MESSAGES,
  ListUrlSchema,
  MESSAGES,
  SHARE_DESCRIPTION_MAX,
  SHARE_MAX_RECIPIENTS,
  SHARE_MESSAGE_MAX,
  SHARE_RECIPIENTS_PER_DAY,
  SharedListSchema,
  sharedVia,
  ShareResultSchema,
} from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post, registerFresh } from '../test/accounts';
import { del, sessionOf } from '../test/discovery';
import { createTestApp, TEST_NOW, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';
import { allItems, folderBySlug, foldersOf, libraryStream } from '../test/library';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';
import { createApp } from '../app';
import { createLocalGeolocator, localCaptchaVerifier } from '../deps';
import { silentLogger } from '../http/logger';
import { DEV_DIGEST_SECRET } from '../services/subscriptions';
import { defangLinks } from '../mail/templates';

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
/** Marks a member's address confirmed (as following the mailed confirmation link does). */
const confirmEmail = (email: string) =>
  t.db.updateTable('users').set({ email_verified_at: t.clock.now().toISOString() }).where('email', '=', email.toLowerCase()).execute();

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
      expect(mail.body).toContain('> Worth reading before Monday.\n> <b>not html</b>');
      // The HTML part says the same, with the sender's markup escaped.
      expect(mail.kind).toBe('share');
      expect(mail.html).toContain('Worth reading before Monday.<br>&lt;b&gt;not html&lt;/b&gt;');
      expect(mail.html).toContain(`<a href="${TEST_ORIGIN}${a.path}">`);
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

  it("attack: a member's message and description full of links (https URL, bare domain, www, a mail address, an IP) reach the recipient as quoted plain text with no live link; the article's link stays live", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const a = await article(2);
    const to = 'phish.target@example.org';
    const message = [
      'Your account is locked. Unlock it here: https://yourbank.example.evil/unlock?id=1',
      'or at www.yourbank-support.example, paypal.com/login, http://203.0.113.9/pay',
      'Questions: help@yourbank.example',
    ].join('\n');
    await share(sid, { url: a.path, provider: 'email', sharedWith: [to], message, description: 'Offer: HTTPS://EVIL.EXAMPLE/offer' }).expect(200);
    const [mail] = mailsTo(to);
    if (!mail?.html) throw new Error('no share mail with an HTML part');

    // HTML part: the only links are the site's own (the article and the footer's home page).
    const hrefs = [...mail.html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([`${TEST_ORIGIN}${a.path}`, `${TEST_ORIGIN}/`]);
    expect(mail.html).toContain(
      '<blockquote>Your account is locked. Unlock it here: hxxps[://]yourbank[.]example[.]evil/unlock?id=1<br>or at www[.]yourbank-support[.]example, paypal[.]com/login, hxxp[://]203[.]0[.]113[.]9/pay<br>Questions: help@yourbank[.]example</blockquote>',
    );
    // Text part: the message quoted line by line, defanged the same way; the article's link as the site wrote it.
    expect(mail.body).toContain(
      '> Your account is locked. Unlock it here: hxxps[://]yourbank[.]example[.]evil/unlock?id=1\n> or at www[.]yourbank-support[.]example, paypal[.]com/login, hxxp[://]203[.]0[.]113[.]9/pay\n> Questions: help@yourbank[.]example',
    );
    expect(mail.body).toContain(`${a.title}: ${TEST_ORIGIN}${a.path}`);
    expect(mail.body).toContain('Offer: hxxps[://]EVIL[.]EXAMPLE/offer');
    // Nothing a mail client would turn into a link is left of the member's words, in either part.
    for (const part of [mail.body, mail.html]) {
      expect(part).not.toMatch(/yourbank\.|paypal\.com|www\.|203\.0\.113\.9|evil\.example|https?:\/\/(?!localhost:3000\/)/i);
    }
  });

  it('accepts an absolute URL on this site and shares videos and charts too', async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(2);
    await share(sid, { url: `${TEST_ORIGIN}${a.path}?gift=abc#top`, provider: 'email', sharedWith: ['abs@example.org'] }).expect(200);
    expect(mailsTo('abs@example.org')[0]!.body).toContain(`${TEST_ORIGIN}${a.path}\n`);

    const video = await t.db
      .selectFrom('videos')
      .select(['id', 'slug', 'name'])
      .where('pubdate', '<=', t.clock.now().toISOString())
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const chart = await t.db
      .selectFrom('charts')
      .select(['id', 'title'])
      .where('published', '<=', t.clock.now().toISOString())
      .orderBy('id')
      .executeTakeFirstOrThrow();
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

  it('refuses a guest with 401 however the mail is dressed up (the open relay with a spoofed FROM), mailing nobody', async () => {
    const a = await article(3);
    const before = await t.db.selectFrom('shares').select('id').execute();
    const sent = t.mailer.sent.length;
    const victims = Array.from({ length: 10 }, (_, i) => `victim${i}@example.org`);
    for (const body of [
      {
        url: a.path,
        provider: 'email',
        sharedWith: victims,
        from: 'security@yourbank.example',
        message: 'Your account is locked: https://yourbank.example.evil/unlock',
      },
      { url: a.path, provider: 'email', sharedWith: ['friend@example.org'] },
    ]) {
      const res = await share(undefined, body).expect(401);
      expect(res.body).toEqual({ message: MESSAGES.signIn.prompt });
    }
    // A cookie that names no session is a guest too.
    await share('not-a-session', { url: a.path, provider: 'email', sharedWith: ['friend@example.org'], from: 'ceo@example.com' }).expect(401);
    expect(t.mailer.sent.length).toBe(sent);
    expect(await t.db.selectFrom('shares').select('id').execute()).toEqual(before);
  });

  it('refuses a member whose address is not confirmed with 403, then lets them share once it is', async () => {
    const a = await article(3);
    const fresh = await registerFresh(t);
    await t.db.updateTable('users').set({ email_verified_at: null }).where('email', '=', fresh.email.toLowerCase()).execute();
    const res = await share(fresh.sid, { url: a.path, provider: 'email', sharedWith: ['friend2@example.org'] }).expect(403);
    expect(res.body).toEqual({ message: LIBRARY_MESSAGES.shareEmailUnverified });
    expect(mailsTo('friend2@example.org')).toEqual([]);
    // Network shares need no confirmed address.
    await share(fresh.sid, { url: a.path, provider: 'twitter' }).expect(200);
    await confirmEmail(fresh.email);
    await share(fresh.sid, { url: a.path, provider: 'email', sharedWith: ['friend2@example.org'] }).expect(200);
    expect(mailsTo('friend2@example.org')).toHaveLength(1);
  });

  it("ignores any FROM: the mail names the member's confirmed address, never the one in the request", async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(3);
    await share(sid, { url: a.path, provider: 'email', sharedWith: ['from.test@example.org'], from: 'security@yourbank.example' }).expect(200);
    const [mail] = mailsTo('from.test@example.org');
    expect(mail!.body).not.toContain('yourbank');
    expect(mail!.subject).not.toContain('yourbank');
    expect(mail!.body.startsWith(`Robin Quarles (${DEMO_READER.email}) shared this with you:\n`)).toBe(true);
  });

  it.each([
    ['an address', 'security@yourbank.example'],
    ['a name with an address', 'PayPal Security <security@paypal.com>'],
    ['a link', 'Visit https://evil.example'],
    ['a domain', 'paypal.com'],
    ['markup', '<b>Chief Executive</b>'],
    ['a line break', 'Robin\r\nBcc: victim@example.org'],
    ['digits', 'Support 0800 123 456'],
  ])('shows only the address when the display name is %s', async (_label, displayName) => {
    const fresh = await registerFresh(t);
    await confirmEmail(fresh.email);
    await t.db
      .updateTable('users')
      .set({ display_name: displayName, first_name: 'Acme', last_name: 'Officer: ceo@acme.example' })
      .where('email', '=', fresh.email.toLowerCase())
      .execute();
    const a = await article(3);
    const to = `name.${fresh.email}`;
    await share(fresh.sid, { url: a.path, provider: 'email', sharedWith: [to], message: 'Hi' }).expect(200);
    const [mail] = mailsTo(to);
    const address = fresh.email.toLowerCase();
    expect(mail!.subject).toBe(`${address} shared "${a.title}" with you`);
    expect(mail!.body.startsWith(`${address} shared this with you:\n`)).toBe(true);
    expect(mail!.body).toContain(`Message from ${address}:\n\n> Hi`);
    expect(`${mail!.subject}\n${mail!.body}`).not.toContain(displayName);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
  });

  it('refuses a recipient with a CR/LF or another control character (a header injection) with 400, mailing nobody', async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(4);
    const sent = t.mailer.sent.length;
    for (const address of ['friend@example.org\r\nBcc: victim@example.org', 'friend@example.org\n', '"friend\tx"@example.org', 'friend@example.org\u0000']) {
      const res = await share(sid, { url: a.path, provider: 'email', sharedWith: ['ok@example.org', address] }).expect(400);
      expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'sharedWith', errorMessage: MESSAGES.email.invalidShared }]);
    }
    expect(t.mailer.sent.length).toBe(sent);
  });

  it(`limits the message to ${SHARE_MESSAGE_MAX} characters with a clear 400, and keeps it plain text`, async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(4);
    const sent = t.mailer.sent.length;
    const res = await share(sid, { url: a.path, provider: 'email', sharedWith: ['long@example.org'], message: 'x'.repeat(SHARE_MESSAGE_MAX + 1) }).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'message', errorMessage: LIBRARY_MESSAGES.shareMessageTooLong }]);
    expect(t.mailer.sent.length).toBe(sent);
    const html = '<a href="https://evil.example">Reset</a>'.padEnd(SHARE_MESSAGE_MAX, '.');
    await share(sid, { url: a.path, provider: 'email', sharedWith: ['long@example.org'], message: html }).expect(200);
    expect(mailsTo('long@example.org')[0]!.body).toContain(`> ${defangLinks(html)}`);
    expect(mailsTo('long@example.org')[0]!.html).not.toContain('<a href="https://evil.example">');
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

  it(`refuses more than ${SHARE_MAX_RECIPIENTS} recipients in one share with a clear 400, mailing nobody`, async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const a = await article(4);
    const sent = t.mailer.sent.length;
    for (const n of [SHARE_MAX_RECIPIENTS + 1, 20]) {
      const sharedWith = Array.from({ length: n }, (_, i) => `r${i}@example.org`);
      const res = await share(sid, { url: a.path, provider: 'email', sharedWith }).expect(400);
      expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'sharedWith', errorMessage: LIBRARY_MESSAGES.shareTooManyRecipients }]);
    }
    expect(t.mailer.sent.length).toBe(sent);
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

  it('answers 401 to a guest sharing on a network (a guest shares in the popup only, nothing is recorded)', async () => {
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
    await request(t.app)
      .get(`/api/shared-list/${'x'.repeat(43)}`)
      .expect(404);
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
    const { sid, email } = await registerFresh(t);
    await confirmEmail(email);
    const [myLibrary] = await foldersOf(t, sid);
    const { listurl } = ListUrlSchema.parse((await get(t.app, `/service/user/list/url/${myLibrary!.id}`, sid).expect(200)).body);
    await share(sid, { url: listurl, provider: 'email', sharedWith: ['list.reader@example.org'], message: 'My reading list' }).expect(200);
    const [mail] = mailsTo('list.reader@example.org');
    expect(mail!.body).toContain(listurl);
    expect(mail!.subject).toContain('"My Library"');
    expect((await libraryStream(t, '/service/user/history/shared', sid)).entry).toEqual([]);
  });
});

describe('share-list link key', () => {
  it('keys the links with SHARE_LINK_SECRET when set, never the built-in development key', async () => {
    const secret = 'share-link-test-secret-'.repeat(2);
    const keyed = await createTestApp({ rateLimits: UNLIMITED, shareLinkSecret: secret, digestSecret: 'another-digest-secret' });
    try {
      const sid = await sessionOf(keyed, DEMO_SUBSCRIBER);
      const folder = await folderBySlug(keyed, sid, 'strategy-reads');
      const { listurl } = ListUrlSchema.parse((await get(keyed.app, `/service/user/list/url/${folder.id}`, sid).expect(200)).body);
      const token = listurl.split('/').pop()!;
      const { nonce } = await keyed.db.selectFrom('shared_lists').select('nonce').where('folder_id', '=', folder.id).executeTakeFirstOrThrow();
      expect(token).toBe(createHmac('sha256', secret).update(`shared-list:${nonce}`).digest('base64url'));
      expect(token).not.toBe(createHmac('sha256', DEV_DIGEST_SECRET).update(`shared-list:${nonce}`).digest('base64url'));
    } finally {
      await keyed.close();
    }
  });
});

describe('email share rate limit', () => {
  it('refuses email shares past the request limit with 429, per member, leaving network shares alone', async () => {
    const limited = await createTestApp({ rateLimits: { ...UNLIMITED, share: { windowMs: 60_000, limit: 2 } } });
    try {
      const row = await limited.db
        .selectFrom('articles')
        .select(['year', 'month', 'slug'])
        .where('published', '<=', limited.clock.now().toISOString())
        .executeTakeFirstOrThrow();
      const path = `/${row.year}/${String(row.month).padStart(2, '0')}/${row.slug}`;
      const body = { url: path, provider: 'email', sharedWith: ['limit@example.org'] };
      const sid = await sessionOf(limited, DEMO_READER);
      await post(limited.app, '/service/user/share', body, sid).expect(200);
      await post(limited.app, '/service/user/share', body, sid).expect(200);
      const refused = await post(limited.app, '/service/user/share', body, sid).expect(429);
      expect(refused.body.message).toBe(TOO_MANY_REQUESTS);
      expect(limited.mailer.sent).toHaveLength(2);
      // Another member has a budget of their own.
      const other = await sessionOf(limited, DEMO_SUBSCRIBER);
      await post(limited.app, '/service/user/share', body, other).expect(200);
      for (let i = 0; i < 3; i++) await post(limited.app, '/service/user/share', { url: path, provider: 'twitter' }, sid).expect(200);
    } finally {
      await limited.close();
    }
  });

  it(`mails at most ${SHARE_RECIPIENTS_PER_DAY} addresses a member a day, counted in the database so every API process agrees`, async () => {
    const own = await createTestApp({ rateLimits: UNLIMITED });
    try {
      // A second API process over the same database.
      const second = createApp({
        db: own.db,
        clock: own.clock,
        config: own.config,
        mailer: own.mailer,
        captcha: localCaptchaVerifier,
        geolocation: createLocalGeolocator('US'),
        logger: silentLogger,
      });
      const row = await own.db
        .selectFrom('articles')
        .select(['year', 'month', 'slug'])
        .where('published', '<=', own.clock.now().toISOString())
        .executeTakeFirstOrThrow();
      const url = `/${row.year}/${String(row.month).padStart(2, '0')}/${row.slug}`;
      const sid = await sessionOf(own, DEMO_READER);
      const batch = (n: number, from: number) => Array.from({ length: n }, (_, i) => `day${from + i}@example.org`);
      // 40 through one process, 10 through the other: 50 in all.
      for (let i = 0; i < 4; i++) await post(own.app, '/service/user/share', { url, provider: 'email', sharedWith: batch(10, i * 10) }, sid).expect(200);
      await post(second, '/service/user/share', { url, provider: 'email', sharedWith: batch(10, 40) }, sid).expect(200);
      expect(own.mailer.sent).toHaveLength(SHARE_RECIPIENTS_PER_DAY);
      // One more address, through either process: 429, nothing sent.
      for (const app of [own.app, second]) {
        const refused = await post(app, '/service/user/share', { url, provider: 'email', sharedWith: ['one.more@example.org'] }, sid).expect(429);
        expect(refused.body).toEqual({ message: LIBRARY_MESSAGES.shareDailyLimit });
      }
      expect(own.mailer.sent).toHaveLength(SHARE_RECIPIENTS_PER_DAY);
      // Network shares and other members are not affected.
      await post(own.app, '/service/user/share', { url, provider: 'linkedin' }, sid).expect(200);
      const other = await sessionOf(own, DEMO_SUBSCRIBER);
      await post(second, '/service/user/share', { url, provider: 'email', sharedWith: ['other.member@example.org'] }, other).expect(200);
      // A day later the member may share again.
      own.clock.advance(24 * 60 * 60 * 1000 + 1000);
      await post(own.app, '/service/user/share', { url, provider: 'email', sharedWith: ['next.day@example.org'] }, sid).expect(200);
    } finally {
      await own.close();
    }
  });

  it('refuses a share that would cross the day’s allowance as a whole, mailing nobody, and counts nothing for it', async () => {
    const own = await createTestApp({ rateLimits: UNLIMITED });
    try {
      const row = await own.db
        .selectFrom('articles')
        .select(['year', 'month', 'slug'])
        .where('published', '<=', own.clock.now().toISOString())
        .executeTakeFirstOrThrow();
      const url = `/${row.year}/${String(row.month).padStart(2, '0')}/${row.slug}`;
      const sid = await sessionOf(own, DEMO_READER);
      const batch = (n: number, from: number) => Array.from({ length: n }, (_, i) => `part${from + i}@example.org`);
      for (let i = 0; i < 4; i++) await post(own.app, '/service/user/share', { url, provider: 'email', sharedWith: batch(10, i * 10) }, sid).expect(200);
      await post(own.app, '/service/user/share', { url, provider: 'email', sharedWith: batch(5, 40) }, sid).expect(200);
      // 45 spent: 10 more is refused whole, and the 5 left are still there.
      await post(own.app, '/service/user/share', { url, provider: 'email', sharedWith: batch(10, 100) }, sid).expect(429);
      expect(own.mailer.sent).toHaveLength(45);
      await post(own.app, '/service/user/share', { url, provider: 'email', sharedWith: batch(5, 200) }, sid).expect(200);
      expect(own.mailer.sent).toHaveLength(50);
    } finally {
      await own.close();
    }
  });
});
