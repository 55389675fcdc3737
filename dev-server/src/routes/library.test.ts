/** My Library over HTTP: folders, saves, organize, discard, bulk actions, folder streams, access control. */
import request from 'supertest';
import {
  ApiErrorBodySchema,
  BulkResultSchema,
  CSRF_HEADER,
  CSRF_VALUE,
  type Folder,
  folderAlreadyExists,
  FolderSchema,
  ItemListsSchema,
  LIBRARY_MESSAGES,
  MESSAGES,
  MY_LIBRARY_FOLDER_NAME,
} from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post, registerFresh } from '../test/accounts';
import { del, sessionOf } from '../test/discovery';
import { createTestApp, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { allItems, contentIds, delJson, folderBySlug, foldersOf, libraryStream, put, rowsIn } from '../test/library';

let t: TestApp;
let ids: Awaited<ReturnType<typeof contentIds>>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  ids = await contentIds(t);
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

let counter = 0;
/** A folder name no test has used (letters, digits and spaces). */
const freshName = (prefix = 'Box') => `${prefix} ${++counter}`;

/** A fresh member (only the My Library folder) and its session. */
async function member(): Promise<{ sid: string; myLibrary: Folder }> {
  const { sid } = await registerFresh(t);
  const [myLibrary] = await foldersOf(t, sid);
  if (!myLibrary) throw new Error('no My Library folder');
  return { sid, myLibrary };
}

const createFolder = (sid: string | undefined, name: string, description?: string) =>
  post(t.app, '/service/user/lists', description === undefined ? { name } : { name, description }, sid);

async function newFolder(sid: string, name = freshName()): Promise<Folder> {
  return FolderSchema.parse((await createFolder(sid, name).expect(201)).body);
}

const save = (sid: string | undefined, id: string, listIds?: string[]) => post(t.app, '/service/user/saves', listIds ? { id, listIds } : { id }, sid);

describe('who may call it', () => {
  const calls: [string, (sid?: string) => request.Test][] = [
    ['GET /service/user/saves', (sid) => get(t.app, '/service/user/saves', sid)],
    ['GET /service/user/list/{id}', (sid) => get(t.app, '/service/user/list/f-000000000000', sid)],
    ['GET /service/user/list/url/{id}', (sid) => get(t.app, '/service/user/list/url/f-000000000000', sid)],
    ['GET /service/user/history/saved', (sid) => get(t.app, '/service/user/history/saved', sid)],
    ['GET /service/user/saves/{id}/lists', (sid) => get(t.app, `/service/user/saves/${ids.articles[0]}/lists`, sid)],
    ['POST /service/user/lists', (sid) => createFolder(sid, 'Guest folder')],
    ['PUT /service/user/lists/{id}', (sid) => put(t.app, '/service/user/lists/f-000000000000', { name: 'Renamed' }, sid)],
    ['DELETE /service/user/lists/{id}', (sid) => del(t.app, '/service/user/lists/f-000000000000', sid)],
    ['POST /service/user/saves', (sid) => save(sid, ids.articles[0]!)],
    ['PUT /service/user/saves/{id}/lists', (sid) => put(t.app, `/service/user/saves/${ids.articles[0]}/lists`, { listIds: [] }, sid)],
    ['DELETE /service/user/saves/{id}', (sid) => del(t.app, `/service/user/saves/${ids.articles[0]}`, sid)],
    ['POST /service/user/saves/bulk', (sid) => post(t.app, '/service/user/saves/bulk', { ids: [ids.articles[0]], listIds: [] }, sid)],
    ['DELETE /service/user/saves/bulk', (sid) => delJson(t.app, '/service/user/saves/bulk', { ids: [ids.articles[0]] }, sid)],
    ['POST /service/user/watched', (sid) => post(t.app, '/service/user/watched', { id: ids.videos[0] }, sid)],
  ];

  it.each(calls)('%s answers 401 to a guest', async (_name, call) => {
    const res = await call().expect(401);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe('Not signed in');
  });

  it('refuses every state change without the CSRF header (403), changing nothing', async () => {
    const { sid, myLibrary } = await member();
    const bare = (method: 'post' | 'put' | 'delete', path: string, body: object) =>
      request(t.app)[method](path).set('Cookie', `sid=${sid}`).send(body).expect(403);
    await bare('post', '/service/user/lists', { name: 'No header' });
    await bare('put', `/service/user/lists/${myLibrary.id}`, { name: 'No header' });
    await bare('delete', `/service/user/lists/${myLibrary.id}`, {});
    await bare('post', '/service/user/saves', { id: ids.articles[0] });
    await bare('put', `/service/user/saves/${ids.articles[0]}/lists`, { listIds: [] });
    await bare('delete', `/service/user/saves/${ids.articles[0]}`, {});
    await bare('post', '/service/user/saves/bulk', { ids: [ids.articles[0]], listIds: [] });
    await bare('delete', '/service/user/saves/bulk', { ids: [ids.articles[0]] });
    await bare('post', '/service/user/share', { url: '/', provider: 'linkedin' });
    await bare('post', '/service/user/watched', { id: ids.videos[0] });
    // A request from another site is refused even with the header.
    await request(t.app)
      .post('/service/user/lists')
      .set(CSRF_HEADER, CSRF_VALUE)
      .set('Origin', 'https://evil.example')
      .set('Cookie', `sid=${sid}`)
      .send({ name: 'Cross site' })
      .expect(403);
    expect((await foldersOf(t, sid)).map((f) => f.name)).toEqual([MY_LIBRARY_FOLDER_NAME]);
    expect(await rowsIn(t, myLibrary.id)).toEqual([]);
  });
});

describe('POST /service/user/lists (create a folder)', () => {
  it('answers 201 with the folder: slug from the name, empty, not read-only; it joins the list', async () => {
    const { sid } = await member();
    const res = await createFolder(sid, 'Board  prep 2025', '  For the March board meeting ').expect(201);
    const folder = FolderSchema.parse(res.body);
    expect(folder).toMatchObject({
      name: 'Board  prep 2025',
      description: 'For the March board meeting',
      slug: 'board-prep-2025',
      readOnly: false,
      itemCount: 0,
    });
    expect(folder.id).toMatch(/^f-[0-9a-f]{12}$/);
    const folders = await foldersOf(t, sid);
    expect(folders.map((f) => f.name)).toEqual([MY_LIBRARY_FOLDER_NAME, 'Board  prep 2025']);
    expect(folders[1]).toEqual(folder);
  });

  it('makes the description optional (empty)', async () => {
    const { sid } = await member();
    expect((await newFolder(sid, 'Reading pile')).description).toBe('');
  });

  it.each([
    ['an empty name', '', MESSAGES.required],
    ['a blank name', '    ', MESSAGES.required],
    ['a name with other characters', 'Ideas & plans', MESSAGES.folder.invalidName],
    ['a name with accents', 'Café talks', MESSAGES.folder.invalidName],
    ['a name of 31 characters', 'a'.repeat(31), MESSAGES.folder.invalidName],
  ])('refuses %s with 400 and the spec message on the name field', async (_label, name, message) => {
    const { sid } = await member();
    const res = await createFolder(sid, name).expect(400);
    expect(ApiErrorBodySchema.parse(res.body)).toEqual({ message, errors: [{ field: 'name', errorMessage: message }] });
    expect(await foldersOf(t, sid)).toHaveLength(1);
  });

  it('accepts 30 characters, and refuses a missing name or a description over 300 characters', async () => {
    const { sid } = await member();
    await createFolder(sid, 'a'.repeat(30)).expect(201);
    const missing = await post(t.app, '/service/user/lists', { description: 'no name' }, sid).expect(400);
    expect(ApiErrorBodySchema.parse(missing.body).errors).toEqual([{ field: 'name', errorMessage: MESSAGES.required }]);
    const long = await createFolder(sid, 'Long description', 'x'.repeat(301)).expect(400);
    expect(ApiErrorBodySchema.parse(long.body).errors?.[0]?.field).toBe('description');
  });

  it('answers 409 for a name already used, ignoring case and spaces (My Library included)', async () => {
    const sid = await sessionOf(t, DEMO_READER);
    for (const name of ['strategy READS', 'StrategyReads', ' Strategy  reads ', 'my library', 'MYLIBRARY']) {
      const res = await createFolder(sid, name).expect(409);
      const body = ApiErrorBodySchema.parse(res.body);
      expect(body.message).toBe(folderAlreadyExists(name.trim()));
      expect(body.errors).toEqual([{ field: 'name', errorMessage: MESSAGES.folder.duplicate }]);
    }
    expect((await foldersOf(t, sid)).filter((f) => f.name.toLowerCase().replace(/\s/g, '') === 'strategyreads')).toHaveLength(1);
  });

  it('lets two members use the same name', async () => {
    const a = await member();
    const b = await member();
    const fa = await newFolder(a.sid, 'Shared name');
    const fb = await newFolder(b.sid, 'Shared name');
    expect(fa.slug).toBe('shared-name');
    expect(fb.slug).toBe('shared-name');
    expect(fa.id).not.toBe(fb.id);
  });

  it('keeps one folder when the same name is created twice at once', async () => {
    const { sid } = await member();
    const answers = await Promise.all([createFolder(sid, 'Twice'), createFolder(sid, 'twice ')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await foldersOf(t, sid)).filter((f) => f.slug === 'twice')).toHaveLength(1);
  });

  it('keeps slugs unique per member when an older folder holds the slug', async () => {
    const { sid } = await member();
    const folder = await newFolder(sid, 'Old ideas');
    // A folder whose slug no longer follows its name (as older data may have).
    await t.db.updateTable('folders').set({ slug: 'ideas' }).where('id', '=', folder.id).execute();
    expect((await newFolder(sid, 'Ideas')).slug).toBe('ideas-2');
  });
});

describe('PUT /service/user/lists/{id} (rename, describe)', () => {
  it('renames and describes a folder; its slug follows the name; its items stay', async () => {
    const { sid } = await member();
    const folder = await newFolder(sid, 'Draft name');
    await save(sid, ids.articles[3]!, [folder.id]).expect(200);
    const res = await put(t.app, `/service/user/lists/${folder.id}`, { name: 'Final name', description: 'Now described' }, sid).expect(200);
    expect(FolderSchema.parse(res.body)).toEqual({ ...folder, name: 'Final name', slug: 'final-name', description: 'Now described', itemCount: 1 });
    // Without a description the description stays.
    const again = FolderSchema.parse((await put(t.app, `/service/user/lists/${folder.id}`, { name: 'FINAL name' }, sid).expect(200)).body);
    expect(again).toMatchObject({ name: 'FINAL name', slug: 'final-name', description: 'Now described' });
    // An empty description clears it.
    expect(
      FolderSchema.parse((await put(t.app, `/service/user/lists/${folder.id}`, { name: 'Final name', description: '' }, sid).expect(200)).body).description,
    ).toBe('');
  });

  it("answers 409 for another folder's name (ignoring case and spaces), and 400 for a bad name", async () => {
    const { sid } = await member();
    await newFolder(sid, 'Keep me');
    const folder = await newFolder(sid, 'Rename me');
    const dup = await put(t.app, `/service/user/lists/${folder.id}`, { name: 'keepme' }, sid).expect(409);
    expect(ApiErrorBodySchema.parse(dup.body).message).toBe(folderAlreadyExists('keepme'));
    const bad = await put(t.app, `/service/user/lists/${folder.id}`, { name: 'no/slashes' }, sid).expect(400);
    expect(ApiErrorBodySchema.parse(bad.body).errors).toEqual([{ field: 'name', errorMessage: MESSAGES.folder.invalidName }]);
    const blank = await put(t.app, `/service/user/lists/${folder.id}`, { name: ' ' }, sid).expect(400);
    expect(ApiErrorBodySchema.parse(blank.body).message).toBe(MESSAGES.required);
    expect((await foldersOf(t, sid)).find((f) => f.id === folder.id)?.name).toBe('Rename me');
  });

  it('refuses read-only folders with 403', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    for (const slug of ['my-library', 'gifts']) {
      const folder = await folderBySlug(t, sid, slug);
      const res = await put(t.app, `/service/user/lists/${folder.id}`, { name: 'Taken over' }, sid).expect(403);
      expect(ApiErrorBodySchema.parse(res.body).message).toBe(LIBRARY_MESSAGES.readOnlyFolder);
      expect((await folderBySlug(t, sid, slug)).name).toBe(folder.name);
    }
  });

  it("answers 404 for another member's folder and for a guessed id", async () => {
    const owner = await sessionOf(t, DEMO_READER);
    const other = (await member()).sid;
    const folder = await folderBySlug(t, owner, 'team-offsite');
    for (const id of [folder.id, 'f-000000000000', 'not a folder']) {
      const res = await put(t.app, `/service/user/lists/${encodeURIComponent(id)}`, { name: 'Mine now' }, other).expect(404);
      expect(ApiErrorBodySchema.parse(res.body).message).toBe(LIBRARY_MESSAGES.notFound);
    }
    expect((await folderBySlug(t, owner, 'team-offsite')).name).toBe('Team offsite');
  });
});

