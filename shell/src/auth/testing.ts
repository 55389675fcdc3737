/**
 * Test helpers of the account screens (imported by tests only, never by the app). mockApi answers
 * by "METHOD /path" on top of mockFetch-style JSON responses, adds response headers where a test
 * needs them (the registration flag), and keeps captcha and geolocation answers by default.
 */
import {
  REGISTRATION_HEADER,
  REGISTRATION_HEADER_VALUE,
  resetCaptcha,
  resetVisitorCountry,
  userStore,
} from 'shared-contracts';
import { nav } from './navigation';

export interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}
type Route = Answer | ((request: { url: URL; body: unknown }) => Answer);

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
    const answer: Answer = route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? route({ url, body }) : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return {
    fetch: fn,
    /** The JSON bodies sent to "METHOD /path", in order. */
    sent(key: string): unknown[] {
      return fn.mock.calls
        .filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key)
        .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
    },
  };
}

/** The registration success header, as the server sends it. */
export const FLAGGED = { [REGISTRATION_HEADER]: REGISTRATION_HEADER_VALUE };

/** Fresh module caches, a guest store, an empty data layer and no real navigation. */
export function resetAuthTestState() {
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
