/**
 * The store remote's own styles: only its layouts, on the design system (the ds-* classes and the
 * tokens the shell puts on every page, decision 035), scoped under its root. Phone first; the
 * tablet (768px) and desktop (1024px) layouts widen it. Every byte here is in the store's first
 * view, so the looks come from the ds-* classes in the markup, and a page's own layout is shipped with
 * its chunk (pages/ProductListPage.styles.tsx, pages/ProductPage.styles.tsx, the add-to-cart dialogs'). React 19 hoists the <style> once.
 */
const CSS = `
[data-remote-root="store"] :is(.product-list,.cart-lines,.added-items,.order-lines,.review-lines,.card-row,.offers){list-style:none;padding:0;margin:0}
[data-remote-root="store"] .cover{aspect-ratio:3/4;width:100%}
[data-remote-root="store"] :is(.link-row,.store-categories) a{display:inline-flex;align-items:center;min-height:var(--target)}
[data-remote-root="store"] :is(.format-price,.product-price){font-weight:700;font-variant-numeric:tabular-nums}
[data-remote-root="store"] .product-badge{margin:var(--space-2) 0}
[data-remote-root="store"] .quantity-field input{width:5rem}
[data-remote-root="store"] .ds-card>h2{margin:0}
[data-remote-root="store"] .ds-card>button{align-self:flex-start}
[data-remote-root="store"] .card-row{display:grid;gap:var(--space-4);grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));margin-bottom:var(--space-4)}
[data-remote-root="store"] .row-card{display:grid;gap:var(--space-3);align-items:start;font-family:var(--font-sans)}
[data-remote-root="store"] .row-card:has(>.cover){grid-template-columns:4rem 1fr}
[data-remote-root="store"] .row-card a{color:var(--ink);font:700 var(--step-0)/1.3 var(--font-serif);text-decoration:none}
[data-remote-root="store"] .row-card .product-format{display:block;color:var(--muted);font-size:var(--step--1)}
`;

export function StoreStyles() {
  return (
    <style href="mfe-store-styles" precedence="default">
      {CSS}
    </style>
  );
}