describe('DELETE /service/user/lists/{id}', () => {
  it('deletes the folder; its items stay saved in My Library', async () => {
    const { sid, myLibrary } = await member();
    const folder = await newFolder(sid);
    await save(sid, ids.articles[1]!, [folder.id]).expect(200);
    await save(sid, ids.videos[1]!, [folder.id]).expect(200);
    expect((await del(t.app, `/service/user/lists/${folder.id}`, sid).expect(200)).body).toEqual({ ok: true });
    expect((await foldersOf(t, sid)).map((f) => f.id)).toEqual([myLibrary.id]);
    expect(await rowsIn(t, folder.id)).toEqual([]);
    const saves = await allItems(t, '/service/user/saves', sid);
    expect(saves.map((i) => i.id).sort()).toEqual([ids.articles[1], ids.videos[1]].sort());
    expect(saves.every((i) => i.content.listIds.length === 1 && i.content.listIds[0] === myLibrary.id)).toBe(true);
    await del(t.app, `/service/user/lists/${folder.id}`, sid).expect(404);
  });

  it("refuses read-only folders (403) and another member's folder (404)", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    for (const slug of ['my-library', 'gifts']) {
      const folder = await folderBySlug(t, sid, slug);
      expect(ApiErrorBodySchema.parse((await del(t.app, `/service/user/lists/${folder.id}`, sid).expect(403)).body).message).toBe(
        LIBRARY_MESSAGES.readOnlyFolder,
      );
    }
    const readers = await foldersOf(t, await sessionOf(t, DEMO_READER));
    for (const f of readers) await del(t.app, `/service/user/lists/${f.id}`, sid).expect(404);
    expect(await foldersOf(t, await sessionOf(t, DEMO_READER))).toEqual(readers);
  });
});

