/**
 * @jest-environment <rootDir>/scripts/jest-env-dom.js
 */
// jsdom for localStorage, sessionStorage and document (the site state); fetch is a fake server.
import { bus } from './bus';
import { createApiClient } from './client';
import type { User } from './schemas';
import { CART_CACHE_KEYS, USER_CACHE_KEY, createUserStore } from './store';
import { sampleUser } from './testing';

const user = sampleUser({
  status: 'subscriber',
  state: 'subscribers',
  tiers: [{ roleCode: 'ROLE_HBRG_BEST' }],
  tier: { roleCode: 'ROLE_HBRG_BEST', label: 'Best', caption: 'Premium' },
  quota: { limit: 4, count: 1, remaining: 3 },
});

const MONDAY = 'Mon, 03 Mar 2025 10:00:00 GMT';
const TUESDAY = 'Tue, 04 Mar 2025 10:00:00 GMT';

/** A fake API: the signed-in user (or null for a guest) and the profile's Last-Modified. */
function fakeServer(state: { user: User | null; lastModified?: string | null; down?: boolean }) {
  const calls: string[] = [];
  const fetchImpl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${String(input)}`);
    if (state.down) throw new TypeError('Failed to fetch');
    if (!state.user) return new Response(method === 'HEAD' ? null : JSON.stringify({ message: 'Not signed in' }), { status: 401 });
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (state.lastModified) headers['Last-Modified'] = state.lastModified;
    return new Response(method === 'HEAD' ? null : JSON.stringify(state.user), { status: 200, headers });
  });
  return { client: createApiClient({ fetchImpl: fetchImpl as unknown as typeof fetch }), calls };
}

function cache(entry: { user: User; lastModified: string | null }) {
  localStorage.setItem(USER_CACHE_KEY, JSON.stringify(entry));
}
function cached(): { user: User; lastModified: string | null } | null {
  const raw = localStorage.getItem(USER_CACHE_KEY);
  return raw ? (JSON.parse(raw) as { user: User; lastModified: string | null }) : null;
}

function recordChanges() {
  const seen: (string | null)[] = [];
  const off = bus.on('user:changed', (p) => seen.push(p.user ? `${p.user.id}:${p.user.firstName}` : null));
  return { seen, off };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'signed_in=1; path=/';
  delete document.documentElement.dataset.siteState;
});

describe('user store', () => {
  it('knows a guest without a request when the session hint cookie is absent', async () => {
    document.cookie = 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const { client, calls } = fakeServer({ user });
    const store = createUserStore();
    await store.getState().start(client);
    expect(store.getState().status).toBe('guest');
    expect(calls).toEqual([]);
  });

  it('asks the server when the page was rendered for a reader, even without the hint cookie', async () => {
    document.cookie = 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const { client, calls } = fakeServer({ user });
    const store = createUserStore();
    await store.getState().start(client, user);
    expect(store.getState().user?.guid).toBe(user.guid);
    expect(calls).toEqual(['GET /service/user/profile']);
  });

  it('becomes a guest when the page was rendered for a reader whose session has ended', async () => {
    document.cookie = 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const { client } = fakeServer({ user: null });
    const store = createUserStore();
    await store.getState().start(client, user);
    expect(store.getState().status).toBe('guest');
  });

  it('starts unknown, then reflects the signed-in user and announces the change', () => {
    const store = createUserStore();
    expect(store.getState().status).toBe('unknown');
    const { seen, off } = recordChanges();
    store.getState().setUser(user);
    expect(store.getState()).toMatchObject({ status: 'subscriber', quota: { remaining: 3 } });
    store.getState().setUser(null);
    expect(store.getState().status).toBe('guest');
    expect(seen).toEqual(['u1:Ada', null]);
    off();
  });

  it('announces user:changed on real changes only', () => {
    const store = createUserStore();
    const { seen, off } = recordChanges();
    store.getState().setUser(user);
    store.getState().setUser({ ...user });
    store.getState().setUser({ ...user, firstName: 'Adele' });
    off();
    expect(seen).toEqual(['u1:Ada', 'u1:Adele']);
  });

  it('refreshes from the server: a guest answer makes the status guest', async () => {
    const store = createUserStore();
    const { client } = fakeServer({ user: null });
    await expect(store.getState().refresh(client)).resolves.toBeNull();
    expect(store.getState().status).toBe('guest');
    expect(document.documentElement.dataset.siteState).toBe('default');
  });

  it('keeps the cart count for the header', () => {
    const store = createUserStore();
    store.getState().setCartCount(3);
    expect(store.getState().cartCount).toBe(3);
  });
});

describe('user cache', () => {
  it('caches a user set after sign-in, and forgets it on setUser(null)', () => {
    const store = createUserStore();
    store.getState().setUser(user);
    expect(cached()).toEqual({ user, lastModified: null });
    store.getState().setUser(null);
    expect(cached()).toBeNull();
  });

  it('shows the cached user at once, and only checks the HEAD when Last-Modified is unchanged', async () => {
    cache({ user, lastModified: MONDAY });
    const { client, calls } = fakeServer({ user, lastModified: MONDAY });
    const store = createUserStore();
    const { seen, off } = recordChanges();
    const started = store.getState().start(client);
    // Before any answer: the cached reader is already shown.
    expect(store.getState()).toMatchObject({ status: 'subscriber', user: { firstName: 'Ada' } });
    expect(document.documentElement.dataset.siteState).toBe('subscribers');
    await started;
    off();
    expect(calls).toEqual(['HEAD /service/user/profile']);
    expect(seen).toEqual(['u1:Ada']);
    expect(store.getState().status).toBe('subscriber');
  });

  it('fetches the full profile when Last-Modified changed, and caches the new one', async () => {
    cache({ user, lastModified: MONDAY });
    const renamed = { ...user, firstName: 'Adele' };
    const { client, calls } = fakeServer({ user: renamed, lastModified: TUESDAY });
    const store = createUserStore();
    const { seen, off } = recordChanges();
    await store.getState().start(client);
    off();
    expect(calls).toEqual(['HEAD /service/user/profile', 'GET /service/user/profile']);
    expect(store.getState().user?.firstName).toBe('Adele');
    expect(seen).toEqual(['u1:Ada', 'u1:Adele']);
    expect(cached()).toEqual({ user: renamed, lastModified: TUESDAY });
  });

  it('without a cache, fetches the profile straight away and caches it with its Last-Modified', async () => {
    const { client, calls } = fakeServer({ user, lastModified: MONDAY });
    const store = createUserStore();
    await store.getState().start(client);
    expect(calls).toEqual(['GET /service/user/profile']);
    expect(store.getState().status).toBe('subscriber');
    expect(cached()).toEqual({ user, lastModified: MONDAY });
  });

  it('fetches the full profile when the HEAD has no Last-Modified', async () => {
    cache({ user, lastModified: MONDAY });
    const { client, calls } = fakeServer({ user, lastModified: null });
    const store = createUserStore();
    await store.getState().start(client);
    expect(calls).toEqual(['HEAD /service/user/profile', 'GET /service/user/profile']);
    expect(store.getState().status).toBe('subscriber');
    expect(cached()).toEqual({ user, lastModified: null });
  });

  it('a guest answer (401) clears the cache and makes the store guest, without a reload', async () => {
    cache({ user, lastModified: MONDAY });
    const reload = jest.fn();
    const { client, calls } = fakeServer({ user: null });
    const store = createUserStore({ reload });
    const { seen, off } = recordChanges();
    await store.getState().start(client);
    off();
    expect(calls).toEqual(['HEAD /service/user/profile', 'GET /service/user/profile']);
    expect(store.getState()).toMatchObject({ status: 'guest', user: null, quota: null });
    expect(cached()).toBeNull();
    expect(seen).toEqual(['u1:Ada', null]);
    expect(document.documentElement.dataset.siteState).toBe('default');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when the session belongs to another user than the cached one', async () => {
    cache({ user, lastModified: MONDAY });
    const other = sampleUser({ id: 'u2', guid: 'g2', firstName: 'Bea' });
    const reload = jest.fn();
    const { client } = fakeServer({ user: other, lastModified: TUESDAY });
    const store = createUserStore({ reload });
    await store.getState().start(client);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(cached()?.user.guid).toBe('g2');
    expect(store.getState().user?.firstName).toBe('Bea');

    // Same mismatch again (say the cache could not be written): no second reload.
    cache({ user, lastModified: MONDAY });
    await createUserStore({ reload }).getState().start(client);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failing network keeps the page usable: guest without a cache, the cached user with one', async () => {
    const { client } = fakeServer({ user: null, down: true });
    const fresh = createUserStore();
    await expect(fresh.getState().start(client)).resolves.toBeNull();
    expect(fresh.getState().status).toBe('guest');

    cache({ user, lastModified: MONDAY });
    const withCache = createUserStore();
    await expect(withCache.getState().start(client)).resolves.toMatchObject({ id: 'u1' });
    expect(withCache.getState().status).toBe('subscriber');
    expect(cached()).not.toBeNull();
  });

  it('ignores a cache of another shape and asks the server', async () => {
    localStorage.setItem(USER_CACHE_KEY, JSON.stringify({ user: { id: 'u1' }, lastModified: MONDAY }));
    const { client, calls } = fakeServer({ user, lastModified: MONDAY });
    const store = createUserStore();
    await store.getState().start(client);
    expect(calls).toEqual(['GET /service/user/profile']);
    expect(store.getState().user?.id).toBe('u1');
  });

  it('clearCaches (logout) forgets the user and the cart caches', () => {
    const store = createUserStore();
    store.getState().setUser(user);
    store.getState().setCartCount(2);
    for (const key of CART_CACHE_KEYS) {
      localStorage.setItem(key, '{}');
      sessionStorage.setItem(key, '{}');
    }
    const { seen, off } = recordChanges();
    store.getState().clearCaches();
    off();
    expect(cached()).toBeNull();
    for (const key of CART_CACHE_KEYS) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(store.getState()).toMatchObject({ status: 'guest', user: null, cartCount: 0 });
    expect(seen).toEqual([null]);
  });
});

describe('the reader a page was rendered for (server rendering)', () => {
  const other = sampleUser({ id: 'u2', guid: 'g-2', firstName: 'Grace' });

  it('start shows the server’s reader at once when the cache holds someone else, then checks with the server', async () => {
    cache({ user: other, lastModified: MONDAY });
    const { client, calls } = fakeServer({ user, lastModified: TUESDAY });
    const store = createUserStore({ reload: () => undefined });
    const started = store.getState().start(client, user);
    expect(store.getState()).toMatchObject({ status: 'subscriber', user: { firstName: 'Ada' } });
    await started;
    expect(calls).toEqual(['HEAD /service/user/profile', 'GET /service/user/profile']);
    expect(store.getState().user?.firstName).toBe('Ada');
  });

  it('start with a server-rendered guest is a guest at once, whatever an old cache says', () => {
    cache({ user, lastModified: MONDAY });
    document.cookie = 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const store = createUserStore();
    void store.getState().start(undefined, null);
    expect(store.getState()).toMatchObject({ status: 'guest', user: null });
  });

  it('useUserStore renders the server’s reader on the server and while hydrating, then the store', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { RenderContextValue } = await import('./ssr');
    const { useUserStore } = await import('./store');
    function Greeting() {
      const status = useUserStore((s) => s.status);
      const name = useUserStore((s) => s.user?.firstName ?? 'guest');
      return createElement('p', null, `${status}:${name}`);
    }
    const page = (reader?: { user: User | null }) =>
      renderToString(createElement(RenderContextValue.Provider, { value: { loads: new Map(), slots: {}, reader } }, createElement(Greeting)));
    expect(page({ user })).toBe('<p>subscriber:Ada</p>');
    expect(page({ user: null })).toBe('<p>guest:guest</p>');
    // Without the server's word the store's first state renders, as before server rendering knew readers.
    expect(page()).toBe('<p>unknown:guest</p>');
  });
});
