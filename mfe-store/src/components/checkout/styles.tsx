/**
 * Styles only the checkout steps and the order page use (issue 26: the error summary, the order
 * confirmation), shipped with those pages' chunks rather than the store's first view. React 19
 * hoists the <style> into the head once.
 */
const CSS = `
[data-remote-root="store"] .error-summary { border: 4px solid #a6192e; padding: .75rem 1rem; margin: 1rem 0; scroll-margin-top: 6rem; }
[data-remote-root="store"] .error-summary:focus { outline: 3px solid #ffbf47; outline-offset: 0; }
[data-remote-root="store"] .error-summary-title { font: 700 1.2rem Arial, sans-serif; margin: 0 0 .5rem; }
[data-remote-root="store"] .error-summary-list { margin: 0; padding-left: 1.25rem; font-family: Arial, sans-serif; }
[data-remote-root="store"] .error-summary-list a { color: #a6192e; font-weight: 700; }
[data-remote-root="store"] .checkout-form .field, [data-remote-root="store"] .shipping-methods { scroll-margin-top: 6rem; }
[data-remote-root="store"] .order-confirmation { background: #00703c; color: #fff; padding: 1.25rem 1.5rem; margin: 1rem 0 1.5rem; font-family: Arial, sans-serif; }
[data-remote-root="store"] .order-confirmation h2 { margin: 0 0 .5rem; font-size: 1.5rem; }
[data-remote-root="store"] .order-confirmation p { margin: 0; font-size: 1.1rem; }
`;

export function CheckoutStyles() {
  return (
    <style href="mfe-store-checkout-styles" precedence="default">
      {CSS}
    </style>
  );
}
