import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { CartLink } from './CartLink';

// The store's MiniCart (the menu's content) stands in: this test is about the shell's menu.
jest.mock('../RemoteSlot', () => ({
  RemoteSlot: ({ remote, module }: { remote: string; module: string }) => (
    <div data-mfe-slot={`${remote}/${module}`}>
      <a href="/shipping-payment">Checkout</a>
    </div>
  ),
}));
jest.mock('../federation', () => ({ startRemoteLoad: () => ({ promise: Promise.resolve() }) }));

function renderHeader() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <CartLink />
      <button type="button">Elsewhere</button>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/shopping-cart" element={<h1>Shopping Cart</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  mockApiRoutes({ 'GET /api/shopping-cart': { body: { itemCount: 2, lastModified: '2026-01-05T10:00:00.000Z' } } });
  act(() => userStore.getState().setCartCount(0));
});

describe('CartLink and the cart mini-menu (SITE-02.14)', () => {
  it('keeps the cart link with its count, and a named button that opens and closes the menu', async () => {
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute('href', '/shopping-cart');
    const toggle = screen.getByRole('button', { name: 'Cart menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Cart contents' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('region', { name: 'Cart contents' });
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(menu.querySelector('[data-mfe-slot="store/MiniCart"]')).not.toBeNull();
    await userEvent.click(toggle);
    expect(screen.queryByRole('region', { name: 'Cart contents' })).not.toBeInTheDocument();
  });

  it('opens with Enter; Escape closes it and gives the focus back to the button', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Cart menu' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Cart contents' });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Cart contents' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a press outside it and when one of its links is followed', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Cart menu' });
    await userEvent.click(toggle);
    await screen.findByRole('region', { name: 'Cart contents' });
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('region', { name: 'Cart contents' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    const link = (await screen.findByRole('region', { name: 'Cart contents' })).querySelector('a') as HTMLAnchorElement;
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cart contents' })).not.toBeInTheDocument());
  });
});
