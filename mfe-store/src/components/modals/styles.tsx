/**
 * The add-to-cart dialogs' layout. Shipped with their chunk, fetched by the Add to cart click
 * (decision 038), not with the store's first chunk.
 */
const CSS = `
[data-remote-root="store"] .modal-actions{display:flex;flex-wrap:wrap;gap:var(--space-3)}
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
`;

export function AddToCartStyles() {
  return (
    <style href="mfe-store-modal-styles" precedence="default">
      {CSS}
    </style>
  );
}
