import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userStore } from 'shared-contracts';
import { mockApiRoutes, sampleUser } from 'shared-contracts/src/testing';
import StoreApp from '../StoreApp';
import { cart, dataLayerEvents, ebookLine, emptyCart, line, listen, renderAt, signIn, signOut, stopListening } from '../testing/fixtures';
import { readCartCache } from '../components/cart/cartCache';

const CART = 'GET /api/shopping-cart';

beforeEach(() => {
  window.dataLayer = [];
  sessionStorage.clear();
  signOut();
});
afterEach(stopListening);

describe('CartPage', () => {
  it('splits the lines into shipped and digital items and lists the totals', async () => {
    mockApiRoutes({
      [CART]: { body: cart({ discountCents: 500, shippingMethod: 'STANDARD', shippingCostCents: 700, taxCents: 1234, grandTotalCents: 131874 }) },
    });
    renderAt('/shopping-cart', <StoreApp />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipped items' })).toBeInTheDocument();
    const shipped = screen.getByRole('region', { name: 'Shipped items' });
    const digital = screen.getByRole('region', { name: 'Digital items' });
    expect(within(shipped).getByRole('link', { name: 'The Strategy Playbook' })).toHaveAttribute('href', '/product/the-strategy-playbook/AV100');
    expect(within(shipped).getByText('Hardcover')).toBeInTheDocument();
    expect(within(shipped).getByText('$29.95')).toBeInTheDocument();
    expect(within(shipped).getByRole('spinbutton', { name: 'Quantity for The Strategy Playbook' })).toHaveValue(2);
    expect(within(digital).getByText(/^Quantity: 1/)).toBeInTheDocument();
    expect(within(digital).getAllByText('$1,234.50')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    const dl = document.querySelector('dl.cart-totals')!;
    expect([...dl.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Subtotal', 'Discount', 'Shipping', 'Tax', 'Total']);
    expect([...dl.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['$1,294.40', '-$5.00', '$7.00', '$12.34', '$1,318.74']);
  });

  it('puts the promo code, the totals and Checkout in one summary card beside (after, on a phone) the lines', async () => {
    mockApiRoutes({ [CART]: { body: cart() } });
    renderAt('/shopping-cart', <StoreApp />);
    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    const summary = checkout.closest<HTMLElement>('.store-summary')!;
    expect(summary).toHaveClass('ds-card', 'ds-card--boxed');
    expect(within(summary).getByRole('region', { name: 'Promo code' })).toBeInTheDocument();
    expect(summary.querySelector('dl.cart-totals')).not.toBeNull();
    expect(within(summary).queryByRole('region', { name: 'Shipped items' })).toBeNull();
    // The lines come first in the page's order, so a phone shows them above the summary.
    const layout = summary.parentElement!;
    expect(layout).toHaveClass('store-layout');
    expect(layout.firstElementChild).toContainElement(screen.getByRole('region', { name: 'Shipped items' }));
    expect(layout.lastElementChild).toBe(summary);
    // Remove is a real button target (44px, ds-button), named for its line.
    expect(screen.getByRole('button', { name: 'Remove The Strategy Playbook' })).toHaveClass('ds-button');
  });

  it("tells each line's major subject, publication date, permissions, volume pricing and an unavailable status", async () => {
    mockApiRoutes({
      [CART]: {
        body: cart({
          lineItems: {
            physicalItems: [
              line({
                productMajorSubject: 'Leadership',
                publicationDate: '2024-03-05T12:00:00.000Z',
                permissionsAvailable: true,
                isVolumePricingAvailable: true,
              }),
              line({ itemId: 'i3', productTitle: 'Old Print Run', productUrl: '/product/old/AV300', status: 'UNAVAILABLE', isVolumePricingAvailable: false }),
            ],
            digitalItems: [
              line({
                itemId: 'i2',
                productTitle: 'Ebook Edition',
                type: 'ebook',
                lineType: 'EBOOK',
                quantity: 1,
                productMajorSubject: null,
                isVolumePricingAvailable: false,
              }),
            ],
          },
        }),
      },
    });
    renderAt('/shopping-cart', <StoreApp />);
    const shipped = await screen.findByRole('region', { name: 'Shipped items' });
    const [first, unavailable] = within(shipped).getAllByRole('listitem');
    expect(first).toHaveTextContent('Leadership · Published March 05, 2024');
    expect(within(first!).getByRole('link', { name: 'Copyright permissions available' })).toHaveAttribute('href', '/product/the-strategy-playbook/AV100');
    expect(first).toHaveTextContent('Volume pricing available: ask Customer Service');
    expect(within(first!).getByRole('link', { name: 'ask Customer Service' })).toHaveAttribute('href', '/subscriber-help#contact-customer-service');
    expect(first).toHaveAttribute('data-line-status', 'ACTIVE');
    expect(unavailable).toHaveAttribute('data-line-status', 'UNAVAILABLE');
    expect(unavailable).toHaveTextContent('This item cannot be ordered right now. Remove it to check out.');
    expect(unavailable).not.toHaveTextContent('Volume pricing');
    const digital = screen.getByRole('region', { name: 'Digital items' });
    expect(digital).not.toHaveTextContent('Volume pricing');
    expect(digital).not.toHaveTextContent('Published');
  });

  it("says shipping and tax are 'Calculated at checkout' until a shipping method is chosen", async () => {
    mockApiRoutes({ [CART]: { body: cart({ shippingMethod: null, shippingCostCents: 0, taxCents: 0 }) } });
    renderAt('/shopping-cart', <StoreApp />);
    await screen.findByRole('heading', { level: 2, name: 'Shipped items' });
    const dds = [...document.querySelectorAll('dl.cart-totals dd')].map((d) => d.textContent);
    expect(dds.filter((t) => t === 'Calculated at checkout')).toHaveLength(2);
  });

  it('changes a quantity on Enter and announces the cart', async () => {
    const api = mockApiRoutes({
      [CART]: { body: cart() },
      'PUT /api/shopping-cart/items/i1': {
        body: cart({ itemCount: 4, lineItems: { physicalItems: [line({ quantity: 3, lineTotalCents: 8985 })], digitalItems: [ebookLine] } }),
      },
    });
    const updates = listen('cart:updated');
    renderAt('/shopping-cart', <StoreApp />);
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity for The Strategy Playbook' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '3{Enter}');
    expect(await screen.findByText('$89.85')).toBeInTheDocument();
    expect(api.sent('PUT /api/shopping-cart/items/i1')).toEqual([{ quantity: 3 }]);
    expect(updates).toEqual([{ count: 4 }]);
    expect(readCartCache()?.itemCount).toBe(4);
  });

  it('shows the server error and restores the quantity', async () => {
    mockApiRoutes({
      [CART]: { body: cart() },
      'PUT /api/shopping-cart/items/i1': { status: 422, body: { message: 'Enter a quantity from 1 to 99.' } },
    });
    renderAt('/shopping-cart', <StoreApp />);
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity for The Strategy Playbook' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '5');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a quantity from 1 to 99.');
    expect(qty).toHaveValue(2);
  });

  it('shows a digital line quantity without a field to change it', async () => {
    const api = mockApiRoutes({ [CART]: { body: cart() } });
    renderAt('/shopping-cart', <StoreApp />);
    const digital = await screen.findByRole('region', { name: 'Digital items' });
    expect(within(digital).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(digital).getByText(/^Quantity: 1/)).toHaveTextContent('Quantity: 1 of Negotiation Cases');
    expect(within(digital).getByRole('button', { name: 'Remove Negotiation Cases' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Quantity for The Strategy Playbook' })).toBeInTheDocument();
    expect(api.sent('PUT /api/shopping-cart/items/i2')).toEqual([]);
  });

  it('removes a line', async () => {
    mockApiRoutes({
      [CART]: { body: cart() },
      'DELETE /api/shopping-cart/items/i2': { body: cart({ itemCount: 2, lineItems: { physicalItems: [line()], digitalItems: [] } }) },
    });
    const updates = listen('cart:updated');
    renderAt('/shopping-cart', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Negotiation Cases' }));
    expect(await screen.findByRole('button', { name: 'Remove The Strategy Playbook' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Digital items' })).not.toBeInTheDocument();
    expect(updates).toEqual([{ count: 2 }]);
    expect(dataLayerEvents()).toEqual(['remove_from_cart']);
  });

  it('applies a promo code, shows it with Remove promo code, and shows server errors', async () => {
    let calls = 0;
    mockApiRoutes({
      [CART]: { body: cart() },
      'POST /api/commerce/order/promo-code': () =>
        ++calls === 1
          ? { status: 422, body: { message: 'This promo code is not valid.' } }
          : { body: cart({ promoCode: { code: 'SAVE10', description: '10% off' }, discountCents: 500 }) },
      'DELETE /api/commerce/order/promo-code': { body: cart() },
    });
    renderAt('/shopping-cart', <StoreApp />);
    const input = await screen.findByRole('textbox', { name: 'Promo code' });
    await userEvent.type(input, 'BAD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This promo code is not valid.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, 'SAVE10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Promo code SAVE10 applied.');
    expect(screen.getByText('Promo code SAVE10: 10% off')).toBeInTheDocument();
    expect(screen.getByText('-$5.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove promo code' }));
    expect(await screen.findByRole('textbox', { name: 'Promo code' })).toBeInTheDocument();
  });

  it('applies ?voucher_code=X, says so, and takes the parameter out of the address', async () => {
    const api = mockApiRoutes({
      [CART]: { body: cart() },
      'POST /api/commerce/order/promo-code': { body: cart({ promoCode: { code: 'GIFT25', description: '' }, discountCents: 2500 }) },
    });
    renderAt('/shopping-cart?voucher_code=GIFT25', <StoreApp />);
    expect(await screen.findByText('Voucher GIFT25 applied.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('-$25.00')).toBeInTheDocument();
    expect(api.sent('POST /api/commerce/order/promo-code')).toEqual([{ code: 'GIFT25' }]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/shopping-cart$/);
  });

  it('shows a voucher error and still shows the cart', async () => {
    mockApiRoutes({
      [CART]: { body: cart() },
      'POST /api/commerce/order/promo-code': { status: 422, body: { message: 'This promo code has expired.' } },
    });
    renderAt('/shopping-cart?voucher_code=OLD', <StoreApp />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This promo code has expired.');
    expect(await screen.findByRole('region', { name: 'Shipped items' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/shopping-cart$/);
  });

  it('shows the empty cart with Continue Shopping', async () => {
    mockApiRoutes({ [CART]: { body: emptyCart() } });
    renderAt('/shopping-cart', <StoreApp />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/store');
  });

  it('Checkout goes to /shipping-payment for a member', async () => {
    mockApiRoutes({ [CART]: { body: cart() } });
    signIn();
    renderAt('/shopping-cart', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/shipping-payment');
    expect(dataLayerEvents()).toEqual(['begin_checkout']);
    await screen.findByRole('button', { name: 'Continue to review' });
  });

  it('Checkout asks a guest to sign in, then goes on', async () => {
    mockApiRoutes({ [CART]: { body: cart() } });
    const opens = listen('auth:open');
    renderAt('/shopping-cart', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(opens).toEqual([{ screen: 'signin', reason: 'checkout' }]);
    expect(screen.getByTestId('location')).toHaveTextContent('/shopping-cart');
    const user = sampleUser();
    act(() => {
      userStore.getState().setUser(user);
      require('shared-contracts').bus.emit('user:changed', { user });
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/shipping-payment');
    await screen.findByRole('button', { name: 'Continue to review' });
  });
});
