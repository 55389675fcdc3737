/**
 * The page types npm run bench measures (every page type), found in the running site's
 * seed: the first article of the latest stream, the first product link of the store's HTML, the
 * first video of a playlist. And the demo reader's session, signed in over HTTP as the sign-in
 * modal would (POST /authenticate), for the signed-in pages.
 */
import { browserCookies, cookieHeader } from './bench-report';

export const DEMO_READER = { email: 'reader@example.com', password: 'Reader#2025pass' };
export const CSRF = { 'X-Requested-With': 'magazine-site', 'Content-Type': 'application/json' };

export type PageType = { name: string; path: string; signedIn?: boolean };

export type Session = {
  /** The Cookie header of the signed-in session (for autocannon and Lighthouse's --extra-headers). */
  cookie: string;
  /** The same cookies for a Playwright browser context. */
  cookies: ReturnType<typeof browserCookies>;
};

export type SitePages = {
  pages: PageType[];
  article: string;
  product: string;
  /** The product page's availability id, for /api/store/product/{id}. */
  availabilityId: string;
  video: string;
};

/** The first `/product/...` link of the store's HTML. */
export function productLinkFrom(html: string): string | undefined {
  return /href="(\/product\/[^"?#]+)"/.exec(html)?.[1];
}

/** A product page's availability id: its address's last segment (`/product/{slug}/{availabilityId}`). */
export function availabilityIdFrom(productPath: string): string | undefined {
  const m = /^\/product\/[^/]+\/([^/?#]+)$/.exec(productPath);
  return m ? decodeURIComponent(m[1] as string) : undefined;
}

/** The JSON API address of an article page (`/{yyyy}/{mm}/{slug}` -> `/api/article/{yyyy}/{mm}/{slug}`). */
export function articleApiPath(articlePath: string): string | undefined {
  const m = /^\/(\d{4})\/(\d{2})\/([^/?#]+)$/.exec(articlePath);
  return m ? `/api/article/${m[1]}/${m[2]}/${m[3]}` : undefined;
}

/** Signs the demo reader in; throws when the site refuses. */
export async function signIn(origin: string, who = DEMO_READER): Promise<Session> {
  const res = await fetch(`${origin}/authenticate`, {
    method: 'POST',
    headers: CSRF,
    body: JSON.stringify({ username: who.email, password: who.password, reCaptchaToken: 'bench', deviceType: 'WEB_SITE' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${who.email} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const setCookies = res.headers.getSetCookie();
  const cookies = browserCookies(setCookies, origin);
  // The Cookie header a browser would send to a page: the cookies whose path covers `/`.
  const cookie = cookieHeader(setCookies.filter((c) => !/;\s*path=\/[^;\s]/i.test(c)));
  if (!/\bsid=/.test(cookie)) throw new Error(`sign-in as ${who.email} set no session cookie`);
  return { cookie, cookies };
}

/** Every page type, in the order the bench's tables list them. */
export async function sitePages(origin: string): Promise<SitePages> {
  const latest = (await (await fetch(`${origin}/service/stream/latest/0/8`)).json()) as { entry: { url: string }[] };
  const article = latest.entry[0]?.url;
  if (!article) throw new Error('the latest stream lists no article');
  const playlist = (await (await fetch(`${origin}/api/playlists/what-to-watch-next`)).json()) as { videos: { id: string; slug: string }[] };
  const v = playlist.videos[0];
  if (!v) throw new Error('the playlist lists no video');
  const video = `/video/${v.id}/${v.slug}`;
  const storeHtml = await (await fetch(`${origin}/store`, { headers: { Accept: 'text/html' } })).text();
  const product = productLinkFrom(storeHtml);
  if (!product) throw new Error("the store's HTML links no product");
  const availabilityId = availabilityIdFrom(product);
  if (!availabilityId) throw new Error(`no availability id in ${product}`);
  return {
    article,
    product,
    availabilityId,
    video,
    pages: [
      { name: 'home', path: '/' },
      { name: 'article', path: article },
      { name: 'topics', path: '/topics' },
      { name: 'topic', path: '/topic/strategy' },
      { name: 'search', path: '/search?term=strategy' },
      { name: 'magazine', path: '/magazine' },
      { name: 'archive', path: '/archive-toc/BR2501' },
      { name: 'store', path: '/store' },
      { name: 'product', path: product },
      { name: 'cart', path: '/shopping-cart' },
      { name: 'my-library (guest)', path: '/my-library' },
      { name: 'my-library (signed in)', path: '/my-library', signedIn: true },
      { name: 'account (signed in)', path: '/my-account', signedIn: true },
      { name: 'newsletters', path: '/email-newsletters' },
      { name: 'video', path: video },
      { name: 'visual-library', path: '/visual-library' },
    ],
  };
}
