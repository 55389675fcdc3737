/**
 * Test helpers for every package's Jest tests (import from 'shared-contracts/src/testing').
 * Not exported from the package index, so they never reach a bundle.
 */
import type { User } from './schemas';

export type MockAnswer = { status?: number; body: unknown };

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
    subscriber: null,
    ...over,
  };
}
