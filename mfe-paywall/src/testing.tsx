/**
 * Test helpers of the paywall (imported by tests only, never by the exposed module). mockApi answers
 * by "METHOD /path" with JSON, keeps captcha and geolocation answers by default, and records what
 * was sent.
 */
import * as React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  resetCaptcha,
  resetVisitorCountry,
  userStore,
  type Article,
  type ArticleContent,
  type PaywallMessage,
  type ReadingList,
} from 'shared-contracts';
import ArticleGate from './ArticleGate';
import { nav } from './navigation';

export interface Answer {
  status?: number;
  body: unknown;
}
type Route = Answer | ((request: { url: URL; body: unknown }) => Answer | Promise<Answer>);

export function mockApi(routes: Record<string, Route> = {}) {
  const table: Record<string, Route> = {
    'GET /api/recaptcha/enabled': { body: { enabled: true, provider: 'local' } },
    'GET /api/geolocation': { body: { country: 'US' } },
    ...routes,
  };
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const route = table[key];
    const answer: Answer = route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? await route({ url, body }) : route;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  const calls = (key: string) =>
    fn.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key);
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

export const CONTENT_KEY = 'POST /api/article/piano/content';

/** Fresh module caches, a guest store, an empty data layer and no real navigation. */
export function resetPaywallTestState() {
  resetCaptcha();
  resetVisitorCountry();
  window.dataLayer = [];
  userStore.setState({ status: 'guest', user: null, quota: null });
  window.history.replaceState(null, '', '/');
  return {
    reload: jest.spyOn(nav, 'reload').mockImplementation(() => {}),
    assign: jest.spyOn(nav, 'assign').mockImplementation(() => {}),
  };
}

export function article(over: Partial<Article> = {}): Article {
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

export const BODY = [
  'Middle managers translate strategy into work.',
  'When they are left out, the plan stalls.',
  'Bring them in early.',
  'Give them the numbers.',
  'Then get out of the way.',
];

export function message(type: PaywallMessage['type'], over: Partial<PaywallMessage> = {}): PaywallMessage {
  return { type, context: 'article', ...over };
}

export function content(over: Partial<ArticleContent> = {}): ArticleContent {
  return {
    guid: 'g1',
    content: BODY,
    quota: null,
    reason: 'free',
    message: message('full-content'),
    giftExpiresAt: null,
    ...over,
  };
}

export function readingList(name: string, titles: string[]): ReadingList {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    name,
    slug,
    recordList: {
      recordItems: titles.map((title, i) => ({ title, link: `/2024/0${(i % 9) + 1}/${slug}-${i}`, summary: '', author: [], imageUri: null })),
    },
  };
}

/** Renders the gate at `path` (the page URL, e.g. with ?gift=). */
export function renderGate(a: Article = article(), options: { path?: string; strict?: boolean } = {}) {
  const tree = (
    <MemoryRouter initialEntries={[options.path ?? a.url]}>
      <ArticleGate article={a} />
    </MemoryRouter>
  );
  return render(options.strict ? <React.StrictMode>{tree}</React.StrictMode> : tree);
}

/** The gate section (section.article-gated). */
export function gateSection(container: HTMLElement): HTMLElement {
  const el = container.querySelector<HTMLElement>('section.article-gated');
  if (!el) throw new Error('no gate section');
  return el;
}
