/**
 * The catalogue's layout (/store, /store/{category}): the category links, the product cards and
 * their formats. Shipped with the catalogue's chunk, not the store's first chunk (decision 038).
 */
const CSS = `
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
@media (max-width:767px){
[data-remote-root="store"] .product-card{flex-direction:row;align-items:flex-start;gap:var(--space-4)}
[data-remote-root="store"] .product-card>.cover{flex:0 0 6.5rem}
}
@media (min-width:768px){
[data-remote-root="store"] .product-list{grid-template-columns:repeat(auto-fill,minmax(12rem,1fr))}
}
`;

export function CatalogueStyles() {
  return (
    <style href="mfe-store-catalogue-styles" precedence="default">
      {CSS}
    </style>
  );
}
