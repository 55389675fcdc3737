import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import * as React from 'react';
import { instanceMarkers, userStore } from 'shared-contracts';
import type { Availability, Product, ProductList, ProductTile } from 'shared-contracts/commerce';
import StoreApp from './StoreApp';
import { mockFetch, sampleUser } from 'shared-contracts/src/testing';
import { emptyCart } from './testing/fixtures';

function format(tile: Product, over: Partial<Availability> = {}): Availability {
  return {
    availabilityId: tile.availabilityId,
    productId: tile.id,
    sku: tile.sku,
    format: tile.format,
    language: tile.language,
    type: tile.type,
    priceCents: Math.round(tile.listPrice * 100),
    availabilityStatus: tile.availabilityStatus,
    productUrl: tile.productUrl,
    ...over,
  };
}

function product(over: Partial<Product>, more: Partial<Availability>[] = []): ProductTile {
  const tile: Product = {
    id: 'p1',
    sku: 'BK100-KND',
    title: 'The Strategy Playbook',
    summary: 'A field guide to making choices that stick.',
    category: 'books',
    productUrl: '/product/the-strategy-playbook/AV100',
    availabilityId: 'AV100',
    format: 'Ebook',
    language: 'English',
    contentType: 'Book',
    type: 'ebook',
    listPrice: 19.95,
    availabilityStatus: 'AVAILABLE',
    image: null,
    ...over,
  };
  return { ...tile, formats: [format(tile), ...more.map((m) => format(tile, m))] };
}

const categories = [
  { slug: 'books', name: 'Books' },
  { slug: 'case-studies', name: 'Case Studies' },
];

// One tile per product with its formats: the playbook as an ebook, a paperback and a Spanish paperback.
const playbook = product({}, [
  { availabilityId: 'AV101', sku: 'BK100-PBK', format: 'Paperback', type: 'ship', priceCents: 2400, productUrl: '/product/the-strategy-playbook/AV101' },
  {
    availabilityId: 'AV102',
    sku: 'BK100-ES-PBK',
    format: 'Paperback',
    language: 'Spanish',
    type: 'ship',
    priceCents: 2400,
    productUrl: '/product/the-strategy-playbook/AV102',
  },
]);
const casebook = product({
  id: 'p2',
  sku: 'CS200-PDF',
  title: 'Negotiation Cases',
  summary: 'Twelve negotiations, and what the winners did.',
  category: 'case-studies',
  productUrl: '/product/negotiation-cases/AV200',
  availabilityId: 'AV200',
  format: 'PDF',
  language: 'Spanish',
  type: 'digital',
  listPrice: 1234.5,
  availabilityStatus: 'COMING_SOON',
});

/** The tiles of the product list (its own items, not the format lists inside them). */
function cardsOf(list: HTMLElement): HTMLElement[] {
  return [...list.children].filter((c): c is HTMLElement => c instanceof HTMLElement);
}

function list(category: string | null, products: ProductTile[]): ProductList {
  return { categories, category, products, page: 1, pages: 1 };
}

/** The store API as the tests need it: /api/store/products[?category=...]. */
function storeApi() {
  return mockFetch((url) => {
    const u = new URL(url, 'http://localhost');
    const category = u.searchParams.get('category');
    if (category === null) return { body: list(null, [playbook, casebook]) };
    if (categories.some((c) => c.slug === category)) {
      return {
        body: list(
          category,
          [playbook, casebook].filter((p) => p.category === category),
        ),
      };
    }
    return { status: 404, body: { message: 'Unknown category' } };
  });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StoreApp />
    </MemoryRouter>,
  );
}

