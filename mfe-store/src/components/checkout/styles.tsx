/**
 * Styles only the checkout steps and the order page use (the form, the error summary, the
 * order confirmation), on the design tokens, shipped with those pages' chunks rather than the
 * store's first view. React 19 hoists the <style> into the head once.
 */
const CSS = `
[data-remote-root="store"] .error-summary{border:3px solid var(--accent);border-radius:var(--radius-1);padding:var(--space-4) var(--space-5);margin:0 0 var(--space-5);scroll-margin-top:6rem;font-family:var(--font-sans)}
[data-remote-root="store"] .error-summary:focus{outline:3px solid var(--focus);outline-offset:2px}
[data-remote-root="store"] .error-summary-title{font-size:var(--step-1);margin:0 0 var(--space-2)}
[data-remote-root="store"] .error-summary-list{margin:0;padding-left:var(--space-5)}
[data-remote-root="store"] .error-summary-list a{font-weight:700}
[data-remote-root="store"] :is(.checkout-form .field,.shipping-methods){scroll-margin-top:6rem}
[data-remote-root="store"] .order-confirmation{background:var(--success-bg);color:var(--success);border-left:4px solid var(--success);padding:var(--space-4) var(--space-5);margin:0 0 var(--space-5);font-family:var(--font-sans)}
[data-remote-root="store"] .order-confirmation h2{margin:0 0 var(--space-1)}
[data-remote-root="store"] .order-confirmation p{margin:0}
[data-remote-root="store"] .checkout-form fieldset{border:0;padding:0;margin:0 0 var(--space-6);min-width:0}
[data-remote-root="store"] .checkout-form legend{font:700 var(--step-2)/1.2 var(--font-serif);padding:0;margin-bottom:var(--space-3)}
[data-remote-root="store"] .checkout-form .field{display:flex;flex-direction:column;gap:var(--space-1);min-width:0;font-family:var(--font-sans)}
[data-remote-root="store"] .checkout-form .field>label{font-weight:700;font-size:var(--step--1)}
[data-remote-root="store"] .checkout-form :is(input:not([type=checkbox]):not([type=radio]),select){width:100%}
[data-remote-root="store"] .checkout-form .form-error{margin:0;font-size:var(--step--1)}
[data-remote-root="store"] :is(.address-fields,.payment-fields){display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:0 var(--space-3)}
[data-remote-root="store"] :is(.address-fields,.payment-fields)>.field{grid-column:span 3}
[data-remote-root="store"] :is(.address-fields>.field:is(:nth-of-type(3),:nth-of-type(4)),.payment-fields>.field:is(:nth-of-type(1),:nth-of-type(5))){grid-column:1/-1}
[data-remote-root="store"] .payment-fields>.field:is(:nth-of-type(2),:nth-of-type(3),:nth-of-type(4)){grid-column:span 2}
[data-remote-root="store"] :is(.checkout-form .checkbox,.radio){display:flex;flex-direction:row;align-items:center;gap:var(--space-3);font-family:var(--font-sans)}
[data-remote-root="store"] .checkout-form .checkbox{margin:0 0 var(--space-6)}
[data-remote-root="store"] .radio{padding:0 var(--space-3);margin-bottom:var(--space-2);border:1px solid var(--line-strong);border-radius:var(--radius-1)}
[data-remote-root="store"] .radio:has(:checked){border-color:var(--ink);box-shadow:inset 0 0 0 1px var(--ink)}
[data-remote-root="store"] :is(.checkbox,.radio) label{flex:1;display:flex;align-items:center;min-height:var(--target);cursor:pointer}
@media (max-width:1023px){[data-remote-root="store"] .checkout-form .store-layout{grid-template-columns:1fr}}
`;

export function CheckoutStyles() {
  return (
    <style href="mfe-store-checkout-styles" precedence="default">
      {CSS}
    </style>
  );
}
