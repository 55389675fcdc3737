/**
 * The header count's freshness (shared-contracts cart.ts, run by the shell's cart link since decision
 * 021; the store's MiniCart used to run it): a probe shows the count the way the header does.
 */
import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bus, cartLinkName, useUserStore, userStore, watchCartCount } from 'shared-contracts';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { readCartCache, sameModified, writeCartCache } from './components/cart/cartCache';
import { cart } from './testing/fixtures';

function CountProbe() {
  const count = useUserStore((s) => s.cartCount);
  useEffect(() => watchCartCount(), []);
  return <a href="/shopping-cart">{cartLinkName(count)}</a>;
}

const HEAD = 'HEAD /api/commerce/shopping-cart';
const GET = 'GET /api/shopping-cart';
const STAMP = 'Mon, 05 Jan 2026 10:00:00 GMT';

function renderMiniCart() {
  return render(
    <MemoryRouter>
      <CountProbe />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  act(() => userStore.getState().setCartCount(0));
});

describe('cart count freshness', () => {
  it('uses the cached count when the HEAD Last-Modified equals the cache (no GET)', async () => {
    writeCartCache({ lastModified: STAMP, itemCount: 5 });
    const api = mockApiRoutes({ [HEAD]: { body: null, headers: { 'Last-Modified': STAMP } }, [GET]: { body: cart({ itemCount: 9 }) } });
    renderMiniCart();
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
    expect(api.urls(HEAD)).toHaveLength(1);
    expect(api.urls(GET)).toHaveLength(0);
  });

  it('reads the cart and rewrites the cache when Last-Modified differs', async () => {
    writeCartCache({ lastModified: 'Sun, 04 Jan 2026 10:00:00 GMT', itemCount: 5 });
    const api = mockApiRoutes({ [HEAD]: { body: null, headers: { 'Last-Modified': STAMP } }, [GET]: { body: cart({ itemCount: 3 }) } });
    renderMiniCart();
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(api.urls(GET)).toHaveLength(1);
    expect(readCartCache()).toEqual({ lastModified: STAMP, itemCount: 3 });
    expect(userStore.getState().cartCount).toBe(3);
  });

  it('reads the cart when there is no cache, and again on user:changed', async () => {
    const api = mockApiRoutes({ [HEAD]: { body: null, headers: { 'Last-Modified': STAMP } }, [GET]: { body: cart({ itemCount: 1 }) } });
    renderMiniCart();
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(api.urls(GET)).toHaveLength(1);
    sessionStorage.clear(); // logout clears the caches
    await act(async () => bus.emit('user:changed', { user: null }));
    expect(api.urls(HEAD)).toHaveLength(2);
    expect(api.urls(GET)).toHaveLength(2);
  });

  it('compares an HTTP date with the ISO timestamp of the cart', () => {
    expect(sameModified(STAMP, '2026-01-05T10:00:00.000Z')).toBe(true);
    expect(sameModified(STAMP, '2026-01-05T10:00:01.000Z')).toBe(false);
    expect(sameModified('a', 'b')).toBe(false);
  });
});
