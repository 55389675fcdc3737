/** The dialogs of the add-to-cart flow (SITE-02, SITE-04, SITE-08): Processing, Added to cart, the apology, maintenance. */
import { useEffect, useState } from 'react';
import { Link } from 'shared-contracts/router';
import { Button, MESSAGES, UI_TEXT } from 'shared-contracts';
import { CustomerServicePhones } from 'shared-contracts/notices';
import { Dialog } from 'shared-contracts/dialog';
import { loadRecommendations } from '../../api/recommendations';
import { cartApology, ADDED_TO_CART_PLACEMENT, formatCents } from 'shared-contracts/commerce';
import type { Product, CartLine } from 'shared-contracts/commerce';
import { MAINTENANCE_TITLE, NOT_ADDED_TITLE } from '../../text';
import { Cover, LineThumb } from '../common';
import { AddToCartStyles } from './styles';

export interface DialogCommon {
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
}

export function ProcessingDialog({ onClose, returnFocusTo }: DialogCommon) {
  return (
    <Dialog title={MESSAGES.cart.processing} onClose={onClose} returnFocusTo={returnFocusTo} className="processing-modal">
      <AddToCartStyles />
      <div className="spinner" aria-hidden="true" />
    </Dialog>
  );
}

/** 'You might also like' (SITE-07, placement 'added-to-cart'); hidden when empty or failed. */
function Recommendations({ productIds }: { productIds: readonly string[] }) {
  const [products, setProducts] = useState<Product[]>([]);
  const key = productIds.join(',');
  useEffect(() => {
    let live = true;
    if (productIds.length === 0) return;
    loadRecommendations(ADDED_TO_CART_PLACEMENT, productIds).then(
      (r) => live && setProducts(r.products),
      () => live && setProducts([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the ids
  }, [key]);
  if (products.length === 0) return null;
  return (
    <section className="recommendations" aria-labelledby="added-to-cart-recommendations">
      <h3 id="added-to-cart-recommendations">You might also like</h3>
      <ul className="card-row">
        {products.map((p) => (
          <li key={p.id} className="row-card">
            <Cover image={p.image} alt="" sizes="4rem" />
            <Link to={p.productUrl}>{p.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface AddedToCartDialogProps extends DialogCommon {
  items: readonly CartLine[];
  onCheckout(): void;
}

/**
 * 'Added to cart' with Checkout and Continue Shopping, then the recommendations when they arrive.
 * A Close button (and Escape) closes it; each item is its title, then its format, quantity and price
 * as separate facts.
 * The dialog is held at the top of the screen (class added-to-cart-modal, in the store's styles), not
 * centred, so that the recommendations grow it downwards: centred, their arrival moved the buttons up
 * under a reader's pointer and a click pressed on Continue Shopping was released elsewhere and lost.
 */
export function AddedToCartDialog({ items, onCheckout, onClose, returnFocusTo }: AddedToCartDialogProps) {
  const productIds = [...new Set(items.map((i) => i.productId))];
  // Checkout leads to the cart: its code is fetched while the reader reads the dialog.
  useEffect(() => void import('../../pages/CartPage'), []);
  return (
    <Dialog title={MESSAGES.cart.added} onClose={onClose} returnFocusTo={returnFocusTo} className="added-to-cart-modal">
      <AddToCartStyles />
      <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <ul className="added-items" aria-label="Items added">
        {items.map((line) => (
          <li key={line.itemId} className="added-item row-card">
            <LineThumb item={line} />
            <div>
              <p className="added-title">{line.productTitle}</p>
              <dl className="added-facts">
                <dt>Format</dt>
                <dd className="added-format">{line.format}</dd>
                <dt>Quantity</dt>
                <dd className="added-quantity">{line.quantity}</dd>
                <dt>Price</dt>
                <dd className="added-price">{formatCents(line.unitPriceCents)}</dd>
              </dl>
            </div>
          </li>
        ))}
      </ul>
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={onCheckout}>
          {UI_TEXT.checkout}
        </button>
        <Button variant="ghost" onClick={onClose}>
          {UI_TEXT.continueShopping}
        </Button>
      </div>
      <Recommendations productIds={productIds} />
    </Dialog>
  );
}

export type NotAddedDialogProps = DialogCommon & { productIds: readonly string[] };

export function NotAddedDialog({ productIds, onClose, returnFocusTo }: NotAddedDialogProps) {
  return (
    <Dialog title={NOT_ADDED_TITLE} onClose={onClose} returnFocusTo={returnFocusTo} className="added-to-cart-modal not-added">
      <AddToCartStyles />
      <p className="cart-apology">{cartApology(productIds)}</p>
      <CustomerServicePhones className="customer-service-phones" label="Customer Service" />
      <div className="modal-actions">
        <Button variant="ghost" onClick={onClose}>
          {UI_TEXT.continueShopping}
        </Button>
      </div>
    </Dialog>
  );
}

export function MaintenanceDialog({ onClose, returnFocusTo }: DialogCommon) {
  return (
    <Dialog title={MAINTENANCE_TITLE} onClose={onClose} returnFocusTo={returnFocusTo} className="maintenance-modal">
      <AddToCartStyles />
      <p>{MESSAGES.maintenance}</p>
      <div className="modal-actions">
        <Button variant="ghost" onClick={onClose}>
          {UI_TEXT.continueShopping}
        </Button>
      </div>
    </Dialog>
  );
}
