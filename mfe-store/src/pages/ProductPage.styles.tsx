/**
 * The product page's layout: head, cover, price and Add to cart, summary, Better together. Shipped
 * with the product page's chunk, not the store's first chunk (decision 038).
 */
const CSS = `
[data-remote-root="store"] .product-main{display:grid;column-gap:var(--space-7);grid-template-areas:"head" "cover" "buy" "summary"}
[data-remote-root="store"] .product-head{grid-area:head}
[data-remote-root="store"] .product-head h1{margin:0 0 var(--space-2)}
[data-remote-root="store"] .product-authors{font-family:var(--font-sans);color:var(--muted);margin:0 0 var(--space-4)}
[data-remote-root="store"] .product-cover{grid-area:cover;width:12rem;margin-bottom:var(--space-3)}
[data-remote-root="store"] .product-summary{grid-area:summary;max-width:var(--measure);line-height:var(--leading-reading)}
[data-remote-root="store"] .product-buy{grid-area:buy;max-width:30rem}
[data-remote-root="store"] .price-block .ds-price{display:block;font-size:var(--step-3);margin:var(--space-2) 0}
[data-remote-root="store"] .buy-row{display:flex;flex-wrap:wrap;gap:var(--space-3)}
[data-remote-root="store"] .buy-row .ds-field{margin:0}
[data-remote-root="store"] .buy-row button{flex:1 1 12rem;max-width:22rem;margin-top:calc(1.5*var(--step--1) + var(--space-1))}
[data-remote-root="store"] :is(.better-together,.product-permissions){margin-top:var(--space-7)}
[data-remote-root="store"] .better-together-prices{display:grid;grid-template-columns:max-content max-content;gap:var(--space-1) var(--space-6);font-family:var(--font-sans)}
[data-remote-root="store"] .better-together-prices dd{margin:0;text-align:right}
@media (max-width:767px){
[data-remote-root="store"] .product-head h1{font-size:var(--step-3)}
}
@media (min-width:768px){
[data-remote-root="store"] .product-main{grid-template-columns:minmax(0,5fr) minmax(0,7fr);grid-template-rows:auto auto 1fr;grid-template-areas:"cover head" "cover summary" "cover buy"}
[data-remote-root="store"] .product-cover{width:100%}
}
`;

export function ProductStyles() {
  return (
    <style href="mfe-store-product-styles" precedence="default">
      {CSS}
    </style>
  );
}
