/**
 * The checkout's error summary, as the GOV.UK design system has it: a box at the top of
 * the form or page with the heading 'There is a problem' and every error as a link to its field
 * (or to the page where it is fixed). When it appears it takes the focus and is brought into view,
 * so a reader scrolled down at the button sees and hears what went wrong; the heading never repeats
 * an error. Remount it (a new `key`) to take the focus again for a new attempt.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'shared-contracts/router';
import { CheckoutStyles } from './styles';
import { ERROR_SUMMARY_TITLE } from './text';

export interface SummaryItem {
  message: string;
  /** The `name` of the form control the error is about: the link moves the focus to it. */
  field?: string;
  /** Else a page where the error is fixed. */
  to?: string;
}

/** The form control of a field name within `scope`. */
function controlOf(scope: ParentNode | null, field: string): HTMLElement | null {
  if (!scope) return null;
  const found = scope.querySelector(`[name="${field}"]`);
  return found instanceof HTMLElement ? found : null;
}

/** Brings a field into view with its label (or its group's legend) and focuses it, as GOV.UK does. */
export function focusField(control: HTMLElement): void {
  const box = control.closest('fieldset.shipping-methods') ?? control.closest('.field') ?? control;
  box.scrollIntoView?.({ block: 'start' });
  control.focus({ preventScroll: true });
}

export function ErrorSummary({ items }: { items: readonly SummaryItem[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [ids, setIds] = useState<Record<string, string>>({});

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.focus({ preventScroll: true });
    box.scrollIntoView?.({ block: 'start' });
  }, []);

  // The links' targets: the ids the field kit gave the controls (known once they are in the page).
  const fields = items.map((i) => i.field ?? '').join('\n');
  useLayoutEffect(() => {
    const scope = ref.current?.closest('form') ?? document;
    const next: Record<string, string> = {};
    for (const field of fields.split('\n')) {
      const id = field ? controlOf(scope, field)?.id : undefined;
      if (id) next[field] = id;
    }
    setIds(next);
  }, [fields]);

  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId} className="error-summary">
      <CheckoutStyles />
      <h2 id={titleId} className="error-summary-title">
        {ERROR_SUMMARY_TITLE}
      </h2>
      <ul className="error-summary-list">
        {items.map((item) => (
          <li key={`${item.field ?? item.to ?? ''}:${item.message}`}>
            {item.field && ids[item.field] ? (
              <a
                href={`#${ids[item.field]}`}
                onClick={(e) => {
                  const control = controlOf(ref.current?.closest('form') ?? document, item.field ?? '');
                  if (!control) return;
                  e.preventDefault();
                  focusField(control);
                }}
              >
                {item.message}
              </a>
            ) : item.to ? (
              <Link to={item.to}>{item.message}</Link>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
