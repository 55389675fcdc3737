/** Helpers for the discovery API tests: sessions of the demo accounts, CSRF-carrying DELETEs, streams. */
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, type Stream, StreamSchema } from 'shared-contracts/server';
import { sidFrom, signIn, type TestApp } from './harness';

/** A session of an existing account. */
export async function sessionOf(t: TestApp, user: { email: string; password: string }): Promise<string> {
  const sid = sidFrom(await signIn(t.app, user.email, user.password).expect(200));
  if (!sid) throw new Error(`no session for ${user.email}`);
  return sid;
}

/** DELETE as the site's client does (CSRF header), with an optional session cookie. */
export function del(app: TestApp['app'], path: string, sid?: string) {
  const req = request(app).delete(path).set(CSRF_HEADER, CSRF_VALUE);
  return sid === undefined ? req : req.set('Cookie', `sid=${sid}`);
}

/** GET a stream page and parse it with the shared schema (fails the test on any other status). */
export async function loadStream(t: TestApp, path: string, sid?: string): Promise<Stream> {
  const req = request(t.app).get(path);
  if (sid !== undefined) req.set('Cookie', `sid=${sid}`);
  const res = await req;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return StreamSchema.parse(res.body);
}

/** Every entry of a stream, page after page (size 50). */
export async function loadAll(t: TestApp, type: string, first: 0 | 1, query = '', sid?: string): Promise<Stream['entry']> {
  const all: Stream['entry'] = [];
  for (let n = first; ; n++) {
    const page = await loadStream(t, `/service/stream/${type}/${n}/50${query}`, sid);
    all.push(...page.entry);
    if (page.page.last) return all;
  }
}
