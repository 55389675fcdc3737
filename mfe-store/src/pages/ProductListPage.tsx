/** /store and /store/{category}: the catalogue, one tile per product with its formats, a page (`?page=`) at a time. */
import { useEffect, useRef } from 'react';
import { Link, NavLink, useNavigate, useSearchParams } from 'shared-contracts/router';
import { Pagination, pageFromQuery } from 'shared-contracts/pagination';
import { Card, isNotFound, Tag, useLoad } from 'shared-contracts';
import { loadProducts } from '../api/catalog';
import { formatCents, formatUsd } from 'shared-contracts/commerce';
import type { Availability, ProductList, ProductTile } from 'shared-contracts/commerce';
import { Alert, BackToStore, ComingSoon, Cover, Status } from '../components/common';
import { PAGE_NOT_FOUND, STORE_LOAD_ERROR } from '../text';
import { CatalogueStyles } from './ProductListPage.styles';

function CategoryNav({ categories }: { categories: ProductList['categories'] }) {
  return (
    <nav aria-label="Store categories" className="store-categories">
      <ul className="ds-tabs">
        <li>
          <NavLink to="/store" end className="ds-tab">
            All Products
          </NavLink>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <NavLink to={`/store/${c.slug}`} className="ds-tab">
              {c.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A format's name on a tile: the language too when it is not the product's own (a Spanish edition). */
function formatLabel(format: Availability, product: ProductTile): string {
  return format.language && format.language !== product.language ? `${format.format} (${format.language})` : format.format;
}

/** Covers a reader sees without scrolling: the first row of the widest grid (four across). */
export const EAGER_COVERS = 4;

/**
 * One tile per product: its cover, type and title (the title's link covers the card),
 * then each of its formats with its price, each a link to that format's page. The first row's
 * covers load at once (the first the first view's largest picture), the rest when scrolled to.
 */
function ProductCard({ product, index }: { product: ProductTile; index: number }) {
  const formats = product.formats.length > 0 ? product.formats : null;
  return (
    <Card as="li" className="product-card">
      <Cover image={product.image} alt="" sizes="(max-width: 767px) 6.5rem, 14rem" priority={index === 0} eager={index < EAGER_COVERS} />
      <div className="product-info">
        <Tag as="p">{product.contentType}</Tag>
        <h2 className="product-title ds-card__title">
          <Link to={product.productUrl}>{product.title}</Link>
        </h2>
        {formats ? (
          <ul className="product-formats" aria-label={`Formats of ${product.title}`}>
            {formats.map((f) => (
              <li key={f.availabilityId}>
                <Link to={f.productUrl}>
                  <span className="visually-hidden">{`${product.title}, `}</span>
                  {formatLabel(f, product)} <span className="format-price">{formatCents(f.priceCents)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="product-formats">
            <span className="product-format">{product.format}</span> <span className="product-price">{formatUsd(product.listPrice)}</span>
          </p>
        )}
        {product.availabilityStatus === 'COMING_SOON' && <ComingSoon />}
      </div>
    </Card>
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

/** A page past the list's last (an old link, a mistyped `?page=`). */
function PageNotFound({ category }: { category: string | undefined }) {
  return (
    <>
      <h1>{PAGE_NOT_FOUND}</h1>
      <p>This page of the store has no products.</p>
      <p>
        <Link to={storeHref(category, 1)}>Go to the first page</Link>
      </p>
    </>
  );
}

/** The address of a page of the list: /store or /store/{category}, with ?page= from the second. */
export function storeHref(category: string | undefined, page: number): string {
  const path = category ? `/store/${category}` : '/store';
  return page > 1 ? `${path}?page=${page}` : path;
}

export function ProductListPage({ category }: { category?: string }) {
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const load = useLoad<ProductList>(`products:${category ?? ''}:${page}`, () => loadProducts(category, page));
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // Another page of the list, chosen in the app, opens at its top with focus on its heading once
  // it has loaded (the shell moves focus only between paths; here only the query changes).
  const turned = useRef(false);
  const turnTo = (next: number) => {
    turned.current = true;
    navigate(storeHref(category, next));
    document.documentElement.scrollTop = 0;
  };
  useEffect(() => {
    if (!turned.current || load.status === 'loading') return;
    turned.current = false;
    document.documentElement.scrollTop = 0;
    heading.current?.focus({ preventScroll: true });
  }, [load.status, page]);

  if (load.status === 'loading') {
    return (
      <>
        {!category && <h1>Store</h1>}
        <Status>Loading products…</Status>
      </>
    );
  }
  if (load.status === 'error') {
    if (isNotFound(load.error) && page > 1) return <PageNotFound category={category} />;
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
      <CatalogueStyles />
      <h1 ref={heading} tabIndex={-1}>
        {current ? current.name : 'Store'}
      </h1>
      <CategoryNav categories={categories} />
      {products.length === 0 ? (
        <p>There are no products here yet.</p>
      ) : (
        <ul className="product-list ds-grid" aria-label="Products">
          {products.map((p, i) => (
            <ProductCard key={p.id} product={p} index={i} />
          ))}
        </ul>
      )}
      <Pagination
        current={load.data.page}
        totalPages={load.data.pages}
        label="Store pages"
        hrefFor={(n) => storeHref(category, n)}
        onPage={turnTo}
        linkComponent={Link}
      />
    </>
  );
}
