/**
 * The customer-service phone lines (US/Canada and International, PAY-02, PAY-09; SITE-04, SITE-08) as a
 * list of tel: links. Every part that shows them uses this list; `children` adds items after the
 * phones (a mail link). And the generic failure that shows them.
 */
import type { ReactNode } from 'react';
import { CUSTOMER_SERVICE_EMAIL, CUSTOMER_SERVICE_PHONES, MESSAGES } from 'shared-contracts/contracts';

export function CustomerServicePhones({ className, label, children }: { className?: string; label?: string; children?: ReactNode }) {
  return (
    <ul className={className} aria-label={label}>
      {CUSTOMER_SERVICE_PHONES.map((p) => (
        <li key={p.label}>
          {p.label}: <a href={`tel:${p.tel}`}>{p.display}</a>
        </li>
      ))}
      {children}
    </ul>
  );
}

/**
 * The generic failure (SITE-08): 'We are sorry. We are unable to process your request at this
 * time.' with the 24/7 customer-service phones and mail (the account forms, My Library's failures).
 */
export function GenericFailure() {
  return (
    <div role="alert" className="generic-failure">
      <p className="form-error">{MESSAGES.generic}</p>
      {/* NOT IN SPEC: the wording around the lines; the spec says "a 24/7 customer-service phone and email". */}
      <p>Customer Service is available 24/7:</p>
      <CustomerServicePhones className="customer-service-lines">
        <li>
          Email: <a href={`mailto:${CUSTOMER_SERVICE_EMAIL}`}>{CUSTOMER_SERVICE_EMAIL}</a>
        </li>
      </CustomerServicePhones>
    </div>
  );
}
