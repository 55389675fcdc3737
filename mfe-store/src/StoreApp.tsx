/**
 * The store remote's pages. The shell mounts this module for /store, /store/*, /product/*,
 * /shopping-cart, /shipping-payment, /review-order, /subscriptions (and /order/*); the page is picked
 * here from the shell's location with absolute patterns, so the remote does not depend on how the
 * shell nests its routes.
 */
import * as React from 'react';
import { Link, NavLink, matchPath, useLocation } from 'react-router-dom';
import { UI_TEXT, api, formatUsd, instanceMarkers, userStore, type Product, type ProductList, isNotFound, useLoad } from 'shared-contracts';

const STORE_LOAD_ERROR = 'We could not load the store. Please try again.';
const PRODUCT_LOAD_ERROR = 'We could not load this product. Please try again.';

function Status({ children }: { children: React.ReactNode }) {
  return <p role="status">{children}</p>;
}

function Alert({ children }: { children: React.ReactNode }) {
  return <p role="alert">{children}</p>;
}

function BackToStore() {
  return (
    <p>
      <Link to="/store">Back to the Store</Link>
    </p>
  );
}

function CategoryNav({ categories }: { categories: ProductList['categories'] }) {
  return (
    <nav aria-label="Store categories" className="store-categories">
      <ul>
        <li>
          <NavLink to="/store" end>
            All Products
          </NavLink>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <NavLink to={`/store/${c.slug}`}>{c.name}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ComingSoon() {
  return <p className="product-badge">Coming soon</p>;
}

function ProductCard({ product }: { product: Product }) {
  return (
    <li className="product-card">
      {product.image && <img src={product.image} alt="" className="product-image" />}
      <h2 className="product-title">
        <Link to={product.productUrl}>{product.title}</Link>
      </h2>
      <p className="product-format">{product.format}</p>
      <p className="product-price">{formatUsd(product.listPrice)}</p>
      {product.availabilityStatus === 'COMING_SOON' && <ComingSoon />}
    </li>
  );
}

/** /store and /store/{category}. */
function ProductListPage({ category }: { category?: string }) {
  const load = useLoad<ProductList>(`products:${category ?? ''}`, () => api.products(category));

  if (load.status === 'loading') {
    return (
      <>
        {!category && <h1>Store</h1>}
        <Status>Loading products…</Status>
      </>
    );
  }
  if (load.status === 'error') {
    if (category && isNotFound(load.error)) return <CategoryNotFound />;
    return (
      <>
        <h1>Store</h1>
        <Alert>{STORE_LOAD_ERROR}</Alert>
      </>
    );
  }
  const { categories, products } = load.data;
  const current = category ? categories.find((c) => c.slug === category) : undefined;
  if (category && !current) return <CategoryNotFound />;
  return (
    <>
      <h1>{current ? current.name : 'Store'}</h1>
      <CategoryNav categories={categories} />
      {products.length === 0 ? (
        <p>There are no products here yet.</p>
      ) : (
        <ul className="product-list" aria-label="Products">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </ul>
      )}
    </>
  );
}

function CategoryNotFound() {
  return (
    <>
      <h1>Category not found</h1>
      <p>We could not find that store category.</p>
      <BackToStore />
    </>
  );
}

/** /product/{something}/{availabilityId}: for now the product is looked up in the full list. */
function ProductPage({ availabilityId }: { availabilityId: string }) {
  const load = useLoad<ProductList>('products:', () => api.products());
  if (load.status === 'loading') return <Status>Loading product…</Status>;
  if (load.status === 'error') return <Alert>{PRODUCT_LOAD_ERROR}</Alert>;
  const product = load.data.products.find((p) => p.availabilityId === availabilityId);
  if (!product) {
    return (
      <>
        <h1>Product not found</h1>
        <p>We could not find that product.</p>
        <BackToStore />
      </>
    );
  }
  return (
    <article className="product-page">
      <h1>{product.title}</h1>
      {product.image && <img src={product.image} alt={product.title} className="product-image" />}
      <p className="product-summary">{product.summary}</p>
      <dl className="product-details">
        <dt>Format</dt>
        <dd>{product.format}</dd>
        <dt>Language</dt>
        <dd>{product.language}</dd>
        <dt>Price</dt>
        <dd>{formatUsd(product.listPrice)}</dd>
      </dl>
      {product.availabilityStatus === 'COMING_SOON' && <ComingSoon />}
      <BackToStore />
    </article>
  );
}

/** Cart and checkout steps: the cart itself comes in a later issue, so the cart is empty. */
function EmptyCartPage({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>Your cart is empty.</p>
      <p>
        <Link to="/store">{UI_TEXT.continueShopping}</Link>
      </p>
    </>
  );
}

function SubscriptionsPage() {
  return (
    <>
      <h1>Subscriptions</h1>
      <p>Subscribe for unlimited access to articles, the magazine archive and the visual library.</p>
      <p>
        <Link to="/store">{UI_TEXT.continueShopping}</Link>
      </p>
    </>
  );
}

function StoreNotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>We could not find that page in the store.</p>
      <BackToStore />
    </>
  );
}

function at(pattern: string, pathname: string) {
  return matchPath({ path: pattern, end: true }, pathname);
}

function StorePage({ pathname }: { pathname: string }) {
  if (at('/store', pathname)) return <ProductListPage />;
  const category = at('/store/:category', pathname);
  if (category) return <ProductListPage key={category.params.category} category={category.params.category} />;
  const product = at('/product/:something/:availabilityId', pathname);
  if (product?.params.availabilityId) return <ProductPage key={product.params.availabilityId} availabilityId={product.params.availabilityId} />;
  if (at('/shopping-cart', pathname)) return <EmptyCartPage title="Shopping Cart" />;
  if (at('/shipping-payment', pathname)) return <EmptyCartPage title="Shipping and Payment" />;
  if (at('/review-order', pathname)) return <EmptyCartPage title="Review Order" />;
  if (at('/subscriptions', pathname)) return <SubscriptionsPage />;
  return <StoreNotFound />;
}

export default function StoreApp() {
  const { pathname } = useLocation();
  return (
    <div data-remote-root="store" {...instanceMarkers(React.createElement, userStore)}>
      <main className="store">
        <StorePage pathname={pathname} />
      </main>
    </div>
  );
}