describe('StoreApp', () => {
  it('marks its root with the remote name and the React and store instance ids', async () => {
    storeApi();
    const { container } = renderAt('/store');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'store');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
    await screen.findByRole('list', { name: 'Products' });
  });

  it('lists every product once on /store: title links, each format with its USD price (2 decimals) as a link to it, and Coming soon', async () => {
    const fetch = storeApi();
    renderAt('/store');

    expect(screen.getByRole('heading', { level: 1, name: 'Store' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');

    const cards = cardsOf(await screen.findByRole('list', { name: 'Products' }));
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'The Strategy Playbook' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'The Strategy Playbook' })).toHaveAttribute('href', '/product/the-strategy-playbook/AV100');
    const formats = within(first.getByRole('list', { name: 'Formats of The Strategy Playbook' })).getAllByRole('link');
    expect(formats.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['The Strategy Playbook, Ebook $19.95', '/product/the-strategy-playbook/AV100'],
      ['The Strategy Playbook, Paperback $24.00', '/product/the-strategy-playbook/AV101'],
      ['The Strategy Playbook, Paperback (Spanish) $24.00', '/product/the-strategy-playbook/AV102'],
    ]);
    expect(first.queryByText('Coming soon')).not.toBeInTheDocument();

    const second = within(cards[1]!);
    expect(second.getByRole('link', { name: 'Negotiation Cases' })).toHaveAttribute('href', '/product/negotiation-cases/AV200');
    expect(second.getByRole('link', { name: 'Negotiation Cases, PDF $1,234.50' })).toHaveAttribute('href', '/product/negotiation-cases/AV200');
    expect(second.getByText('Coming soon')).toBeInTheDocument();

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/store/products');
  });

  const pagedApi = () =>
    mockFetch((url) => {
      const page = new URL(url, 'http://localhost').searchParams.get('page');
      if (page === '9') return { status: 404, body: { message: 'Page not found' } };
      return { body: { ...list(null, page === '2' ? [casebook] : [playbook]), page: Number(page ?? '1'), pages: 2 } };
    });

  it('shows the page of the list the address names (?page=), with the pages as links', async () => {
    const fetch = pagedApi();
    renderAt('/store?page=2');
    const cards = cardsOf(await screen.findByRole('list', { name: 'Products' }));
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByRole('link', { name: 'Negotiation Cases' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/store/products?page=2');
    const pages = screen.getByRole('navigation', { name: 'Store pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/store');
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/store');
    expect(within(pages).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('says so for a page past the last, and leads to the first', async () => {
    pagedApi();
    renderAt('/store?page=9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/store');
  });

  it("puts each product's cover picture on its card: decorative (the title names it), with its width and height, the first row at once, the rest lazily", async () => {
    const covers = Array.from({ length: 6 }, (_, i) =>
      product({
        id: `p${i}`,
        title: `Book ${i}`,
        productUrl: `/product/book-${i}/AV${i}`,
        availabilityId: `AV${i}`,
        image: `/images/product/p${i}/0123456789ab`,
      }),
    );
    mockFetch(() => ({ body: list(null, [...covers, casebook]) }));
    renderAt('/store');
    const cards = cardsOf(await screen.findByRole('list', { name: 'Products' }));
    const img = (card: HTMLElement) => card.querySelector('picture.ds-picture img');
    const first = img(cards[0]!)!;
    expect(first).toHaveAttribute('alt', '');
    expect(first).toHaveAttribute('src', '/images/product/p0/0123456789ab-480.jpg');
    expect(first).toHaveAttribute('width', '480');
    expect(first).toHaveAttribute('height', '640');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).not.toHaveAttribute('loading');
    expect(cards[0]!.querySelectorAll('picture source')).toHaveLength(2);
    // The rest of the first row (four across on a desktop) loads at once, without priority; below it, lazily.
    expect(img(cards[3]!)).not.toHaveAttribute('loading');
    expect(img(cards[3]!)).not.toHaveAttribute('fetchpriority');
    expect(img(cards[4]!)).toHaveAttribute('loading', 'lazy');
    expect(img(cards[5]!)).toHaveAttribute('loading', 'lazy');
    // A product without a picture keeps the cover's box, with nothing for a screen reader.
    expect(cards[6]!.querySelector('img')).toBeNull();
    expect(cards[6]!.querySelector('.cover')).toHaveAttribute('aria-hidden', 'true');
    // The picture is not a second link: the card's one link is its title's.
    expect(within(cards[0]!).getAllByRole('link', { name: 'Book 0' })).toHaveLength(1);
    expect(within(cards[0]!).getByRole('heading', { level: 2, name: 'Book 0' })).toBeInTheDocument();
  });

  it('shows the category navigation, marking the current one', async () => {
    storeApi();
    renderAt('/store');
    const nav = await screen.findByRole('navigation', { name: 'Store categories' });
    expect(within(nav).getByRole('link', { name: 'All Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/store/books');
    expect(within(nav).getByRole('link', { name: 'Case Studies' })).toHaveAttribute('href', '/store/case-studies');
    expect(within(nav).getByRole('link', { name: 'Books' })).not.toHaveAttribute('aria-current');
  });

  it('on /store/{category} asks for that category and titles the page with its name', async () => {
    const fetch = storeApi();
    renderAt('/store/case-studies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Case Studies' })).toBeInTheDocument();
    const cards = cardsOf(screen.getByRole('list', { name: 'Products' }));
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByRole('link', { name: 'Negotiation Cases' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/store/products?category=case-studies');
    expect(within(screen.getByRole('navigation', { name: 'Store categories' })).getByRole('link', { name: 'Case Studies' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('follows a category link and loads the new category', async () => {
    storeApi();
    renderAt('/store');
    const nav = await screen.findByRole('navigation', { name: 'Store categories' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Books' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Books' })).toBeInTheDocument();
    const cards = cardsOf(screen.getByRole('list', { name: 'Products' }));
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByText('$19.95')).toBeInTheDocument();
  });

  it('says Category not found, with a link back to /store, for an unknown category', async () => {
    storeApi();
    renderAt('/store/no-such-category');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Store' })).toHaveAttribute('href', '/store');
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
  });

  it('says Category not found when the answer does not know the category', async () => {
    mockFetch(() => ({ body: list(null, []) }));
    renderAt('/store/gadgets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Store' })).toHaveAttribute('href', '/store');
  });

  it('shows the store error message when the API fails', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderAt('/store');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the store. Please try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Store' })).toBeInTheDocument();
  });

  it('shows the store error message when the answer does not match the schema', async () => {
    mockFetch(() => ({ body: { products: 'nope' } }));
    renderAt('/store');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the store. Please try again.');
  });

  it.each([
    ['/shopping-cart', 'Shopping Cart'],
    ['/review-order', 'Review Order'],
    ['/shipping-payment', 'Shipping and Payment'],
  ])('%s shows %s with an empty cart and Continue Shopping', async (path, heading) => {
    mockFetch((url) => ({ body: url === '/api/shopping-cart' ? emptyCart() : { message: 'x' }, status: url === '/api/shopping-cart' ? 200 : 404 }));
    act(() => userStore.getState().setUser(sampleUser()));
    renderAt(path);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/store');
    act(() => userStore.setState({ user: null }));
  });

  it('/subscriptions shows the Subscriptions page', async () => {
    mockFetch(() => ({ body: { offers: [] } }));
    renderAt('/subscriptions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
  });

  it('shows Page not found for a path of the store it does not know', () => {
    storeApi();
    renderAt('/store/books/extra');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Store' })).toHaveAttribute('href', '/store');
  });
});
