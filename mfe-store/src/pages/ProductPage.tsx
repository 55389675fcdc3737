/**
 * /product/{something}/{availabilityId} (SITE-05): the product, its availability selector, quantity
 * and Add to cart, copyright permissions and the Better Together group.
 */
import { useId, useState } from 'react';
import { Link, useNavigate } from 'shared-contracts/router';
import { Button, Card, isNotFound, Price, showPriceBlock, useLoad } from 'shared-contracts';
import { loadProduct } from '../api/catalog';
import { formatUsd, DEFAULT_QUANTITY } from 'shared-contracts/commerce';
import {
  COMMERCE_MESSAGES,
  MAX_LINE_QUANTITY,
  formatCents,
  isSingleQuantityType,
  type Availability,
  type BetterTogether,
  type ProductDetail,
} from 'shared-contracts/commerce';
import { Alert, BackToStore, ComingSoon, Cover, Status } from '../components/common';
import { useAddToCart, type AddItem } from '../components/cart/useAddToCart';
import { PRODUCT_LOAD_ERROR } from '../text';
import { ProductStyles } from './ProductPage.styles';

/** A whole quantity from 1 to MAX_LINE_QUANTITY, or null. */
function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_LINE_QUANTITY ? n : null;
}

export function availabilityLabel(a: Availability): string {
  return `${a.format}, ${a.language}, ${formatCents(a.priceCents)}`;
}