describe('a rename racing a delete', () => {
  it('ends consistent every time: the folder is gone, no rows are left, the rename answers 200 or 404', async () => {
    const { sid, myLibrary } = await member();
    for (let round = 0; round < 6; round++) {
      const folder = await newFolder(sid, `Race ${round}`);
      await save(sid, ids.articles[10 + round]!, [folder.id]).expect(200);
      const rename = put(t.app, `/service/user/lists/${folder.id}`, { name: `Renamed ${round}` }, sid);
      const remove = del(t.app, `/service/user/lists/${folder.id}`, sid);
      const [renamed, removed] = round % 2 === 0 ? await Promise.all([rename, remove]) : (await Promise.all([remove, rename])).reverse();
      expect(removed!.status).toBe(200);
      expect([200, 404]).toContain(renamed!.status);
      if (renamed!.status === 404) expect(renamed!.body.message).toBe(LIBRARY_MESSAGES.notFound);
      expect((await foldersOf(t, sid)).some((f) => f.id === folder.id)).toBe(false);
      expect(await t.db.selectFrom('library_items').select('content_id').where('folder_id', '=', folder.id).execute()).toEqual([]);
      await get(t.app, `/service/user/list/${folder.id}`, sid).expect(404);
      // After the delete, a rename is a 404.
      await put(t.app, `/service/user/lists/${folder.id}`, { name: `Late ${round}` }, sid).expect(404);
    }
    expect((await rowsIn(t, myLibrary.id)).length).toBe(6);
  });
});

