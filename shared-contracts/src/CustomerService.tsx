/**
 * The customer-service phone lines (US/Canada and International, PAY-02, PAY-09; SITE-04, SITE-08) as a
 * list of tel: links. Every part that shows them uses this list; `children` adds items after the
 * phones (a mail link).
 */
import type { ReactNode } from 'react';
import { CUSTOMER_SERVICE_PHONES } from 'shared-contracts/contracts';

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
