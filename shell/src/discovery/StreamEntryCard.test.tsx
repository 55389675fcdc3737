import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, userStore } from 'shared-contracts';
import type { Cart, CartLine } from 'shared-contracts/commerce';
import type { StreamEntry } from 'shared-contracts/discovery';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { CARD_SIZES, StreamEntryCard } from './StreamEntryCard';
import { sampleEntry } from './testing';

const ADD = 'POST /api/shopping-cart';

const book = (over: Partial<StreamEntry> = {}) =>
  sampleEntry({
    id: 'p-b10001-hbk',
    title: 'The Adaptive Playbook',
    contentType: 'Book',
    url: '/product/the-adaptive-playbook/B10001-HBK',
    productLink: '/product/the-adaptive-playbook/B10001-HBK',
    listPrice: 2800,
    published: '',
    ...over,
  });

function line(over: Partial<CartLine> = {}): CartLine {
  return {
    itemId: 'i1',
    productId: 'p-b10001-hbk',
    availabilityId: 'B10001-HBK',
    sku: 'B10001-HBK',
    productUrl: '/product/the-adaptive-playbook/B10001-HBK',
    productTitle: 'The Adaptive Playbook',
    productContentType: 'Book',
    productAvailabilityStatus: 'AVAILABLE',
    format: 'Hardcover',
    language: 'English',
    type: 'ship',
    lineType: 'SHIP',
    quantity: 1,
    unitPriceCents: 2800,
    lineTotalCents: 2800,
    referral: '03069',
    productMajorSubject: 'Books',
    publicationDate: null,
    permissionsAvailable: false,
    isVolumePricingAvailable: true,
    status: 'ACTIVE',
    ...over,
  };
}

function cart(lines: CartLine[]): Cart {
  const sub = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  return {
    lineItems: { physicalItems: lines, digitalItems: [] },
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
    subTotalCents: sub,
    discountCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    grandTotalCents: sub,
    promoCode: null,
    needsShipping: true,
    shippingMethods: [],
    shippingMethod: null,
    shippingAddress: null,
    billingAddress: null,
    payment: null,
    lastModified: '2026-01-05T10:00:00.000Z',
  };
}

const added = (l = line()) => ({ body: { itemAdded: true, items: [l], cart: cart([l]), maintenanceStatus: false } });

function renderCard(entry: StreamEntry, path = '/topic/strategy', index = 0) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <ul>
              <StreamEntryCard entry={entry} index={index} />
            </ul>
          }
        />
        <Route path="/shopping-cart" element={<h1>Shopping Cart</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  act(() => userStore.getState().setCartCount(0));
  sessionStorage.clear();
});

