/** Helpers for the paywall API tests: articles of each kind from the seed, the content call, cookies. */
import request from 'supertest';
import { type ArticleContent, ArticleContentSchema, CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import { setCookies, type TestApp } from './harness';

export interface SeedArticle {
  id: string;
  year: number;
  month: number;
  slug: string;
  title: string;
  lead: string;
  body: string[];
  url: string;
  topic_id: string;
}

/** Published articles of a kind, newest first. */
export async function articlesOf(t: TestApp, kind: 'metered' | 'ascend' | 'free', count: number): Promise<SeedArticle[]> {
  let q = t.db
    .selectFrom('articles')
    .select(['id', 'year', 'month', 'slug', 'title', 'lead', 'body', 'topic_id'])
    .where('published', '<=', t.clock.now().toISOString());
  if (kind === 'free') q = q.where('free', '=', 1);
  else q = q.where('free', '=', 0).where('ascend', '=', kind === 'ascend' ? 1 : 0);
  const rows = await q.orderBy('published', 'desc').limit(count).execute();
  if (rows.length < count) throw new Error(`the seed has fewer than ${count} ${kind} articles`);
  return rows.map((r) => ({
    ...r,
    body: JSON.parse(r.body) as string[],
    url: `/${r.year}/${String(r.month).padStart(2, '0')}/${r.slug}`,
  }));
}

export interface Browser {
  sid?: string;
  mid?: string;
}

function cookieHeader(b: Browser): string | undefined {
  const parts = [b.sid ? `sid=${b.sid}` : null, b.mid ? `mid=${b.mid}` : null].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

/** The content call as the paywall makes it; remembers a `mid` cookie the answer sets in `browser`. */
export async function readContent(
  t: TestApp,
  article: Pick<SeedArticle, 'year' | 'month' | 'slug'>,
  browser: Browser = {},
  body: Record<string, unknown> = {},
): Promise<{ res: request.Response; content: ArticleContent }> {
  const req = request(t.app)
    .post(`/api/article/piano/content?year=${article.year}&month=${String(article.month).padStart(2, '0')}&seotitle=${article.slug}`)
    .set(CSRF_HEADER, CSRF_VALUE);
  const cookie = cookieHeader(browser);
  if (cookie) req.set('Cookie', cookie);
  const res = await req.send(body);
  if (res.status !== 200) throw new Error(`content call answered ${res.status}: ${JSON.stringify(res.body)}`);
  const mid = midFrom(res);
  if (mid) browser.mid = mid;
  return { res, content: ArticleContentSchema.parse(res.body) };
}

export function midFrom(res: request.Response): string | undefined {
  for (const line of setCookies(res)) {
    const match = /^mid=([^;]*)/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

export function getWith(t: TestApp, path: string, browser: Browser = {}) {
  const req = request(t.app).get(path);
  const cookie = cookieHeader(browser);
  return cookie ? req.set('Cookie', cookie) : req;
}