describe('POST /service/user/saves (save)', () => {
  it('saves an article into My Library, newest first in the saves stream', async () => {
    const { sid, myLibrary } = await member();
    t.clock.set('2025-07-01T12:00:00.000Z');
    expect(ItemListsSchema.parse((await save(sid, ids.articles[5]!).expect(200)).body)).toEqual({ id: ids.articles[5], listIds: [myLibrary.id] });
    t.clock.set('2025-07-01T12:05:00.000Z');
    await save(sid, ids.articles[6]!).expect(200);
    const stream = await libraryStream(t, '/service/user/saves', sid);
    expect(stream.type).toBe('user/saves');
    expect(stream.isPaywallEnabled).toBe(true);
    expect(stream.entry.map((i) => i.id)).toEqual([ids.articles[6], ids.articles[5]]);
    expect(stream.entry[0]!.content).toEqual({
      kind: 'article',
      activity: 'saved',
      activityAt: '2025-07-01T12:05:00.000Z',
      selectable: true,
      readOnly: false,
      listIds: [myLibrary.id],
      provider: null,
      sharedWith: [],
      order: null,
    });
    // The entry is the issue-5 stream entry of the article.
    const article = await t.db.selectFrom('articles').select(['title', 'year', 'month', 'slug']).where('id', '=', ids.articles[6]!).executeTakeFirstOrThrow();
    expect(stream.entry[0]).toMatchObject({ title: article.title, url: `/${article.year}/${String(article.month).padStart(2, '0')}/${article.slug}` });
  });

  it('keeps one row when the same item is saved twice (also at once)', async () => {
    const { sid, myLibrary } = await member();
    const folder = await newFolder(sid);
    await save(sid, ids.articles[7]!, [folder.id]).expect(200);
    await save(sid, ids.articles[7]!, [folder.id]).expect(200);
    await Promise.all([save(sid, ids.articles[8]!), save(sid, ids.articles[8]!), save(sid, ids.articles[8]!)]);
    expect((await rowsIn(t, myLibrary.id)).map((r) => r.content_id).sort()).toEqual([ids.articles[7], ids.articles[8]].sort());
    expect(await rowsIn(t, folder.id)).toEqual([{ content_id: ids.articles[7], content_kind: 'article' }]);
    expect((await foldersOf(t, sid)).map((f) => f.itemCount)).toEqual([2, 1]);
  });

  it('saves videos and charts as well, into the chosen folders', async () => {
    const { sid, myLibrary } = await member();
    const a = await newFolder(sid);
    const b = await newFolder(sid);
    const video = ItemListsSchema.parse((await save(sid, ids.videos[2]!, [a.id, b.id, myLibrary.id]).expect(200)).body);
    expect(video).toEqual({ id: ids.videos[2], listIds: [myLibrary.id, a.id, b.id] });
    await save(sid, ids.charts[2]!, [b.id]).expect(200);
    const saves = await allItems(t, '/service/user/saves', sid);
    expect(saves.map((i) => [i.id, i.content.kind, i.contentType])).toEqual([
      [ids.charts[2], 'chart', 'Chart'],
      [ids.videos[2], 'video', 'Video'],
    ]);
    const inB = await libraryStream(t, `/service/user/list/${b.id}`, sid);
    expect(inB.type).toBe(`user/list/${b.id}`);
    expect(inB.entry.map((i) => i.id)).toEqual([ids.charts[2], ids.videos[2]]);
    expect(inB.entry.every((i) => i.content.selectable && !i.content.readOnly)).toBe(true);
  });

  it('answers 404 for unknown content, 404 for a folder not the member’s, 403 for a read-only folder, saving nothing', async () => {
    const { sid, myLibrary } = await member();
    expect(ApiErrorBodySchema.parse((await save(sid, 'a19990101').expect(404)).body).message).toBe(LIBRARY_MESSAGES.unknownContent);
    const readerFolder = await folderBySlug(t, await sessionOf(t, DEMO_READER), 'strategy-reads');
    expect(ApiErrorBodySchema.parse((await save(sid, ids.articles[9]!, [readerFolder.id]).expect(404)).body).message).toBe(LIBRARY_MESSAGES.notFound);
    await save(sid, ids.articles[9]!, ['f-000000000000']).expect(404);
    expect(await rowsIn(t, myLibrary.id)).toEqual([]);

    const subscriber = await sessionOf(t, DEMO_SUBSCRIBER);
    const gifts = await folderBySlug(t, subscriber, 'gifts');
    const res = await save(subscriber, ids.articles[9]!, [gifts.id]).expect(403);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe(LIBRARY_MESSAGES.readOnlyFolder);
    expect((await rowsIn(t, gifts.id)).map((r) => r.content_id)).not.toContain(ids.articles[9]);
  });

  it('answers 404 for content not yet published', async () => {
    const { sid } = await member();
    t.clock.set('2024-01-01T00:00:00.000Z');
    const later = await t.db.selectFrom('articles').select('id').where('published', '>', '2024-06-01').orderBy('id').executeTakeFirstOrThrow();
    await save(sid, later.id).expect(404);
  });

  it('refuses a malformed body with 400', async () => {
    const { sid } = await member();
    expect(ApiErrorBodySchema.parse((await post(t.app, '/service/user/saves', {}, sid).expect(400)).body).errors?.[0]).toEqual({
      field: 'id',
      errorMessage: MESSAGES.required,
    });
    await post(t.app, '/service/user/saves', { id: ids.articles[0], listIds: 'f-1' }, sid).expect(400);
    await post(t.app, '/service/user/saves', { id: 'x'.repeat(81) }, sid).expect(400);
  });
});

