import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, instanceMarkers, userStore } from 'shared-contracts';
import MiniCart from './MiniCart';

function renderMiniCart() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <MiniCart />
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/shopping-cart" element={<h1>Shopping Cart</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  act(() => userStore.getState().setCartCount(0));
});

describe('MiniCart', () => {
  it('links to /shopping-cart and names the count from the user store', () => {
    const { container } = renderMiniCart();
    const link = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(link).toHaveAttribute('href', '/shopping-cart');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'store');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
  });

  it('shows a count set in the store by anyone', () => {
    renderMiniCart();
    act(() => userStore.getState().setCartCount(3));
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('Cart 3');
  });

  it('writes the count of cart:updated into the user store', () => {
    renderMiniCart();
    act(() => bus.emit('cart:updated', { count: 2 }));
    expect(userStore.getState().cartCount).toBe(2);
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    act(() => bus.emit('cart:updated', { count: 1 }));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('stops listening to the bus once unmounted', () => {
    const { unmount } = renderMiniCart();
    unmount();
    bus.emit('cart:updated', { count: 7 });
    expect(userStore.getState().cartCount).toBe(0);
  });

  it('navigates to the cart page', async () => {
    renderMiniCart();
    await userEvent.click(screen.getByRole('link', { name: 'Cart, 0 items' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
  });
});
