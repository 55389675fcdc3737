import { ApiError, createApiClient } from './client';
import { CSRF_HEADER, CSRF_VALUE } from './constants';
import { streamPagePath } from './discovery';

function fakeFetch(status: number, body: unknown) {
  return jest.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const stream = {
  entry: [],
  page: { number: 1, size: 8, totalPages: 1, totalElements: 0, last: true },
  type: 'latest',
  isPaywallEnabled: false,
  maintenanceStatus: false,
};

describe('API client', () => {
  it('builds the stream URL and parses the answer with the shared schema', async () => {
    const f = fakeFetch(200, stream);
    const client = createApiClient({ fetchImpl: f as unknown as typeof fetch });
    await expect(client.stream('latest', 2, 8)).resolves.toEqual(stream);
    expect(f.mock.calls[0]?.[0]).toBe(streamPagePath('latest', 2, 8, {}));
  });

  it('rejects an answer that does not match the contract', async () => {
    const f = fakeFetch(200, { ...stream, page: { number: 'one' } });
    const client = createApiClient({ fetchImpl: f as unknown as typeof fetch });
    await expect(client.stream('latest', 1, 8)).rejects.toThrow();
  });

  it('sends the CSRF header on state-changing requests only', async () => {
    const f = fakeFetch(200, { message: 'Your password has been changed.' });
    const client = createApiClient({ fetchImpl: f as unknown as typeof fetch });
    await client.changePassword({ current: 'Old#2025pass', password: 'New#2025passw' });
    const post = new Headers(f.mock.calls[0]?.[1]?.headers);
    expect(post.get(CSRF_HEADER)).toBe(CSRF_VALUE);
    const g = fakeFetch(200, []);
    await createApiClient({ fetchImpl: g as unknown as typeof fetch }).topics();
    expect(new Headers(g.mock.calls[0]?.[1]?.headers).get(CSRF_HEADER)).toBeNull();
  });

  it('turns an error answer into an ApiError carrying status and body', async () => {
    const f = fakeFetch(401, { code: 'invalid_credentials', tries_left: 2 });
    const client = createApiClient({ fetchImpl: f as unknown as typeof fetch });
    const err = await client.signIn({ username: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).body).toEqual({ code: 'invalid_credentials', tries_left: 2 });
  });

  it('keeps the lockout fields and the message of a failed sign-in together', async () => {
    const body = { code: 'account_locked', lockout_duration: 3600, message: 'locked' };
    const client = createApiClient({ fetchImpl: fakeFetch(401, body) as unknown as typeof fetch });
    const err = await client.signIn({ username: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect((err as ApiError).body).toEqual(body);
    expect((err as ApiError).message).toBe('locked');
  });

  it('answers null for a guest instead of throwing', async () => {
    const client = createApiClient({ fetchImpl: fakeFetch(401, { message: 'Not signed in' }) as unknown as typeof fetch });
    await expect(client.currentUser()).resolves.toBeNull();
  });
});