describe('GET and PUT /service/user/saves/{id}/lists (organize)', () => {
  it('answers the folders holding a saved item, and none for an item not saved', async () => {
    const { sid, myLibrary } = await member();
    const folder = await newFolder(sid);
    await save(sid, ids.articles[11]!, [folder.id]).expect(200);
    expect(ItemListsSchema.parse((await get(t.app, `/service/user/saves/${ids.articles[11]}/lists`, sid).expect(200)).body)).toEqual({
      id: ids.articles[11],
      listIds: [myLibrary.id, folder.id],
    });
    expect((await get(t.app, `/service/user/saves/${ids.articles[12]}/lists`, sid).expect(200)).body).toEqual({ id: ids.articles[12], listIds: [] });
    // Another member's save says nothing to this member.
    const readerSaves = await rowsIn(t, (await folderBySlug(t, await sessionOf(t, DEMO_READER), 'my-library')).id);
    const theirs = readerSaves[0]!.content_id;
    expect((await get(t.app, `/service/user/saves/${theirs}/lists`, sid).expect(200)).body).toEqual({ id: theirs, listIds: [] });
  });

  it('sets the own folders exactly, keeping My Library', async () => {
    const { sid, myLibrary } = await member();
    const [a, b, c] = [await newFolder(sid), await newFolder(sid), await newFolder(sid)];
    await save(sid, ids.articles[13]!, [a.id, b.id]).expect(200);
    const moved = ItemListsSchema.parse((await put(t.app, `/service/user/saves/${ids.articles[13]}/lists`, { listIds: [c.id, b.id] }, sid).expect(200)).body);
    expect(moved).toEqual({ id: ids.articles[13], listIds: [myLibrary.id, b.id, c.id] });
    const none = ItemListsSchema.parse((await put(t.app, `/service/user/saves/${ids.articles[13]}/lists`, { listIds: [] }, sid).expect(200)).body);
    expect(none.listIds).toEqual([myLibrary.id]);
    expect((await foldersOf(t, sid)).map((f) => f.itemCount)).toEqual([1, 0, 0, 0]);
  });

  it('answers 404 when the item is not saved or a folder is not the member’s, 403 for a read-only folder', async () => {
    const { sid } = await member();
    const folder = await newFolder(sid);
    await put(t.app, `/service/user/saves/${ids.articles[14]}/lists`, { listIds: [folder.id] }, sid).expect(404);
    await save(sid, ids.articles[14]!, [folder.id]).expect(200);
    const readerFolder = await folderBySlug(t, await sessionOf(t, DEMO_READER), 'team-offsite');
    await put(t.app, `/service/user/saves/${ids.articles[14]}/lists`, { listIds: [readerFolder.id] }, sid).expect(404);
    expect((await rowsIn(t, folder.id)).length).toBe(1);
    await put(t.app, `/service/user/saves/${ids.articles[14]}/lists`, { listIds: 'none' }, sid).expect(400);

    const subscriber = await sessionOf(t, DEMO_SUBSCRIBER);
    const [saved] = await allItems(t, '/service/user/saves', subscriber);
    const gifts = await folderBySlug(t, subscriber, 'gifts');
    await put(t.app, `/service/user/saves/${saved!.id}/lists`, { listIds: [gifts.id] }, subscriber).expect(403);
  });
});