describe('StreamEntryCard shop block (SITE-03.5)', () => {
  it("shows a product's price and an Add to cart button", () => {
    renderCard(book());
    expect(screen.getByText('$28.00')).toHaveClass('stream-entry-price');
    expect(screen.getByRole('button', { name: 'Add to cart: The Adaptive Playbook' })).toHaveTextContent('Add to cart');
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it("a coming-soon product ('F') shows its price and 'Coming soon', and no add button", () => {
    renderCard(book({ productStatus: 'F' }));
    expect(screen.getByText('$28.00')).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
  });

  it('an article never shows a price or an add button; with a reprint it offers Buy Copies', () => {
    renderCard(sampleEntry({ contentType: 'Magazine Article', listPrice: 895, productLink: '/product/why-strategy-fails/R00001-PDF' }));
    expect(screen.queryByText('$8.95')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
    const buy = screen.getByRole('link', { name: 'Buy Copies of Why Strategy Fails in the Middle' });
    expect(buy).toHaveAttribute('href', '/product/why-strategy-fails/R00001-PDF');
    expect(buy).toHaveTextContent('Buy Copies');
  });

  it('an article without a reprint and a free entry show no shop block', () => {
    const { container } = renderCard(sampleEntry({ contentType: 'Digital Article' }));
    expect(container.querySelector('.stream-entry-shop')).toBeNull();
    expect(screen.queryByRole('link', { name: /Buy Copies/ })).not.toBeInTheDocument();
  });

  it('shows the entry picture with its size reserved, decorative (the title follows): eager for the first cards, lazy below', () => {
    const image = '/images/product/b10001-hbk/0123456789ab';
    const view = renderCard(book({ image }), '/topic/strategy', 0);
    const card = view.container.querySelector('li.stream-entry') as HTMLElement;
    const picture = card.querySelector('picture.ds-picture') as HTMLElement;
    expect(picture).toHaveClass('stream-entry-image');
    expect([...picture.querySelectorAll('source')].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const img = picture.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', `${image}-480.jpg`);
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '640');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('sizes', CARD_SIZES);
    expect(img).not.toHaveAttribute('loading');
    expect(img).not.toHaveAttribute('fetchpriority');
    view.unmount();
    const { container } = renderCard(book({ image }), '/topic/strategy', 5);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('an image that is not generated still shows, in the same picture box', () => {
    const { container } = renderCard(book({ image: '/media/videos/1/thumbnail.svg' }));
    expect(container.querySelector('picture.stream-entry-image img')).toHaveAttribute('src', '/media/videos/1/thumbnail.svg');
  });

  it('draws the shop block with the design system: price, badge and buttons', () => {
    const { container, unmount } = renderCard(book());
    expect(screen.getByText('$28.00')).toHaveClass('ds-price');
    expect(screen.getByRole('button', { name: 'Add to cart: The Adaptive Playbook' })).toHaveClass('ds-button', 'ds-button--primary');
    expect(container.querySelector('li')).toHaveClass('ds-card');
    unmount();
    renderCard(book({ productStatus: 'F' }));
    expect(screen.getByText('Coming soon')).toHaveClass('ds-badge');
  });

  it('without an image there is no img', () => {
    renderCard(book({ image: null }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('quick add', () => {
  it.each([
    ['/topic/strategy', '03069'],
    ['/', '03069'],
    ['/the-latest', '03069'],
    ['/search', '02749'],
    ['/magazine', '02749'],
  ])('on %s adds one with referral %s, tells the header and confirms with the item', async (path, referral) => {
    const api = mockApiRoutes({ [ADD]: added(line({ referral })) });
    const updates: number[] = [];
    const off = bus.on('cart:updated', ({ count }) => updates.push(count));
    renderCard(book(), path);
    const button = screen.getByRole('button', { name: 'Add to cart: The Adaptive Playbook' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    off();
    expect(api.sent(ADD)).toEqual([{ items: [{ availabilityId: 'B10001-HBK', quantity: 1, referral }] }]);
    expect(within(dialog).getByText('The Adaptive Playbook')).toBeInTheDocument();
    expect(within(dialog).getByText('Hardcover')).toBeInTheDocument();
    expect(within(dialog).getByText('$28.00')).toBeInTheDocument();
    expect(userStore.getState().cartCount).toBe(1);
    expect(updates).toEqual([1]);
  });

  it("Checkout goes to the cart; Continue Shopping closes and gives the focus back to the card's button", async () => {
    mockApiRoutes({ [ADD]: added() });
    renderCard(book());
    const button = screen.getByRole('button', { name: 'Add to cart: The Adaptive Playbook' });
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Added to cart' })).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Added to cart' })).getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
  });

  it('a refused product gets the apology with its product id and the customer-service phones', async () => {
    mockApiRoutes({
      [ADD]: {
        status: 422,
        body: { message: 'Our apologies', errors: [{ field: 'productId', errorMessage: 'p-b10001-hbk' }] },
      },
    });
    renderCard(book());
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: The Adaptive Playbook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not added to cart' });
    expect(within(dialog).getByText(/Our apologies, something went wrong\..*Product ID: p-b10001-hbk$/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Customer Service/)).toBeInTheDocument();
    expect(userStore.getState().cartCount).toBe(0);
  });

  it('maintenance shows the notice and adds nothing', async () => {
    mockApiRoutes({ [ADD]: { body: { itemAdded: false, items: [], cart: cart([]), maintenanceStatus: true } } });
    renderCard(book());
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: The Adaptive Playbook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance' });
    expect(within(dialog).getByText(/Site is in maintenance mode\./)).toBeInTheDocument();
    expect(userStore.getState().cartCount).toBe(0);
  });
});
