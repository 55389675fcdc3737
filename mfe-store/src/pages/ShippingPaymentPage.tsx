/**
 * /shipping-payment: addresses, shipping method and card, sent once to POST
 * /api/commerce/shipping-payment; the server's field errors show next to their fields.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'shared-contracts/router';
import { Card, pushDataLayer, useMounted } from 'shared-contracts';
import { estimateShipping, saveShippingPayment } from '../api/checkout';
import {
  COMMERCE_MESSAGES,
  centsToDollars,
  formatCents,
  type Address,
  type Cart,
  type Estimate,
  type ShippingMethod,
  type ShippingMethodCode,
} from 'shared-contracts/commerce';
import { errorMessage } from '../components/common';
import { fieldErrors } from '../components/checkout/apiErrors';
import { announceCart } from '../components/cart/cartCache';
import { TotalsList } from '../components/cart/CartParts';
import { AddressFields, EMPTY_ADDRESS, LISTED_STATE_COUNTRIES } from '../components/checkout/AddressFields';
import { ErrorSummary, focusField, type SummaryItem } from '../components/checkout/ErrorSummary';
import { Fieldset, Input, type Errors } from '../components/checkout/fields';
import { CheckoutStep } from '../components/checkout/useCheckoutCart';
import { CartStyles } from '../components/cart/styles';
import { CheckoutStyles } from '../components/checkout/styles';
import { PAYMENT_FIELDS_HASH, SHIPPING_PAYMENT_TITLE, TAX_FROM_ADDRESS } from '../components/checkout/text';

/** Data-layer label of a method. */
function methodLabel(m: ShippingMethod): string {
  return `${m.label}, ${formatCents(m.costCents)}`;
}