describe('DELETE /service/user/saves/{id} (discard)', () => {
  it('removes the item from My Library and every folder; a second discard is 404', async () => {
    const { sid, myLibrary } = await member();
    const [a, b] = [await newFolder(sid), await newFolder(sid)];
    await save(sid, ids.videos[3]!, [a.id, b.id]).expect(200);
    await save(sid, ids.articles[15]!, [a.id]).expect(200);
    expect((await del(t.app, `/service/user/saves/${ids.videos[3]}`, sid).expect(200)).body).toEqual({ ok: true });
    expect((await rowsIn(t, myLibrary.id)).map((r) => r.content_id)).toEqual([ids.articles[15]]);
    expect((await rowsIn(t, a.id)).map((r) => r.content_id)).toEqual([ids.articles[15]]);
    expect(await rowsIn(t, b.id)).toEqual([]);
    expect(ApiErrorBodySchema.parse((await del(t.app, `/service/user/saves/${ids.videos[3]}`, sid).expect(404)).body).message).toBe(LIBRARY_MESSAGES.notFound);
  });

  it("never touches another member's saves", async () => {
    const { sid } = await member();
    const reader = await sessionOf(t, DEMO_READER);
    const before = await allItems(t, '/service/user/saves', reader);
    await del(t.app, `/service/user/saves/${before[0]!.id}`, sid).expect(404);
    expect(await allItems(t, '/service/user/saves', reader)).toEqual(before);
  });
});

