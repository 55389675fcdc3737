import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, userStore } from 'shared-contracts';
import { cartApology } from 'shared-contracts/commerce';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import StoreApp from '../StoreApp';
import { availability, cart, dataLayerEvents, detail, line, listen, product, renderAt, stopListening } from '../testing/fixtures';
import { readCartCache } from '../components/cart/cartCache';

const PRODUCT = 'GET /api/store/product/AV100';
const ADD = 'POST /api/shopping-cart';

function added(over = {}) {
  return { itemAdded: true, items: [line({ quantity: 2 })], cart: cart({ itemCount: 3 }), maintenanceStatus: false, ...over };
}

beforeEach(() => {
  window.dataLayer = [];
  sessionStorage.clear();
  act(() => userStore.getState().setCartCount(0));
});
afterEach(stopListening);

describe('ProductPage', () => {
  it('shows title, authors, summary, price, the Format selector and the quantity', async () => {
    mockApiRoutes({ [PRODUCT]: { body: detail() } });
    renderAt('/product/the-strategy-playbook/AV100', <StoreApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Strategy Playbook' })).toBeInTheDocument();
    expect(screen.getByText('By Jo Writer, Sam Author')).toBeInTheDocument();
    expect(screen.getByText('A field guide to making choices that stick.')).toBeInTheDocument();
    expect(screen.getByText('$29.95')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Format' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Hardcover, English, $29.95', 'Ebook, English, $19.95']);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it("shows the big cover named for the product, with its width and height, as the first view's priority picture", async () => {
    mockApiRoutes({ [PRODUCT]: { body: detail({ product: product({ image: '/images/product/p1/0123456789ab' }) }) } });
    renderAt('/product/the-strategy-playbook/AV100', <StoreApp />);
    const cover = await screen.findByRole('img', { name: 'Cover of The Strategy Playbook' });
    expect(cover).toHaveAttribute('width', '480');
    expect(cover).toHaveAttribute('height', '640');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).not.toHaveAttribute('loading');
    expect(cover.closest('picture')).toHaveClass('ds-picture', 'product-cover');
    // The price, the quantity and Add to cart sit together after the cover (the phone's order).
    const buy = screen.getByRole('button', { name: 'Add to cart' }).closest('.product-buy')!;
    expect(within(buy as HTMLElement).getByText('$29.95')).toBeInTheDocument();
    expect(within(buy as HTMLElement).getByRole('spinbutton', { name: 'Quantity' })).toBeInTheDocument();
  });

  it('navigates to the chosen availability', async () => {
    const api = mockApiRoutes({
      [PRODUCT]: { body: detail() },
      'GET /api/store/product/AV101': { body: detail({ product: product({ availabilityId: 'AV101', format: 'Ebook', type: 'ebook' }) }) },
    });
    renderAt('/product/the-strategy-playbook/AV100', <StoreApp />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Format' }), 'Ebook, English, $19.95');
    expect(screen.getByTestId('location')).toHaveTextContent('/product/the-strategy-playbook/AV101');
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(api.urls('GET /api/store/product/AV101')).toHaveLength(1);
    // An ebook is fixed at 1.
    expect(qty).toHaveValue(1);
    expect(qty).toHaveAttribute('readonly');
    expect(screen.getByText('Digital products are limited to one per order.')).toBeInTheDocument();
  });

  it('says Coming soon without an add button', async () => {
    mockApiRoutes({
      [PRODUCT]: { body: detail({ availabilities: [availability({ availabilityStatus: 'COMING_SOON' })] }) },
    });
    renderAt('/product/x/AV100', <StoreApp />);
    expect(await screen.findByText('Coming soon')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('hides the price block for articles', async () => {
    mockApiRoutes({ [PRODUCT]: { body: detail({ product: product({ contentType: 'Digital Article' }) }) } });
    renderAt('/product/x/AV100', <StoreApp />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByText('$29.95')).not.toBeInTheDocument();
  });

  it('says Product not found on a 404', async () => {
    mockApiRoutes({});
    renderAt('/product/x/AV999', <StoreApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
  });

  it('adds the quantity with the default referral, shows Processing..., then Added to cart; Checkout goes to the cart', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const api = mockApiRoutes({
      [PRODUCT]: { body: detail() },
      [ADD]: async () => {
        await gate;
        return { body: added() };
      },
      'GET /api/store/recommendations': {
        body: { placement: 'added-to-cart', products: [product({ id: 'p9', title: 'Leading Change', productUrl: '/product/leading-change/AV900' })] },
      },
    });
    const updates = listen('cart:updated');
    renderAt('/product/x/AV100', <StoreApp />);
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '2');
    const button = screen.getByRole('button', { name: 'Add to cart' });
    await userEvent.click(button);
    const processing = screen.getByRole('dialog', { name: 'Processing...' });
    expect(processing).toHaveAttribute('aria-modal', 'true');
    await act(async () => release());
    const dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    expect(api.sent(ADD)).toEqual([{ items: [{ availabilityId: 'AV100', quantity: 2, referral: '02749' }] }]);
    const items = within(within(dialog).getByRole('list', { name: 'Items added' })).getAllByRole('listitem');
    // The title, then format, quantity and price as separate facts.
    expect(within(items[0]!).getByText('The Strategy Playbook')).toHaveClass('added-title');
    const facts = [...items[0]!.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Format', 'Hardcover'],
      ['Quantity', '2'],
      ['Price', '$29.95'],
    ]);
    expect(await within(dialog).findByRole('link', { name: 'Leading Change' })).toHaveAttribute('href', '/product/leading-change/AV900');
    expect(api.urls('GET /api/store/recommendations')[0]?.search).toBe('?placement=added-to-cart&productIds=p1');
    expect(updates).toEqual([{ count: 3 }]);
    expect(readCartCache()).toEqual({ lastModified: '2026-01-05T10:00:00.000Z', itemCount: 3 });
    expect(userStore.getState().cartCount).toBe(3);
    expect(window.dataLayer?.[0]).toEqual({
      event: 'add_to_cart',
      currency: 'USD',
      value: 59.9,
      items: [{ item_id: 'BK100', item_name: 'The Strategy Playbook', price: 29.95, quantity: 2 }],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/shopping-cart');
  });

  it('Continue Shopping and Escape close the dialog and focus returns to the opener; Tab stays inside', async () => {
    mockApiRoutes({ [PRODUCT]: { body: detail() }, [ADD]: { body: added() }, 'GET /api/store/recommendations': { status: 500, body: { message: 'x' } } });
    renderAt('/product/x/AV100', <StoreApp />);
    const button = await screen.findByRole('button', { name: 'Add to cart' });
    await userEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    await waitFor(() => expect(dialog).toHaveFocus());
    // Recommendations failed: no list.
    expect(within(dialog).queryByText('You might also like')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Checkout' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Continue Shopping' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Continue Shopping' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    // The Close button.
    await userEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('apologises with the product ids of a 422 and both customer-service phones', async () => {
    mockApiRoutes({
      [PRODUCT]: { body: detail() },
      [ADD]: { status: 422, body: { message: cartApology(['p1']), errors: [{ field: 'productId', errorMessage: 'p1' }] } },
    });
    const updates = listen('cart:updated');
    renderAt('/product/x/AV100', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not added to cart' });
    expect(within(dialog).getByText(cartApology(['p1']))).toBeInTheDocument();
    const phones = within(within(dialog).getByRole('list', { name: 'Customer Service' })).getAllByRole('listitem');
    expect(phones.map((p) => p.textContent)).toEqual(['US/Canada: +1 800 555 0199', 'International: +44 20 7946 0958']);
    expect(within(dialog).getByRole('link', { name: '+1 800 555 0199' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(updates).toEqual([]);
    expect(dataLayerEvents()).toEqual(['add_to_cart_failure']);
  });

  it('apologises with the requested ids on any other error', async () => {
    mockApiRoutes({ [PRODUCT]: { body: detail() }, [ADD]: { status: 500, body: { message: 'boom' } } });
    renderAt('/product/x/AV100', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not added to cart' });
    expect(dialog).toHaveTextContent(cartApology(['p1']));
  });

  it('shows the maintenance notice; Continue Shopping closes it', async () => {
    mockApiRoutes({ [PRODUCT]: { body: detail() }, [ADD]: { body: added({ itemAdded: false, items: [], maintenanceStatus: true }) } });
    renderAt('/product/x/AV100', <StoreApp />);
    const button = await screen.findByRole('button', { name: 'Add to cart' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance' });
    expect(dialog).toHaveTextContent(MESSAGES.maintenance);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(window.dataLayer).toEqual([{ event: 'add_to_cart_failure', reason: 'maintenance' }]);
  });

  it('adds copyright permissions with the number of copies', async () => {
    const perm = availability({ availabilityId: 'PERM1', sku: 'BK100-PERM', format: 'Copyright permission', type: 'Perm', priceCents: 350 });
    const api = mockApiRoutes({ [PRODUCT]: { body: detail({ permissions: [perm] }) }, [ADD]: { body: added() } });
    renderAt('/product/x/AV100', <StoreApp />);
    const section = (await screen.findByRole('heading', { name: 'Copyright permissions' })).closest('section')!;
    expect(section).toHaveTextContent('Copyright permission, $3.50 per copy');
    const copies = within(section).getByRole('spinbutton', { name: 'Number of copies' });
    await userEvent.clear(copies);
    await userEvent.type(copies, '25');
    await userEvent.click(within(section).getByRole('button', { name: 'Add permissions to cart' }));
    await screen.findByRole('dialog', { name: 'Added to cart' });
    expect(api.sent(ADD)).toEqual([{ items: [{ availabilityId: 'PERM1', quantity: 25, referral: '02749' }] }]);
  });

  it('adds both Better Together products', async () => {
    const partner = product({ id: 'p2', title: 'Leading Change', availabilityId: 'AV200', productUrl: '/product/leading-change/AV200', listPrice: 19.95 });
    const api = mockApiRoutes({
      [PRODUCT]: { body: detail({ betterTogether: { products: [product(), partner], totalCents: 4990, bundleCents: 3990 } }) },
      [ADD]: { body: added() },
    });
    renderAt('/product/x/AV100', <StoreApp />);
    const section = (await screen.findByRole('heading', { name: 'Better Together' })).closest('section')!;
    expect(within(section).getByRole('link', { name: 'Leading Change' })).toHaveAttribute('href', '/product/leading-change/AV200');
    expect(section).toHaveTextContent('Total$49.90');
    expect(section).toHaveTextContent('Bundle price$39.90');
    await userEvent.click(within(section).getByRole('button', { name: 'Add both to cart' }));
    await screen.findByRole('dialog', { name: 'Added to cart' });
    expect(api.sent(ADD)).toEqual([
      {
        items: [
          { availabilityId: 'AV100', quantity: 1, referral: '02749' },
          { availabilityId: 'AV200', quantity: 1, referral: '02749' },
        ],
      },
    ]);
  });

  it('sends nothing for a quantity of 0 and says the range', async () => {
    const api = mockApiRoutes({ [PRODUCT]: { body: detail() } });
    renderAt('/product/x/AV100', <StoreApp />);
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a quantity from 1 to 99.');
    expect(api.sent(ADD)).toEqual([]);
  });
});
