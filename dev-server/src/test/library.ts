/** Helpers for the My Library API tests: CSRF-carrying PUT/DELETE with bodies, folders, streams, seed ids. */
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, type Folder, FolderListSchema, type LibraryStream, LibraryStreamSchema } from 'shared-contracts/server';
import type { TestApp } from './harness';

export function put(app: TestApp['app'], path: string, body: unknown, sid?: string) {
  const req = request(app).put(path).set(CSRF_HEADER, CSRF_VALUE);
  if (sid !== undefined) req.set('Cookie', `sid=${sid}`);
  return req.send(body as object);
}

/** DELETE with a JSON body (bulk discard). */
export function delJson(app: TestApp['app'], path: string, body: unknown, sid?: string) {
  const req = request(app).delete(path).set(CSRF_HEADER, CSRF_VALUE);
  if (sid !== undefined) req.set('Cookie', `sid=${sid}`);
  return req.send(body as object);
}

export async function foldersOf(t: TestApp, sid: string): Promise<Folder[]> {
  const res = await request(t.app).get('/service/user/lists').set('Cookie', `sid=${sid}`).expect(200);
  return FolderListSchema.parse(res.body);
}

export async function folderBySlug(t: TestApp, sid: string, slug: string): Promise<Folder> {
  const folder = (await foldersOf(t, sid)).find((f) => f.slug === slug);
  if (!folder) throw new Error(`no folder ${slug}`);
  return folder;
}

/** GET a library stream and parse it (fails the test on any other status). */
export async function libraryStream(t: TestApp, path: string, sid: string): Promise<LibraryStream> {
  const res = await request(t.app).get(path).set('Cookie', `sid=${sid}`);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return LibraryStreamSchema.parse(res.body);
}

/** Every item of a library stream, page after page (size 50). */
export async function allItems(t: TestApp, path: string, sid: string): Promise<LibraryStream['entry']> {
  const out: LibraryStream['entry'] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let n = 0; ; n++) {
    const page = await libraryStream(t, `${path}${sep}page=${n}&size=50`, sid);
    out.push(...page.entry);
    if (page.page.last) return out;
  }
}

/** Published ids of each kind, in id order (the seed's). */
export async function contentIds(t: TestApp): Promise<{ articles: string[]; videos: string[]; charts: string[] }> {
  const until = t.clock.now().toISOString();
  const articles = await t.db.selectFrom('articles').select('id').where('published', '<=', until).orderBy('id').execute();
  const videos = await t.db.selectFrom('videos').select('id').where('pubdate', '<=', until).orderBy('id').execute();
  const charts = await t.db.selectFrom('charts').select('id').where('published', '<=', until).orderBy('id').execute();
  return { articles: articles.map((r) => r.id), videos: videos.map((r) => r.id), charts: charts.map((r) => r.id) };
}

/** Rows of library_items in a folder. */
export async function rowsIn(t: TestApp, folderId: string): Promise<{ content_id: string; content_kind: string }[]> {
  return t.db.selectFrom('library_items').select(['content_id', 'content_kind']).where('folder_id', '=', folderId).execute();
}