describe('bulk organize and bulk discard', () => {
  it('adds every saved id to every folder, ignoring ids not saved; counts items that got added', async () => {
    const { sid } = await member();
    const [a, b] = [await newFolder(sid), await newFolder(sid)];
    const saved = [ids.articles[16]!, ids.videos[4]!, ids.charts[4]!];
    for (const id of saved) await save(sid, id).expect(200);
    await save(sid, ids.articles[17]!, [a.id, b.id]).expect(200);
    const res = await post(
      t.app,
      '/service/user/saves/bulk',
      { ids: [...saved, ids.articles[17], ids.articles[18], 'unknown-id'], listIds: [a.id, b.id] },
      sid,
    ).expect(200);
    expect(BulkResultSchema.parse(res.body)).toEqual({ count: 3 });
    expect((await rowsIn(t, a.id)).length).toBe(4);
    expect((await rowsIn(t, b.id)).length).toBe(4);
    // Not saved: not added anywhere (and not saved by the bulk call either).
    expect((await get(t.app, `/service/user/saves/${ids.articles[18]}/lists`, sid).expect(200)).body.listIds).toEqual([]);
    // Again: nothing new.
    expect((await post(t.app, '/service/user/saves/bulk', { ids: saved, listIds: [a.id] }, sid).expect(200)).body).toEqual({ count: 0 });
    // No folder: nothing to do.
    expect((await post(t.app, '/service/user/saves/bulk', { ids: saved }, sid).expect(200)).body).toEqual({ count: 0 });
  });

  it("refuses another member's folder (404) and a read-only folder (403), adding nothing", async () => {
    const { sid } = await member();
    const a = await newFolder(sid);
    await save(sid, ids.articles[19]!).expect(200);
    const readerFolder = await folderBySlug(t, await sessionOf(t, DEMO_READER), 'strategy-reads');
    await post(t.app, '/service/user/saves/bulk', { ids: [ids.articles[19]], listIds: [a.id, readerFolder.id] }, sid).expect(404);
    expect(await rowsIn(t, a.id)).toEqual([]);
    const subscriber = await sessionOf(t, DEMO_SUBSCRIBER);
    const gifts = await folderBySlug(t, subscriber, 'gifts');
    const [first] = await allItems(t, '/service/user/saves', subscriber);
    const res = await post(t.app, '/service/user/saves/bulk', { ids: [first!.id], listIds: [gifts.id] }, subscriber).expect(403);
    expect(res.body.message).toBe(LIBRARY_MESSAGES.readOnlyFolder);
  });

  it('refuses an empty or oversized selection with 400', async () => {
    const { sid } = await member();
    await post(t.app, '/service/user/saves/bulk', { ids: [], listIds: [] }, sid).expect(400);
    await delJson(t.app, '/service/user/saves/bulk', {}, sid).expect(400);
    await delJson(t.app, '/service/user/saves/bulk', { ids: Array.from({ length: 201 }, (_, i) => `a${i}`) }, sid).expect(400);
  });

  it('discards every saved id from My Library and all folders; counts those removed', async () => {
    const { sid, myLibrary } = await member();
    const a = await newFolder(sid);
    const saved = [ids.articles[20]!, ids.articles[21]!, ids.videos[5]!];
    for (const id of saved) await save(sid, id, [a.id]).expect(200);
    const res = await delJson(t.app, '/service/user/saves/bulk', { ids: [saved[0], saved[2], ids.articles[22], 'nope'] }, sid).expect(200);
    expect(BulkResultSchema.parse(res.body)).toEqual({ count: 2 });
    expect((await rowsIn(t, myLibrary.id)).map((r) => r.content_id)).toEqual([saved[1]]);
    expect((await rowsIn(t, a.id)).map((r) => r.content_id)).toEqual([saved[1]]);
    expect((await delJson(t.app, '/service/user/saves/bulk', { ids: [saved[0]] }, sid).expect(200)).body).toEqual({ count: 0 });
  });

  it("never discards another member's saves", async () => {
    const { sid } = await member();
    const reader = await sessionOf(t, DEMO_READER);
    const before = await allItems(t, '/service/user/saves', reader);
    expect((await delJson(t.app, '/service/user/saves/bulk', { ids: before.map((i) => i.id) }, sid).expect(200)).body).toEqual({ count: 0 });
    expect(await allItems(t, '/service/user/saves', reader)).toEqual(before);
  });
});

