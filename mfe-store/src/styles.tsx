/**
 * The store remote's own styles, shipped with it (deployed on its own, it cannot rely on the
 * shell's stylesheet beyond the site-wide classes: modal, field, button-primary, form-error).
 * React 19 hoists the <style> into the head once.
 */
const CSS = `
[data-remote-root="store"] .store-categories ul, [data-remote-root="store"] .product-list, [data-remote-root="store"] .cart-lines,
[data-remote-root="store"] .added-items, [data-remote-root="store"] .order-lines, [data-remote-root="store"] .review-lines,
[data-remote-root="store"] .offers, [data-remote-root="store"] .recommendations ul, [data-remote-root="store"] .customer-service-phones { list-style: none; padding: 0; }
[data-remote-root="store"] .store-categories ul { display: flex; flex-wrap: wrap; gap: 1rem; font-family: Arial, sans-serif; }
[data-remote-root="store"] .product-list, [data-remote-root="store"] .offers { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1.25rem; }
[data-remote-root="store"] .product-card, [data-remote-root="store"] .offer-card { border: 1px solid #ddd; padding: 1rem; }
[data-remote-root="store"] .product-title { font-size: 1.05rem; margin: 0 0 .5rem; }
[data-remote-root="store"] .product-price, [data-remote-root="store"] .price-block, [data-remote-root="store"] .offer-price { font: 700 1.1rem Arial, sans-serif; }
[data-remote-root="store"] .product-badge { display: inline-block; background: #f6efe6; color: #7a5a12; padding: .1rem .5rem; font: 700 .75rem Arial, sans-serif; text-transform: uppercase; }
[data-remote-root="store"] .product-page .field, [data-remote-root="store"] .checkout-form .field { margin: .75rem 0; font-family: Arial, sans-serif; }
[data-remote-root="store"] .product-page label, [data-remote-root="store"] .checkout-form label, [data-remote-root="store"] .promo-code label { display: block; font-weight: 700; margin-bottom: .25rem; }
[data-remote-root="store"] .product-page select, [data-remote-root="store"] .product-page input, [data-remote-root="store"] .checkout-form input:not([type="checkbox"]):not([type="radio"]),
[data-remote-root="store"] .checkout-form select, [data-remote-root="store"] .promo-code input { padding: .4rem; font-size: 1rem; max-width: 100%; }
[data-remote-root="store"] .field.checkbox label, [data-remote-root="store"] .radio label { display: inline; font-weight: 400; }
[data-remote-root="store"] .better-together, [data-remote-root="store"] .product-permissions { margin-top: 2rem; padding: 1rem 1.25rem; border: 1px solid #ddd; }
[data-remote-root="store"] .cart-section h2 { font-size: 1.1rem; border-bottom: 1px solid #ddd; padding-bottom: .25rem; }
[data-remote-root="store"] .cart-line { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: center; padding: .75rem 0; border-bottom: 1px solid #eee; font-family: Arial, sans-serif; }
[data-remote-root="store"] .cart-line-title { flex: 1 1 18rem; }
[data-remote-root="store"] .cart-line .quantity-field { display: flex; gap: .5rem; align-items: center; margin: 0; }
[data-remote-root="store"] .cart-line .quantity-field label { margin: 0; font-weight: 400; }
[data-remote-root="store"] .cart-line input { width: 4rem; padding: .3rem; }
[data-remote-root="store"] .cart-totals, [data-remote-root="store"] .order-facts, [data-remote-root="store"] .better-together-prices { display: grid; grid-template-columns: max-content max-content; gap: .25rem 2rem; font-family: Arial, sans-serif; }
[data-remote-root="store"] .cart-totals dd, [data-remote-root="store"] .order-facts dd, [data-remote-root="store"] .better-together-prices dd { margin: 0; text-align: right; }
[data-remote-root="store"] .cart-actions, [data-remote-root="store"] .modal-actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin-top: 1rem; }
[data-remote-root="store"] .added-to-cart-modal { align-self: flex-start; margin-top: 4vh; }
[data-remote-root="store"] .promo-code { margin: 1rem 0; font-family: Arial, sans-serif; }
[data-remote-root="store"] fieldset { border: 1px solid #ddd; margin: 1rem 0; padding: .75rem 1rem; }
[data-remote-root="store"] legend { font: 700 1rem Arial, sans-serif; }
[data-remote-root="store"] .added-to-cart-modal .modal-close { position: absolute; right: .75rem; top: .5rem; border: 0; background: none; font-size: 1.5rem; line-height: 1; cursor: pointer; padding: .25rem .5rem; }
[data-remote-root="store"] .added-item { padding: .5rem 0; border-bottom: 1px solid #eee; }
[data-remote-root="store"] .added-title { font-weight: 700; margin: 0 0 .25rem; }
[data-remote-root="store"] .added-facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: 0; }
[data-remote-root="store"] .added-facts dt { color: #555; }
[data-remote-root="store"] .added-facts dd { margin: 0; }
[data-remote-root="store"] .product-formats { list-style: none; padding: 0; margin: .5rem 0 0; display: flex; flex-wrap: wrap; gap: .5rem; font-family: Arial, sans-serif; }
[data-remote-root="store"] .product-formats a { display: inline-block; border: 1px solid #ccc; padding: .3rem .6rem; text-decoration: none; }
[data-remote-root="store"] .product-formats a:hover, [data-remote-root="store"] .product-formats a:focus { border-color: #333; text-decoration: underline; }
[data-remote-root="store"] .cart-line .quantity-fixed { margin: 0; }
`;

export function StoreStyles() {
  return (
    <style href="mfe-store-styles" precedence="default">
      {CSS}
    </style>
  );
}
