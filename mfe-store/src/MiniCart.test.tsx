import * as React from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, instanceMarkers, userStore } from 'shared-contracts';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import MiniCart from './MiniCart';
import { cart, emptyCart, line } from './testing/fixtures';

const GET = 'GET /api/shopping-cart';

function renderMiniCart() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <MiniCart />
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/shopping-cart" element={<h1>Shopping Cart</h1>} />
        <Route path="/shipping-payment" element={<h1>Shipping and payment</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('MiniCart (the header cart mini-menu)', () => {
  it('lists the lines with format, quantity and price, the subtotal, and links to the cart and checkout', async () => {
    mockApiRoutes({ [GET]: { body: cart() } });
    const { container } = renderMiniCart();
    const list = await screen.findByRole('list', { name: 'Items in your cart' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'The Strategy Playbook' })).toHaveAttribute(
      'href',
      '/product/the-strategy-playbook/AV100',
    );
    expect(items[0]).toHaveTextContent('Hardcover · Qty 2');
    expect(items[0]).toHaveTextContent('$59.90');
    expect(items[1]).toHaveTextContent('Ebook · Qty 1');
    expect(items[1]).toHaveTextContent('$1,234.50');
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(container.querySelector('.mini-cart-subtotal')).toHaveTextContent('Subtotal $1,294.40');
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/shopping-cart');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/shipping-payment');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'store');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
  });

  it('says the cart is empty and offers no checkout', async () => {
    mockApiRoutes({ [GET]: { body: emptyCart() } });
    renderMiniCart();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toBeInTheDocument();
  });

  it('reads the cart again on cart:updated', async () => {
    let answer = emptyCart();
    const api = mockApiRoutes({ [GET]: () => ({ body: answer }) });
    renderMiniCart();
    await screen.findByText('Your cart is empty.');
    answer = cart({ lineItems: { physicalItems: [line({ quantity: 1, lineTotalCents: 2995 })], digitalItems: [] }, itemCount: 1, subTotalCents: 2995 });
    await act(async () => bus.emit('cart:updated', { count: 1 }));
    expect(await screen.findByRole('link', { name: 'The Strategy Playbook' })).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(api.urls(GET)).toHaveLength(2);
  });

  it('says so when the cart cannot be read', async () => {
    mockApiRoutes({ [GET]: { status: 500, body: { message: 'boom' } } });
    renderMiniCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cart cannot be shown just now.');
  });

  it('Checkout leads on to shipping and payment', async () => {
    mockApiRoutes({ [GET]: { body: cart() } });
    renderMiniCart();
    await userEvent.click(await screen.findByRole('link', { name: 'Checkout' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping and payment' })).toBeInTheDocument();
  });
});