describe('library streams', () => {
  it('pages the saves from 0, newest save first, with page facts', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const myLibrary = await folderBySlug(t, sid, 'my-library');
    const first = await libraryStream(t, '/service/user/saves?page=0&size=4', sid);
    expect(first.page).toEqual({ number: 0, size: 4, totalPages: Math.ceil(myLibrary.itemCount / 4), totalElements: myLibrary.itemCount, last: false });
    const all = await allItems(t, '/service/user/saves', sid);
    expect(all).toHaveLength(myLibrary.itemCount);
    expect(all.slice(0, 4)).toEqual(first.entry);
    const times = all.map((i) => i.content.activityAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The seed's saves include a video and a chart, newest.
    expect(all.slice(0, 2).map((i) => i.content.kind)).toEqual(['chart', 'video']);
    expect(all.every((i) => i.content.selectable && !i.content.readOnly && i.content.listIds[0] === myLibrary.id)).toBe(true);
    // Default size 10; past the end: no entries, last.
    expect((await libraryStream(t, '/service/user/saves', sid)).page.size).toBe(10);
    const past = await libraryStream(t, '/service/user/saves?page=99', sid);
    expect(past.entry).toEqual([]);
    expect(past.page.last).toBe(true);
    expect(past.isPaywallEnabled).toBe(false);
  });

  it.each(['size=0', 'size=51', 'page=-1', 'page=x', 'size=2.5'])('refuses %s with 400', async (query) => {
    const sid = await sessionOf(t, DEMO_READER);
    await get(t.app, `/service/user/saves?${query}`, sid).expect(400);
  });

  it('shows the items of a read-only gifts folder as read-only, not selectable', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const gifts = await folderBySlug(t, sid, 'gifts');
    expect(gifts).toMatchObject({ name: 'Gifts', readOnly: true, itemCount: 1 });
    const stream = await libraryStream(t, `/service/user/list/${gifts.id}`, sid);
    expect(stream.entry).toHaveLength(1);
    expect(stream.entry[0]!.content).toMatchObject({ kind: 'article', activity: 'saved', selectable: false, readOnly: true });
    expect(stream.entry[0]!.content.listIds).toContain(gifts.id);
  });

  it("answers 404 for another member's folder and for a guessed id", async () => {
    const reader = await sessionOf(t, DEMO_READER);
    const subscriber = await sessionOf(t, DEMO_SUBSCRIBER);
    for (const f of await foldersOf(t, subscriber)) {
      expect((await get(t.app, `/service/user/list/${f.id}`, reader).expect(404)).body.message).toBe(LIBRARY_MESSAGES.notFound);
    }
    await get(t.app, '/service/user/list/f-000000000000', reader).expect(404);
    await get(t.app, '/service/user/list/..%2F..%2Fetc', reader).expect(404);
  });

  it('counts the new table in GET /service/user/lists', async () => {
    const { sid } = await member();
    const folder = await newFolder(sid);
    await save(sid, ids.videos[6]!, [folder.id]).expect(200);
    await save(sid, ids.charts[6]!).expect(200);
    expect((await foldersOf(t, sid)).map((f) => f.itemCount)).toEqual([2, 1]);
  });
});
