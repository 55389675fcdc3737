import { bus } from './bus';
import { createApiClient } from './client';
import { createUserStore } from './store';
import { sampleUser } from './testing';

const user = sampleUser({
  status: 'subscriber',
  tiers: [{ roleCode: 'ROLE_HBRG_BEST' }],
  quota: { limit: 4, count: 1, remaining: 3 },
});

describe('user store', () => {
  it('starts unknown, then reflects the signed-in user and announces the change', () => {
    const store = createUserStore();
    expect(store.getState().status).toBe('unknown');
    const seen: unknown[] = [];
    const off = bus.on('user:changed', (p) => seen.push(p.user?.id ?? null));
    store.getState().setUser(user);
    expect(store.getState()).toMatchObject({ status: 'subscriber', quota: { remaining: 3 } });
    store.getState().setUser(null);
    expect(store.getState().status).toBe('guest');
    expect(seen).toEqual(['u1', null]);
    off();
  });

  it('refreshes from the server: a guest answer makes the status guest', async () => {
    const store = createUserStore();
    const client = createApiClient({
      fetchImpl: (async () => new Response(JSON.stringify({ message: 'Not signed in' }), { status: 401 })) as typeof fetch,
    });
    await expect(store.getState().refresh(client)).resolves.toBeNull();
    expect(store.getState().status).toBe('guest');
  });

  it('keeps the cart count for the header', () => {
    const store = createUserStore();
    store.getState().setCartCount(3);
    expect(store.getState().cartCount).toBe(3);
  });
});
