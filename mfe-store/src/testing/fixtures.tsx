/** Fixtures and helpers of the store tests (only tests import this). */
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import { bus, userStore, type EventMap, type User } from 'shared-contracts';
import type { Product, Availability, Cart, CartLine, Order, ProductDetail } from 'shared-contracts/commerce';
import { sampleUser } from 'shared-contracts/src/testing';

export function product(over: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    sku: 'BK100-KND',
    title: 'The Strategy Playbook',
    summary: 'A field guide to making choices that stick.',
    category: 'books',
    productUrl: '/product/the-strategy-playbook/AV100',
    availabilityId: 'AV100',
    format: 'Hardcover',
    language: 'English',
    contentType: 'Book',
    type: 'ship',
    listPrice: 29.95,
    availabilityStatus: 'AVAILABLE',
    image: null,
    ...over,
  };
}

export function availability(over: Partial<Availability> = {}): Availability {
  return {
    availabilityId: 'AV100',
    productId: 'p1',
    sku: 'BK100',
    format: 'Hardcover',
    language: 'English',
    type: 'ship',
    priceCents: 2995,
    availabilityStatus: 'AVAILABLE',
    productUrl: '/product/the-strategy-playbook/AV100',
    ...over,
  };
}

export function detail(over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    product: product(),
    authors: ['Jo Writer', 'Sam Author'],
    availabilities: [
      availability(),
      availability({
        availabilityId: 'AV101',
        sku: 'BK100-KND',
        format: 'Ebook',
        type: 'ebook',
        priceCents: 1995,
        productUrl: '/product/the-strategy-playbook/AV101',
      }),
    ],
    permissions: [],
    betterTogether: null,
    ...over,
  };
}

export function line(over: Partial<CartLine> = {}): CartLine {
  return {
    itemId: 'i1',
    productId: 'p1',
    availabilityId: 'AV100',
    sku: 'BK100',
    productUrl: '/product/the-strategy-playbook/AV100',
    productTitle: 'The Strategy Playbook',
    productContentType: 'Book',
    productAvailabilityStatus: 'AVAILABLE',
    format: 'Hardcover',
    language: 'English',
    type: 'ship',
    lineType: 'SHIP',
    quantity: 2,
    unitPriceCents: 2995,
    lineTotalCents: 5990,
    referral: '02749',
    productMajorSubject: 'Books',
    publicationDate: null,
    permissionsAvailable: false,
    isVolumePricingAvailable: true,
    status: 'ACTIVE',
    ...over,
  };
}

export const ebookLine = line({
  itemId: 'i2',
  availabilityId: 'AV101',
  sku: 'BK100-KND',
  productTitle: 'Negotiation Cases',
  productUrl: '/product/negotiation-cases/AV101',
  format: 'Ebook',
  type: 'ebook',
  lineType: 'EBOOK',
  quantity: 1,
  unitPriceCents: 123450,
  lineTotalCents: 123450,
});

export function cart(over: Partial<Cart> = {}): Cart {
  return {
    lineItems: { physicalItems: [line()], digitalItems: [ebookLine] },
    itemCount: 3,
    subTotalCents: 129440,
    discountCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    grandTotalCents: 129440,
    promoCode: null,
    needsShipping: true,
    shippingMethods: [],
    shippingMethod: null,
    shippingAddress: null,
    billingAddress: null,
    payment: null,
    lastModified: '2026-01-05T10:00:00.000Z',
    ...over,
  };
}

export const emptyCart = (): Cart =>
  cart({ lineItems: { physicalItems: [], digitalItems: [] }, itemCount: 0, subTotalCents: 0, grandTotalCents: 0, needsShipping: false });

export const address = {
  firstName: 'Ada',
  lastName: 'Reader',
  address1: '1 Main St',
  address2: '',
  city: 'Boston',
  state: 'MA',
  postalCode: '02134',
  countryCode: 'US',
};

export function order(over: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    orderNumber: 'M-20260105-4F7K2',
    status: 'Purchased',
    title: 'The Strategy Playbook',
    createdAt: '2026-01-05T10:00:00.000Z',
    lines: [
      {
        title: 'The Strategy Playbook',
        format: 'Hardcover',
        sku: 'BK100',
        lineType: 'SHIP',
        quantity: 2,
        unitPriceCents: 2995,
        lineTotalCents: 5990,
        productUrl: '/product/the-strategy-playbook/AV100',
      },
    ],
    subTotalCents: 5990,
    discountCents: 0,
    taxCents: 374,
    shippingCostCents: 500,
    grandTotalCents: 6864,
    promoCode: null,
    shippingMethod: 'STANDARD',
    shippingAddress: address,
    billingAddress: address,
    payment: { brand: 'Visa', last4: '4242' },
    subscription: null,
    ...over,
  };
}

export function signIn(user: User = sampleUser()) {
  act(() => userStore.getState().setUser(user));
}

export function signOut() {
  act(() => userStore.setState({ status: 'guest', user: null }));
}

let offs: (() => void)[] = [];
export function listen<K extends keyof EventMap>(type: K) {
  const seen: EventMap[K][] = [];
  offs.push(bus.on(type, (p) => seen.push(p)));
  return seen;
}
export function stopListening() {
  offs.forEach((off) => off());
  offs = [];
}

function Where() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

/** Renders `ui` at `path`, with the current location in data-testid=location. */
export function renderAt(path: string, ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

export function dataLayerEvents(): string[] {
  return (window.dataLayer ?? []).map((e) => (e as { event: string }).event);
}
