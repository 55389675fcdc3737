/**
 * /shopping-cart (site §2, §3): shipped and digital lines with their quantities, the totals, the
 * promo code, the voucher_code flow, and Checkout.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'shared-contracts/router';
import { UI_TEXT, api, bus, pushDataLayer, userStore } from 'shared-contracts';
import { canIncreaseQuantity } from 'shared-contracts/commerce';
import {
  COMMERCE_MESSAGES,
  MAX_LINE_QUANTITY,
  ORDER_QUERY,
  cartLines,
  centsToDollars,
  formatCents,
  isSingleQuantityType,
  type Cart,
  type CartLine,
} from 'shared-contracts/commerce';
import { Alert, Status, commerceItems, errorMessage, useMounted } from '../common';
import { announceCart } from './cartCache';
import { EmptyCart, TotalsList, isEmpty } from './CartParts';

const CART_LOAD_ERROR = 'We could not load your cart. Please try again.';

function LineRow({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  busy: boolean;
  onQuantity(line: CartLine, quantity: number): Promise<boolean>;
  onRemove(line: CartLine): void;
}) {
  const [draft, setDraft] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const single = isSingleQuantityType(line.type);
  useEffect(() => setDraft(String(line.quantity)), [line.quantity]);

  const pending = useRef(false);
  const commit = async () => {
    if (pending.current || draft === String(line.quantity)) return;
    const text = draft.trim();
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(n) || n > MAX_LINE_QUANTITY) {
      setError(COMMERCE_MESSAGES.quantityRange);
      setDraft(String(line.quantity));
      return;
    }
    if (n > line.quantity && !canIncreaseQuantity({ digital: single, quantity: line.quantity })) {
      setError(COMMERCE_MESSAGES.digitalQuantity);
      setDraft(String(line.quantity));
      return;
    }
    setError(null);
    pending.current = true;
    const ok = await onQuantity(line, n).finally(() => (pending.current = false));
    if (!ok) setDraft(String(line.quantity));
  };

  return (
    <li className="cart-line">
      <Link to={line.productUrl} className="cart-line-title">
        {line.productTitle}
      </Link>{' '}
      <span className="cart-line-format">{line.format}</span>{' '}
      <span className="cart-line-price">{formatCents(line.unitPriceCents)}</span>
      <div className="field quantity-field">
        <label htmlFor={id}>
          Quantity<span className="visually-hidden">{` for ${line.productTitle}`}</span>
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={single ? 1 : MAX_LINE_QUANTITY}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="form-error">
            {error}
          </p>
        )}
      </div>
      <span className="cart-line-total">{formatCents(line.lineTotalCents)}</span>
      <button type="button" aria-label={`Remove ${line.productTitle}`} disabled={busy} onClick={() => onRemove(line)}>
        Remove
      </button>
    </li>
  );
}

function LineSection({ title, lines, ...rest }: { title: string; lines: CartLine[] } & Omit<Parameters<typeof LineRow>[0], 'line'>) {
  const id = useId();
  if (lines.length === 0) return null;
  return (
    <section className="cart-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="cart-lines">
        {lines.map((l) => (
          <LineRow key={l.itemId} line={l} {...rest} />
        ))}
      </ul>
    </section>
  );
}

function PromoCode({ cart, apply, remove, busy }: { cart: Cart; apply(code: string): Promise<string | null>; remove(): Promise<string | null>; busy: boolean }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const id = useId();
  return (
    <section className="promo-code" aria-label="Promo code">
      {cart.promoCode ? (
        <p className="applied-promo">
          {`Promo code ${cart.promoCode.code}`}
          {cart.promoCode.description ? `: ${cart.promoCode.description}` : ''}{' '}
          <button
            type="button"
            disabled={busy}
            onClick={async () => {
              setStatus(null);
              setError(await remove());
            }}
          >
            Remove promo code
          </button>
        </p>
      ) : (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            const c = code.trim();
            if (!c) {
              setError(COMMERCE_MESSAGES.required('a promo code'));
              return;
            }
            setStatus(null);
            const failure = await apply(c);
            setError(failure);
            if (!failure) {
              setStatus(COMMERCE_MESSAGES.promoApplied(c));
              setCode('');
            }
          }}
        >
          <label htmlFor={id}>Promo code</label>
          <input
            id={id}
            name="promoCode"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" disabled={busy}>
            Apply
          </button>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
      {status && <Status>{status}</Status>}
    </section>
  );
}

export function CartPage() {
  const [cart, setCart] = useState<Cart | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [voucher, setVoucher] = useState<{ kind: 'status' | 'error'; text: string } | null>(null);
  const [waitingForSignIn, setWaitingForSignIn] = useState(false);
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const mounted = useMounted();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get(ORDER_QUERY.voucherCode)?.trim();
    const loadCart = () =>
      api.cart().then(
        (c) => mounted.current && setCart(c),
        () => mounted.current && setLoadError(true),
      );
    if (!code) {
      void loadCart();
      return;
    }
    // The voucher flow: apply it, say so, and take the parameter out of the address.
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(ORDER_QUERY.voucherCode);
        return next;
      },
      { replace: true },
    );
    api.applyPromoCode(code).then(
      (c) => {
        if (!mounted.current) return;
        setCart(c);
        announceCart(c);
        setVoucher({ kind: 'status', text: COMMERCE_MESSAGES.voucherApplied(code) });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setVoucher({ kind: 'error', text: errorMessage(error, COMMERCE_MESSAGES.promoInvalid) });
        void loadCart();
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  useEffect(() => {
    if (!waitingForSignIn) return;
    return bus.on('user:changed', ({ user }) => {
      if (user) {
        setWaitingForSignIn(false);
        navigate('/shipping-payment');
      }
    });
  }, [waitingForSignIn, navigate]);

  /** Runs a cart change; returns the error message, or null on success. */
  const change = async (call: () => Promise<Cart>, showAlert = true): Promise<string | null> => {
    setBusy(true);
    setAlert(null);
    try {
      const next = await call();
      if (mounted.current) setCart(next);
      announceCart(next);
      return null;
    } catch (error) {
      const message = errorMessage(error);
      if (mounted.current && showAlert) setAlert(message);
      return message;
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  if (loadError) {
    return (
      <>
        <h1>Shopping Cart</h1>
        <Alert>{CART_LOAD_ERROR}</Alert>
      </>
    );
  }
  if (!cart) {
    return (
      <>
        <h1>Shopping Cart</h1>
        <Status>Loading your cart…</Status>
      </>
    );
  }

  const voucherNotice = voucher && (voucher.kind === 'status' ? <Status>{voucher.text}</Status> : <Alert>{voucher.text}</Alert>);
  if (isEmpty(cart)) {
    return (
      <>
        {voucherNotice}
        <EmptyCart title="Shopping Cart" />
      </>
    );
  }

  const rowProps = {
    busy,
    onQuantity: async (line: CartLine, quantity: number) => {
      const failure = await change(() => api.setCartQuantity(line.itemId, quantity));
      if (!failure && quantity < line.quantity) {
        const removed = line.quantity - quantity;
        pushDataLayer({
          event: 'remove_from_cart',
          currency: 'USD',
          value: centsToDollars(line.unitPriceCents * removed),
          items: commerceItems([{ ...line, quantity: removed }]),
        });
      }
      return failure === null;
    },
    onRemove: (line: CartLine) => {
      void change(() => api.removeCartLine(line.itemId)).then((failure) => {
        if (failure) return;
        pushDataLayer({ event: 'remove_from_cart', currency: 'USD', value: centsToDollars(line.lineTotalCents), items: commerceItems([line]) });
      });
    },
  };

  const checkout = () => {
    pushDataLayer({ event: 'begin_checkout', currency: 'USD', value: centsToDollars(cart.grandTotalCents), items: commerceItems(cartLines(cart)) });
    if (userStore.getState().user) {
      navigate('/shipping-payment');
      return;
    }
    setWaitingForSignIn(true);
    bus.emit('auth:open', { screen: 'signin', reason: 'checkout' });
  };

  return (
    <div className="cart-page">
      <h1>Shopping Cart</h1>
      {voucherNotice}
      {alert && <Alert>{alert}</Alert>}
      <LineSection title="Shipped items" lines={cart.lineItems.physicalItems} {...rowProps} />
      <LineSection title="Digital items" lines={cart.lineItems.digitalItems} {...rowProps} />
      <PromoCode
        cart={cart}
        busy={busy}
        apply={(code) => change(() => api.applyPromoCode(code), false)}
        remove={() => change(() => api.removePromoCode(), false)}
      />
      <TotalsList totals={cart} pending={cart.needsShipping ? cart.shippingMethod === null : cart.billingAddress === null} />
      <p className="cart-actions">
        <button type="button" className="button-primary" onClick={checkout}>
          {UI_TEXT.checkout}
        </button>{' '}
        <Link to="/store">{UI_TEXT.continueShopping}</Link>
      </p>
    </div>
  );
}
