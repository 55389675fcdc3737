/**
 * The cart's lines: a row per line with its quantity field and Remove, grouped as shipped or digital.
 * Under its title each line tells what the cart item says of its product (SITE-03 cart item): the
 * major subject and the publication date, whether copyright permissions and volume pricing are
 * offered, and when the product cannot be ordered now (status UNAVAILABLE).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button, formatLongDate, Price } from 'shared-contracts';
import { Link } from 'shared-contracts/router';
import { LineThumb } from '../common';
import { COMMERCE_MESSAGES, MAX_LINE_QUANTITY, formatCents, isSingleQuantityType, type CartLine } from 'shared-contracts/commerce';

/** This view's words (NOT IN SPEC). */
export const LINE_TEXT = {
  published: (date: string) => `Published ${date}`,
  permissions: 'Copyright permissions available',
  volumePricing: 'Volume pricing available:',
  askCustomerService: 'ask Customer Service',
  unavailable: 'This item cannot be ordered right now. Remove it to check out.',
};

/** What the cart item says of its product, under its title. */
function LineDetails({ line }: { line: CartLine }) {
  const facts = [line.productMajorSubject, line.publicationDate ? LINE_TEXT.published(formatLongDate(line.publicationDate)) : null].filter(
    (f): f is string => !!f,
  );
  return (
    <>
      {facts.length > 0 && <p className="ds-card__meta">{facts.join(' · ')}</p>}
      {line.permissionsAvailable && line.type !== 'Perm' && (
        <p className="ds-card__meta">
          <Link to={line.productUrl}>{LINE_TEXT.permissions}</Link>
        </p>
      )}
      {line.isVolumePricingAvailable && (
        <p className="ds-card__meta">
          {LINE_TEXT.volumePricing} <a href="/subscriber-help#contact-customer-service">{LINE_TEXT.askCustomerService}</a>
        </p>
      )}
      {line.status === 'UNAVAILABLE' && <p className="form-error">{LINE_TEXT.unavailable}</p>}
    </>
  );
}

export interface LineProps {
  busy: boolean;
  /** Asks for the quantity; false when the change failed (the field shows the line's quantity again). */
  onQuantity(line: CartLine, quantity: number): Promise<boolean>;
  onRemove(line: CartLine): void;
}

function LineRow({ line, busy, onQuantity, onRemove }: LineProps & { line: CartLine }) {
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
    setError(null);
    pending.current = true;
    const ok = await onQuantity(line, n).finally(() => (pending.current = false));
    if (!ok) setDraft(String(line.quantity));
  };

  return (
    <li className="cart-line" data-line-status={line.status}>
      <LineThumb item={line} />
      <div className="cart-line-title">
        <Link to={line.productUrl}>{line.productTitle}</Link>{' '}
        <p className="ds-card__meta">
          <span className="cart-line-format">{line.format}</span> · <span className="cart-line-price">{formatCents(line.unitPriceCents)}</span>
        </p>
        <LineDetails line={line} />
      </div>
      {single ? (
        // A digital product, ebook or subscription is one per order (SITE-05): its quantity is shown, not edited.
        <p className="quantity-fixed">
          Quantity: {line.quantity}
          <span className="visually-hidden">{` of ${line.productTitle}`}</span>
        </p>
      ) : (
        <div className="quantity-field">
          <label htmlFor={id}>
            Quantity<span className="visually-hidden">{` for ${line.productTitle}`}</span>
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_LINE_QUANTITY}
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
      )}
      <Price className="cart-line-total">{formatCents(line.lineTotalCents)}</Price>
      <Button variant="ghost" className="cart-line-remove" aria-label={`Remove ${line.productTitle}`} disabled={busy} onClick={() => onRemove(line)}>
        Remove
      </Button>
    </li>
  );
}

export function LineSection({ title, lines, ...rest }: { title: string; lines: CartLine[] } & LineProps) {
  const id = useId();
  if (lines.length === 0) return null;
  return (
    <section className="cart-section" aria-labelledby={id}>
      <h2 id={id} className="ds-section-title">
        {title}
      </h2>
      <ul className="cart-lines">
        {lines.map((l) => (
          <LineRow key={l.itemId} line={l} {...rest} />
        ))}
      </ul>
    </section>
  );
}
