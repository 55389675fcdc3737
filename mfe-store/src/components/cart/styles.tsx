/**
 * The layout of the cart and of the checkout steps and order page that show its lines and totals:
 * lines on the left and a summary card on the right from 768px, stacked on a phone (each line its
 * cover, title, quantity and price). Shipped with those pages' chunks, not the store's first view.
 */
const CSS = `
[data-remote-root="store"] .store-layout{display:grid;gap:var(--space-6);align-items:start}
[data-remote-root="store"] .store-layout>div>:first-child{margin-top:0}
[data-remote-root="store"] .store-summary .button-primary{width:100%}
[data-remote-root="store"] .cart-actions{display:flex;flex-direction:column;align-items:center;gap:var(--space-2);margin:0}
[data-remote-root="store"] .cart-totals{display:grid;grid-template-columns:1fr auto;gap:var(--space-2) 0;margin:0 0 var(--space-4);font-family:var(--font-sans)}
[data-remote-root="store"] .cart-totals dd{margin:0;padding-left:var(--space-4);text-align:right;font-variant-numeric:tabular-nums}
[data-remote-root="store"] .cart-totals>:nth-last-child(-n+2){border-top:1px solid var(--line-strong);padding-top:var(--space-2);font-weight:700;font-size:var(--step-1)}
[data-remote-root="store"] .cart-line{display:grid;grid-template:"t t p" "q q r"/auto 1fr auto;gap:var(--space-2) var(--space-3);align-items:center;padding:var(--space-4) 0;border-bottom:1px solid var(--line);font-family:var(--font-sans)}
[data-remote-root="store"] .cart-line:has(>.cover){grid-template-areas:"c t t p" "c q q r";grid-template-columns:3.5rem auto 1fr auto}
[data-remote-root="store"] .cart-line>.cover{grid-area:c;align-self:start}
[data-remote-root="store"] .cart-line-title{grid-area:t;font:700 var(--step-0) var(--font-serif)}
[data-remote-root="store"] :is(.cart-line-title p,.quantity-fixed){margin:var(--space-1) 0 0;font-weight:400}
[data-remote-root="store"] .cart-line .ds-price{grid-area:p;align-self:start;font-size:var(--step-0)}
[data-remote-root="store"] .cart-line-remove{grid-area:r}
[data-remote-root="store"] :is(.quantity-fixed,.line-facts,.cart-line .quantity-field){grid-area:q}
[data-remote-root="store"] .line-facts{color:var(--muted);font-size:var(--step--1)}
[data-remote-root="store"] .cart-line .quantity-field{display:flex;align-items:center;gap:var(--space-2)}
[data-remote-root="store"] .promo-code{margin-bottom:var(--space-4);font-family:var(--font-sans)}
[data-remote-root="store"] .promo-code label{font-weight:700;font-size:var(--step--1)}
[data-remote-root="store"] .promo-row{display:flex;gap:var(--space-2);margin-top:var(--space-1)}
[data-remote-root="store"] .promo-row input{flex:1;min-width:0}
@media (min-width:768px){
[data-remote-root="store"] .store-layout{grid-template-columns:minmax(0,1fr) minmax(15rem,20rem)}
[data-remote-root="store"] .cart-line:has(>.cover){grid-template-columns:4.5rem auto 1fr auto}
}
`;

export function CartStyles() {
  return (
    <style href="mfe-store-cart-styles" precedence="default">
      {CSS}
    </style>
  );
}
