/**
 * The store remote's own styles: only its layouts, on the design system (the ds-* classes and the
 * tokens the shell puts on every page, decision 035), scoped under its root. Phone first; the
 * tablet (768px) and desktop (1024px) layouts widen it. Every byte here is in the store's first
 * view, so the looks come from the ds-* classes in the markup. React 19 hoists the <style> once.
 */
const CSS = `
[data-remote-root="store"] :is(.product-list,.cart-lines,.added-items,.order-lines,.review-lines,.card-row,.offers){list-style:none;padding:0;margin:0}
[data-remote-root="store"] .cover{aspect-ratio:3/4;width:100%}
[data-remote-root="store"] :is(.link-row,.store-categories) a{display:inline-flex;align-items:center;min-height:var(--target)}
[data-remote-root="store"] .store-categories ul{margin-top:0;padding:0;list-style:none}
[data-remote-root="store"] .store-categories li{flex:none}
[data-remote-root="store"] .store-categories a{text-decoration:none}
[data-remote-root="store"] .store-categories [aria-current=page]{color:var(--ink);border-bottom-color:var(--accent)}
[data-remote-root="store"] .product-info{flex:1;min-width:0}
[data-remote-root="store"] .product-info>*{margin:0 0 var(--space-2)}
[data-remote-root="store"] .product-card h2 a::after{content:"";position:absolute;inset:0}
[data-remote-root="store"] .product-formats{padding:0;list-style:none;border-top:1px solid var(--line);font:var(--step--1)/1.3 var(--font-sans)}
[data-remote-root="store"] :is(.product-formats a,p.product-formats){position:relative;z-index:1;display:flex;justify-content:space-between;align-items:center;gap:var(--space-2);min-height:var(--target);border-bottom:1px solid var(--line);color:var(--ink);text-decoration:none}
[data-remote-root="store"] .product-formats a:hover{color:var(--link)}
[data-remote-root="store"] :is(.format-price,.product-price){font-weight:700;font-variant-numeric:tabular-nums}
[data-remote-root="store"] .product-badge{margin:var(--space-2) 0}
[data-remote-root="store"] .product-main{display:grid;column-gap:var(--space-7);grid-template-areas:"head" "cover" "buy" "summary"}
[data-remote-root="store"] .product-head{grid-area:head}
[data-remote-root="store"] .product-head h1{margin:0 0 var(--space-2)}
[data-remote-root="store"] .product-authors{font-family:var(--font-sans);color:var(--muted);margin:0 0 var(--space-4)}
[data-remote-root="store"] .product-cover{grid-area:cover;width:12rem;margin-bottom:var(--space-3)}
[data-remote-root="store"] .product-summary{grid-area:summary;max-width:var(--measure);line-height:var(--leading-reading)}
[data-remote-root="store"] .product-buy{grid-area:buy;max-width:30rem}
[data-remote-root="store"] .price-block .ds-price{display:block;font-size:var(--step-3);margin:var(--space-2) 0}
[data-remote-root="store"] :is(.buy-row,.modal-actions){display:flex;flex-wrap:wrap;gap:var(--space-3)}
[data-remote-root="store"] .buy-row .ds-field{margin:0}
[data-remote-root="store"] .quantity-field input{width:5rem}
[data-remote-root="store"] .buy-row button{flex:1 1 12rem;max-width:22rem;margin-top:calc(1.5*var(--step--1) + var(--space-1))}
[data-remote-root="store"] :is(.better-together,.product-permissions){margin-top:var(--space-7)}
[data-remote-root="store"] .ds-card>h2{margin:0}
[data-remote-root="store"] .ds-card>button{align-self:flex-start}
[data-remote-root="store"] .better-together-prices{display:grid;grid-template-columns:max-content max-content;gap:var(--space-1) var(--space-6);font-family:var(--font-sans)}
[data-remote-root="store"] .better-together-prices dd{margin:0;text-align:right}
[data-remote-root="store"] .card-row{display:grid;gap:var(--space-4);grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));margin-bottom:var(--space-4)}
[data-remote-root="store"] .row-card{display:grid;gap:var(--space-3);align-items:start;font-family:var(--font-sans)}
[data-remote-root="store"] .row-card:has(>.cover){grid-template-columns:4rem 1fr}
[data-remote-root="store"] .row-card a{color:var(--ink);font:700 var(--step-0)/1.3 var(--font-serif);text-decoration:none}
[data-remote-root="store"] .row-card .product-format{display:block;color:var(--muted);font-size:var(--step--1)}
[data-remote-root="store"] .modal{background:var(--raised);color:var(--ink);font-family:var(--font-sans);border-radius:var(--radius-2);box-shadow:var(--shadow-2);padding:var(--space-5)}
[data-remote-root="store"] .modal-title{margin:0 var(--space-6) var(--space-3) 0;font-size:var(--step-2)}
[data-remote-root="store"] .added-to-cart-modal{align-self:flex-start;margin-top:4vh;width:min(34rem,calc(100vw - 2rem))}
[data-remote-root="store"] .modal-close{width:var(--target);height:var(--target);right:var(--space-2);color:inherit}
[data-remote-root="store"] .added-item{padding:var(--space-3) 0;border-bottom:1px solid var(--line)}
[data-remote-root="store"] .added-title{font:700 var(--step-0) var(--font-serif);margin:0 0 var(--space-1)}
[data-remote-root="store"] .added-facts{display:grid;grid-template-columns:max-content 1fr;gap:0 var(--space-3);margin:0;font-size:var(--step--1)}
[data-remote-root="store"] .added-facts dt{color:var(--muted)}
[data-remote-root="store"] .added-facts dd{margin:0}
[data-remote-root="store"] .modal-actions{margin:var(--space-4) 0}
[data-remote-root="store"] .modal-actions>*{flex:1 1 10rem;margin:0}
@media (max-width:767px){
[data-remote-root="store"] .product-card{flex-direction:row;align-items:flex-start;gap:var(--space-4)}
[data-remote-root="store"] .product-card>.cover{flex:0 0 6.5rem}
[data-remote-root="store"] .product-head h1{font-size:var(--step-3)}
}
@media (min-width:768px){
[data-remote-root="store"] .product-list{grid-template-columns:repeat(auto-fill,minmax(12rem,1fr))}
[data-remote-root="store"] .product-main{grid-template-columns:minmax(0,5fr) minmax(0,7fr);grid-template-rows:auto auto 1fr;grid-template-areas:"cover head" "cover summary" "cover buy"}
[data-remote-root="store"] .product-cover{width:100%}
}
`;

export function StoreStyles() {
  return (
    <style href="mfe-store-styles" precedence="default">
      {CSS}
    </style>
  );
}