function ShippingMethods({
  methods,
  value,
  onChange,
  error,
}: {
  methods: ShippingMethod[];
  value: ShippingMethodCode | null;
  onChange(code: ShippingMethodCode): void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="shipping-methods" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Shipping method</legend>
      {methods.length === 0 ? (
        <p>{COMMERCE_MESSAGES.needsAddress}</p>
      ) : (
        methods.map((m) => (
          <div key={m.code} className="radio">
            <input type="radio" id={`${id}-${m.code}`} name="shippingMethod" value={m.code} checked={value === m.code} onChange={() => onChange(m.code)} />
            <label htmlFor={`${id}-${m.code}`}>{methodLabel(m)}</label>
          </div>
        ))
      )}
      {error && (
        <p id={`${id}-error`} className="form-error field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function toInt(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : 0;
}

/** The card's fields, in the form's order. */
const CARD_FIELDS = [
  { field: 'number', label: 'Card number', autoComplete: 'cc-number', numeric: true, maxLength: 30 },
  { field: 'expMonth', label: 'Expiry month', autoComplete: 'cc-exp-month', numeric: true, maxLength: 2 },
  { field: 'expYear', label: 'Expiry year', autoComplete: 'cc-exp-year', numeric: true, maxLength: 4 },
  { field: 'cvc', label: 'Security code', autoComplete: 'cc-csc', numeric: true, maxLength: 4 },
  { field: 'nameOnCard', label: 'Name on card', autoComplete: 'cc-name', numeric: false, maxLength: 100 },
] as const;

function ShippingPaymentForm({ cart, onSaved }: { cart: Cart; onSaved(cart: Cart): void }) {
  const needsShipping = cart.needsShipping;
  const [shipping, setShipping] = useState<Address>(cart.shippingAddress ?? EMPTY_ADDRESS);
  const [billingSame, setBillingSame] = useState(cart.billingAddress === null);
  const [billing, setBilling] = useState<Address>(cart.billingAddress ?? cart.shippingAddress ?? EMPTY_ADDRESS);
  const [methods, setMethods] = useState<ShippingMethod[]>(cart.shippingMethods);
  const [method, setMethod] = useState<ShippingMethodCode | null>(cart.shippingMethod ?? cart.shippingMethods[0]?.code ?? null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [card, setCard] = useState({ number: '', expMonth: '', expYear: '', cvc: '', nameOnCard: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<{ attempt: number; items: SummaryItem[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const estimates = useRef(0);
  const mounted = useMounted();
  const billingSameId = useId();
  const { hash } = useLocation();

  // The summary shows what the server will charge: the totals of the address the server
  // prices (shipping when something ships, else billing) and of the chosen method, asked again when
  // either changes; an answer older than the last question is dropped.
  const destination = needsShipping ? shipping : billing;
  const runEstimate = () => {
    if (!destination.countryCode) return;
    const asked = ++estimates.current;
    estimateShipping({
      countryCode: destination.countryCode,
      ...(destination.state ? { state: destination.state } : {}),
      ...(destination.postalCode ? { postalCode: destination.postalCode } : {}),
      ...(needsShipping && method ? { shippingMethod: method } : {}),
    }).then(
      (e) => {
        if (!mounted.current || asked !== estimates.current) return;
        setEstimate(e);
        if (!needsShipping) return;
        setMethods(e.shippingMethods);
        setMethod((current) => (current && e.shippingMethods.some((m) => m.code === current) ? current : (e.shippingMethods[0]?.code ?? null)));
      },
      () => undefined,
    );
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the estimate reads the address of this render
  useEffect(runEstimate, [needsShipping, destination.countryCode, destination.state, method]);
  const taxPending = LISTED_STATE_COUNTRIES.includes(destination.countryCode) && !destination.state;

  // Arriving from the review's 'card declined' link: straight to the card number.
  useEffect(() => {
    if (hash !== `#${PAYMENT_FIELDS_HASH}`) return;
    const control = formRef.current?.querySelector('[name="card.number"]');
    if (control instanceof HTMLElement) focusField(control);
  }, [hash]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    let year = toInt(card.expYear);
    if (year > 0 && year < 100) year += 2000;
    const sameAsShipping = needsShipping && billingSame;
    try {
      const saved = await saveShippingPayment({
        shippingAddress: needsShipping ? shipping : null,
        billingAddress: sameAsShipping ? null : billing,
        billingSameAsShipping: sameAsShipping,
        shippingMethod: needsShipping ? method : null,
        card: {
          number: card.number.replace(/[\s-]/g, ''),
          expMonth: toInt(card.expMonth),
          expYear: year,
          cvc: card.cvc.trim(),
          nameOnCard: card.nameOnCard.trim(),
        },
      });
      announceCart(saved);
      pushDataLayer({
        event: 'add_shipping_info',
        currency: 'USD',
        value: centsToDollars(saved.grandTotalCents),
        shipping_tier: saved.shippingMethod ?? 'none',
      });
      pushDataLayer({ event: 'add_payment_info', currency: 'USD', value: centsToDollars(saved.grandTotalCents), payment_type: saved.payment?.brand ?? 'card' });
      onSaved(saved);
    } catch (error) {
      if (!mounted.current) return;
      const list = fieldErrors(error);
      const map: Errors = {};
      for (const f of list) map[f.field] ??= f.errorMessage;
      setErrors(map);
      // One entry per field, each a link to it; the heading is the summary's own.
      const items: SummaryItem[] = Object.entries(map).map(([field, message]) => ({ field, message }));
      setSummary((last) => ({ attempt: (last?.attempt ?? 0) + 1, items: items.length > 0 ? items : [{ message: errorMessage(error) }] }));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const setCardField = (field: keyof typeof card) => (v: string) => setCard((c) => ({ ...c, [field]: v }));

  return (
    <form ref={formRef} className="checkout-form" onSubmit={submit} noValidate>
      {summary && <ErrorSummary key={summary.attempt} items={summary.items} />}
      <div className="store-layout">
        <div>
          {needsShipping && <AddressFields kind="shippingAddress" value={shipping} onChange={setShipping} errors={errors} onPostalCodeBlur={runEstimate} />}
          {needsShipping && (
            <div className="field checkbox">
              <input id={billingSameId} type="checkbox" checked={billingSame} onChange={(e) => setBillingSame(e.target.checked)} />
              <label htmlFor={billingSameId}>Billing address same as shipping</label>
            </div>
          )}
          {(!needsShipping || !billingSame) && <AddressFields kind="billingAddress" value={billing} onChange={setBilling} errors={errors} />}
          {needsShipping && <ShippingMethods methods={methods} value={method} onChange={setMethod} error={errors.shippingMethod} />}
          <Fieldset legend="Payment" className="payment-fields" id={PAYMENT_FIELDS_HASH}>
            {CARD_FIELDS.map(({ field, label, autoComplete, numeric, maxLength }) => (
              <Input
                key={field}
                label={label}
                name={`card.${field}`}
                value={card[field]}
                onChange={setCardField(field)}
                error={errors[`card.${field}`]}
                autoComplete={autoComplete}
                inputMode={numeric ? 'numeric' : undefined}
                maxLength={maxLength}
              />
            ))}
          </Fieldset>
        </div>
        <Card as="div" boxed className="store-summary">
          <TotalsList totals={estimate ?? cart} pending={taxPending ? 'tax' : false} pendingText={TAX_FROM_ADDRESS} />
          <button type="submit" className="button-primary" disabled={busy}>
            Continue to review
          </button>
        </Card>
      </div>
    </form>
  );
}

export default function ShippingPaymentPage() {
  const navigate = useNavigate();
  return (
    <CheckoutStep title={SHIPPING_PAYMENT_TITLE}>
      {(checkout) => (
        <div className="checkout-page">
          <CheckoutStyles />
          <CartStyles />
          <h1>{SHIPPING_PAYMENT_TITLE}</h1>
          <ShippingPaymentForm cart={checkout.cart} onSaved={() => navigate('/review-order')} />
        </div>
      )}
    </CheckoutStep>
  );
}