function QuantityInput({
  label,
  value,
  onChange,
  fixed,
  error,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  fixed: boolean;
  error: string | null;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const described = [fixed ? noteId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ds-field quantity-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={fixed ? 1 : MAX_LINE_QUANTITY}
        value={fixed ? '1' : value}
        readOnly={fixed}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {fixed && (
        <p id={noteId} className="ds-field__hint">
          {COMMERCE_MESSAGES.digitalQuantity}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="ds-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function Permissions({ permissions, add, busy }: { permissions: Availability[]; add(items: AddItem[]): void; busy: boolean }) {
  const [chosen, setChosen] = useState(permissions[0]?.availabilityId ?? '');
  const [copies, setCopies] = useState(String(DEFAULT_QUANTITY));
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const permission = permissions.find((p) => p.availabilityId === chosen) ?? permissions[0];
  if (!permission) return null;
  return (
    <Card as="section" boxed className="product-permissions" aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`}>Copyright permissions</h2>
      {permissions.length > 1 ? (
        <div className="ds-field">
          <label htmlFor={selectId}>Permission</label>
          <select id={selectId} value={permission.availabilityId} onChange={(e) => setChosen(e.target.value)}>
            {permissions.map((p) => (
              <option key={p.availabilityId} value={p.availabilityId}>
                {`${p.format}, ${formatCents(p.priceCents)} per copy`}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="permission-price">{`${permission.format}, ${formatCents(permission.priceCents)} per copy`}</p>
      )}
      <QuantityInput label="Number of copies" value={copies} onChange={setCopies} fixed={false} error={error} />
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          const n = parseQuantity(copies);
          if (n === null) {
            setError(COMMERCE_MESSAGES.quantityRange);
            return;
          }
          setError(null);
          add([{ availabilityId: permission.availabilityId, quantity: n, productId: permission.productId }]);
        }}
      >
        Add permissions to cart
      </Button>
    </Card>
  );
}

function BetterTogetherGroup({ group, add, busy }: { group: BetterTogether; add(items: AddItem[]): void; busy: boolean }) {
  const headingId = useId();
  const available = group.products.every((p) => p.availabilityStatus === 'AVAILABLE');
  return (
    <Card as="section" boxed className="better-together" aria-labelledby={headingId}>
      <h2 id={headingId}>Better Together</h2>
      <ul className="card-row">
        {group.products.map((p) => (
          <li key={p.id} className="row-card">
            <Cover image={p.image} alt="" sizes="4rem" />
            <span>
              <Link to={p.productUrl}>{p.title}</Link> <span className="product-format">{p.format}</span>{' '}
              <span className="product-price">{formatUsd(p.listPrice)}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="better-together-prices">
        <dt>Total</dt>
        <dd>{formatCents(group.totalCents)}</dd>
        <dt>Bundle price</dt>
        <dd>{formatCents(group.bundleCents)}</dd>
      </dl>
      {available && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => add(group.products.map((p) => ({ availabilityId: p.availabilityId, quantity: 1, productId: p.id })))}
        >
          {group.products.length === 2 ? 'Add both to cart' : 'Add all to cart'}
        </Button>
      )}
    </Card>
  );
}

function ProductView({ detail, availabilityId }: { detail: ProductDetail; availabilityId: string }) {
  const navigate = useNavigate();
  const { add, busy, dialog } = useAddToCart();
  const [quantity, setQuantity] = useState(String(DEFAULT_QUANTITY));
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const { product } = detail;
  const selected = detail.availabilities.find((a) => a.availabilityId === availabilityId) ?? null;
  const type = selected?.type ?? product.type;
  const priceCents = selected ? selected.priceCents : Math.round(product.listPrice * 100);
  const status = selected?.availabilityStatus ?? product.availabilityStatus;
  const fixed = isSingleQuantityType(type);
  const priced = showPriceBlock({ listPrice: priceCents / 100, contentType: product.contentType });
  const options = detail.availabilities;

  const addSelected = () => {
    const n = fixed ? 1 : parseQuantity(quantity);
    if (n === null) {
      setError(COMMERCE_MESSAGES.quantityRange);
      return;
    }
    setError(null);
    void add([{ availabilityId: selected?.availabilityId ?? product.availabilityId, quantity: n, productId: product.id }]);
  };

  return (
    <article className="product-page">
      <ProductStyles />
      <div className="product-main">
        <div className="product-head">
          <h1>{product.title}</h1>
          {detail.authors.length > 0 && <p className="product-authors">By {detail.authors.join(', ')}</p>}
        </div>
        <Cover image={product.image} alt={`Cover of ${product.title}`} sizes="(max-width: 767px) 12rem, 24rem" priority className="product-cover" />
        <p className="product-summary">{product.summary}</p>
        <div className="product-buy">
          {options.length > 0 && (
            <div className="ds-field availability-selector">
              <label htmlFor={selectId}>Format</label>
              <select
                id={selectId}
                value={selected ? selected.availabilityId : ''}
                onChange={(e) => {
                  const next = detail.availabilities.find((a) => a.availabilityId === e.target.value);
                  if (next && next.availabilityId !== availabilityId) navigate(next.productUrl);
                }}
              >
                {!selected && <option value="">{product.format}</option>}
                {options.map((a) => (
                  <option key={a.availabilityId} value={a.availabilityId}>
                    {availabilityLabel(a)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {priced && (
            <div className="price-block">
              <Price as="p" className="product-price">
                {formatCents(priceCents)}
              </Price>
              {status === 'COMING_SOON' ? (
                <ComingSoon />
              ) : (
                <div className="buy-row">
                  <QuantityInput label="Quantity" value={quantity} onChange={setQuantity} fixed={fixed} error={error} />
                  <button type="button" className="button-primary" disabled={busy} onClick={addSelected}>
                    Add to cart
                  </button>
                </div>
              )}
            </div>
          )}
          {!priced && status === 'COMING_SOON' && <ComingSoon />}
        </div>
      </div>
      {detail.permissions.length > 0 && <Permissions permissions={detail.permissions} add={(items) => void add(items)} busy={busy} />}
      {detail.betterTogether && detail.betterTogether.products.length > 1 && (
        <BetterTogetherGroup group={detail.betterTogether} add={(items) => void add(items)} busy={busy} />
      )}
      <BackToStore />
      {dialog}
    </article>
  );
}

export function ProductPage({ availabilityId }: { availabilityId: string }) {
  const load = useLoad<ProductDetail>(`product:${availabilityId}`, () => loadProduct(availabilityId));
  if (load.status === 'loading') return <Status>Loading product…</Status>;
  if (load.status === 'error') {
    if (isNotFound(load.error)) {
      return (
        <>
          <h1>Product not found</h1>
          <p>We could not find that product.</p>
          <BackToStore />
        </>
      );
    }
    return <Alert>{PRODUCT_LOAD_ERROR}</Alert>;
  }
  return <ProductView detail={load.data} availabilityId={availabilityId} />;
}
