/**
 * The store remote's pages. The shell mounts this module for /store, /store/*, /product/*,
 * /shopping-cart, /shipping-payment, /review-order, /subscriptions (and /order/*); the page is picked
 * here from the shell's location with absolute patterns, so the remote does not depend on how the
 * shell nests its routes. Every page is a chunk of its own, loaded when shown (the 'Added to cart'
 * dialog fetches the cart's code ahead of its Checkout button).
 */
import * as React from 'react';
import { matchPath, useLocation } from 'shared-contracts/router';
import { instanceMarkers, lazyComponent, userStore } from 'shared-contracts';
import { BackToStore, Status } from './components/common';
import { StoreStyles } from './styles';
import { PAGE_NOT_FOUND } from './text';

// Each page is its own chunk (decision 038): the catalogue does without the product page's code and
// the add-to-cart flow, the product page and the cart without the catalogue's.
const ProductListPage = lazyComponent<{ category?: string }>(() => import('./pages/ProductListPage').then((m) => m.ProductListPage));
const ProductPage = lazyComponent<{ availabilityId: string }>(() => import('./pages/ProductPage').then((m) => m.ProductPage));
const CartPage = lazyComponent(() => import('./pages/CartPage').then((m) => m.CartPage));
const ShippingPaymentPage = lazyComponent(() => import('./pages/ShippingPaymentPage').then((m) => m.default));
const ReviewOrderPage = lazyComponent(() => import('./pages/ReviewOrderPage').then((m) => m.default));
const OrderPage = lazyComponent<{ id: string }>(() => import('./pages/OrderPage').then((m) => m.default));
const SubscriptionsPage = lazyComponent(() => import('./pages/SubscriptionsPage').then((m) => m.default));

const loading = <Status>Loading…</Status>;

function StoreNotFound() {
  return (
    <>
      <h1>{PAGE_NOT_FOUND}</h1>
      <p>We could not find that page in the store.</p>
      <BackToStore />
    </>
  );
}

function at(pattern: string, pathname: string) {
  return matchPath({ path: pattern, end: true }, pathname);
}

function StorePage({ pathname }: { pathname: string }) {
  if (at('/store', pathname)) return <ProductListPage fallback={loading} />;
  const category = at('/store/:category', pathname);
  if (category) return <ProductListPage key={category.params.category} category={category.params.category} fallback={loading} />;
  const product = at('/product/:something/:availabilityId', pathname);
  if (product?.params.availabilityId)
    return <ProductPage key={product.params.availabilityId} availabilityId={product.params.availabilityId} fallback={loading} />;
  if (at('/shopping-cart', pathname)) return <CartPage fallback={loading} />;
  if (at('/shipping-payment', pathname)) return <ShippingPaymentPage fallback={loading} />;
  if (at('/review-order', pathname)) return <ReviewOrderPage fallback={loading} />;
  if (at('/subscriptions', pathname)) return <SubscriptionsPage fallback={loading} />;
  const order = at('/order/:id', pathname);
  if (order?.params.id) return <OrderPage key={order.params.id} id={order.params.id} fallback={loading} />;
  return <StoreNotFound />;
}

export default function StoreApp() {
  const { pathname } = useLocation();
  return (
    <div data-remote-root="store" {...instanceMarkers(React.createElement, userStore)}>
      <StoreStyles />
      <main className="store">
        <StorePage pathname={pathname} />
      </main>
    </div>
  );
}
