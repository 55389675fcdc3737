/**
 * Test helpers for every package's Jest tests (import from 'shared-contracts/src/testing').
 * Not exported from the package index, so they never reach a bundle.
 */
import { userStore } from 'shared-contracts';
import { resetVisitorCountry } from 'shared-contracts/geo';
import { resetCaptcha } from 'shared-contracts/forms';
import { resetRecaptchaLoader } from './recaptcha-client';
import type { Article, User } from './schemas';
import type { Playlist, Video } from './video';
import type { StreamEntry } from './discovery';

export type MockAnswer = { status?: number; body: unknown };
/** The real captcha provider's global, for tests that stand in for its script. */
export type { Grecaptcha } from './recaptcha-client';

/**
 * Replaces globalThis.fetch: `route` gets the requested path with its query (as the API client
 * sends it) and the parsed URL, and picks the JSON answer. Returns the jest mock to inspect calls.
 */
export function mockFetch(route: (path: string, url: URL) => MockAnswer) {
  const fn = jest.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input);
    const { status = 200, body } = route(path, new URL(path, 'http://localhost'));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** A registered reader as the API answers GET /service/user/profile; override what a test needs. */
export function sampleUser(over: Partial<User> = {}): User {
  return {
    id: 'u1',
    guid: 'g1',
    firstName: 'Ada',
    lastName: 'Reader',
    displayName: 'Ada Reader',
    username: 'ada@example.com',
    emailAddress: 'ada@example.com',
    status: 'registered',
    tiers: [],
    quota: { limit: 4, count: 0, remaining: 4 },
    ascendQuota: { limit: 3, count: 0, remaining: 3 },
    createdDate: '2025-01-01T00:00:00.000Z',
    lastUpdatedDate: '2025-01-01T00:00:00.000Z',
    state: 'registered',
    tier: null,
    industry: null,
    jobTitle: null,
    companySize: null,
    optIn: false,
    hmmEligible: false,
    emailVerified: true,
    subscriber: null,
    ...over,
  };
}

export interface ApiAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}
export type ApiRoute = ApiAnswer | ((request: { url: URL; body: unknown }) => ApiAnswer | Promise<ApiAnswer>);

/**
 * Replaces globalThis.fetch with a table of answers keyed "METHOD /path" (the query is ignored);
 * the captcha status and the country have defaults, anything else answers 404. Returns the mock
 * and readers of what was sent.
 */
export function mockApiRoutes(routes: Record<string, ApiRoute> = {}) {
  const table: Record<string, ApiRoute> = {
    'GET /api/recaptcha/enabled': { body: { enabled: true, provider: 'local' } },
    'GET /api/geolocation': { body: { country: 'US' } },
    ...routes,
  };
  const keyOf = (input: RequestInfo | URL, init?: RequestInit) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const route = table[keyOf(input, init)];
    const answer: ApiAnswer =
      route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? await route({ url, body }) : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  const calls = (key: string) => fn.mock.calls.filter(([input, init]) => keyOf(input, init) === key);
  return {
    fetch: fn,
    /** The JSON bodies sent to "METHOD /path", in order. */
    sent(key: string): unknown[] {
      return calls(key).map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
    },
    /** The full URLs requested as "METHOD /path", in order. */
    urls(key: string): URL[] {
      return calls(key).map(([input]) => new URL(String(input), 'http://localhost'));
    },
  };
}

/** An article as GET /api/article answers it (headline and lead, no body); override what a test needs. */
export function sampleArticle(over: Partial<Article> = {}): Article {
  return {
    id: 'a1',
    title: 'Why Strategy Fails in the Middle',
    summary: 'Most plans die between the board room and the shop floor.',
    url: '/2025/03/why-strategy-fails-in-the-middle',
    published: '2025-03-04T00:00:00.000Z',
    contentType: 'Digital Article',
    category: { term: 'Strategy' },
    author: [{ name: 'Jo Writer' }],
    image: null,
    free: false,
    slug: 'why-strategy-fails-in-the-middle',
    year: 2025,
    month: 3,
    topic: { name: 'Strategy', url: '/topic/strategy' },
    series: null,
    bigIdea: false,
    lead: 'The plan was good. The meeting went well. Then nothing happened.',
    body: [],
    ascend: false,
    ...over,
  };
}

/** A stream entry (discovery.ts) for the same sample article; override what a test needs. */
export function sampleStreamEntry(over: Partial<StreamEntry> = {}): StreamEntry {
  const a = sampleArticle();
  return {
    id: a.id,
    title: a.title,
    summary: a.summary,
    url: a.url,
    published: a.published,
    contentType: a.contentType,
    category: a.category,
    author: a.author,
    image: a.image,
    sponsored: false,
    sponsor: null,
    productStatus: null,
    productLink: null,
    listPrice: null,
    ...over,
  };
}

/** A video as GET /api/videos/{id} answers it; override what a test needs. */
export function sampleVideo(over: Partial<Video> = {}): Video {
  const id = over.id ?? '1000000000001';
  return {
    id,
    name: 'Pricing Power, Explained',
    slug: 'pricing-power-explained',
    description: 'Why some companies can raise prices and others cannot.',
    link: null,
    poster: `/media/videos/${id}/poster.svg`,
    thumbnail: `/media/videos/${id}/thumbnail.svg`,
    src: `/media/videos/${id}/video.webm`,
    duration: 4,
    custom_fields: { pubdate: '2025-03-04T10:00:00.000Z' },
    tags: ['explainer'],
    subscriberOnly: false,
    ...over,
  };
}

/** A playlist of `count` sample videos (ids 1000000000001..); override what a test needs. */
export function samplePlaylist(count: number, over: Partial<Playlist> = {}): Playlist {
  return {
    id: 'what-to-watch-next',
    name: 'What to watch next',
    videos: Array.from({ length: count }, (_, i) => sampleVideo({ id: String(1000000000001 + i), name: `Video ${i + 1}`, slug: `video-${i + 1}` })),
    ...over,
  };
}

/**
 * Fresh module caches (captcha and its provider's script, visitor country), a guest store, an empty data layer and no real
 * navigation: the start of every account-screen test (the shell's modal and pages, the paywall panel).
 * `nav` is the package's navigation module; its reload and assign are stubbed and answered.
 */
export function resetAccountTestState(nav: { reload(): void; assign(url: string): void }) {
  resetCaptcha();
  resetRecaptchaLoader();
  resetVisitorCountry();
  window.dataLayer = [];
  userStore.setState({ status: 'guest', user: null, quota: null });
  window.history.replaceState(null, '', '/');
  return {
    reload: jest.spyOn(nav, 'reload').mockImplementation(() => {}),
    assign: jest.spyOn(nav, 'assign').mockImplementation(() => {}),
  };
}
