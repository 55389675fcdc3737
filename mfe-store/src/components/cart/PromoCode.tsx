/** The promo code of the cart: the applied code with 'Remove promo code', else the form to apply one. */
import { useId, useState } from 'react';
import { COMMERCE_MESSAGES, type Cart } from 'shared-contracts/commerce';
import { Status } from '../common';
import { Button } from 'shared-contracts';

export function PromoCode({
  cart,
  apply,
  remove,
  busy,
}: {
  cart: Cart;
  apply(code: string): Promise<string | null>;
  remove(): Promise<string | null>;
  busy: boolean;
}) {
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
          <Button
            variant="ghost"
            disabled={busy}
            onClick={async () => {
              setStatus(null);
              setError(await remove());
            }}
          >
            Remove promo code
          </Button>
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
          <div className="promo-row">
            <input
              id={id}
              name="promoCode"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <Button variant="secondary" type="submit" disabled={busy}>
              Apply
            </Button>
          </div>
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
