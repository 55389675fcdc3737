/**
 * A stream card's quick add (SITE-04.9, SITE-09.8), loaded on the first press of a card's
 * 'Add to cart': one of the entry's product (quantity 1, DEFAULT_QUANTITY) is added through the cart
 * API with the page's referral code (03069 on home and topic pages, 02749 on search and anywhere
 * else), the header's count is told ('cart:updated', announceCart), and the answer is shown: 'Added
 * to cart' with the item and a Checkout button (to /shopping-cart, SITE-02), the apology with the
 * product id and the customer-service phones, or the maintenance notice. The shell never loads the
 * store remote's code for this.
 */
import { useNavigate } from 'shared-contracts/router';
import { announceCart, api, ApiError, MESSAGES, pushDataLayer, UI_TEXT } from 'shared-contracts';
import { CustomerServicePhones } from 'shared-contracts/notices';
import { Dialog } from 'shared-contracts/dialog';
import { cartApology, centsToDollars, DEFAULT_QUANTITY, formatCents, REFERRAL_CODES, type CartLine } from 'shared-contracts/commerce';
import type { StreamEntry } from 'shared-contracts/discovery';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Title of the failure and maintenance dialogs (the store's NOT_ADDED_TITLE and MAINTENANCE_TITLE). */
export const QUICK_ADD_TITLES = { notAdded: 'Not added to cart', maintenance: 'Maintenance' } as const;

/** Referral code of a card's page (SITE-09): topics or home 03069; search and the default 02749. */
export function referralFor(pathname: string): string {
  if (pathname === '/' || pathname === '/the-latest' || pathname === '/topics' || pathname.startsWith('/topic/')) return REFERRAL_CODES.topicsOrHome;
  if (pathname === '/search') return REFERRAL_CODES.searchMoreResults;
  return REFERRAL_CODES.addToCartDefault;
}

/** The availability a product link names: '/product/{slug}/{availabilityId}' -> availabilityId; null for any other link. */
export function availabilityOf(productLink: string | null): string | null {
  const m = /^\/product\/[^/?#]+\/([^/?#]+)$/.exec(productLink ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** Product ids a 422 names (errors on field 'productId'). */
function idsOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body || !('errors' in error.body) || !error.body.errors) return [];
  return error.body.errors.filter((e) => e.field === 'productId').map((e) => e.errorMessage.trim());
}

const CSS = `
.quick-add-modal .added-items { list-style: none; padding: 0; margin: 0 0 1rem; }
.quick-add-modal .added-title { font-weight: bold; margin: 0 0 .25rem; }
.quick-add-modal .added-facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; font-family: Arial, sans-serif; }
.quick-add-modal .added-facts dt { color: var(--muted); }
.quick-add-modal .added-facts dd { margin: 0; }
.quick-add-modal .modal-actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1rem; }
.quick-add-modal .modal-actions button:not(.button-primary) { background: none; border: 1px solid var(--line); padding: .6rem 1.2rem; font-size: 1rem; cursor: pointer; }
`;

interface Common {
  onClose(): void;
  returnFocusTo: HTMLElement | null;
}

function Styles() {
  return (
    <style href="tmr-quick-add" precedence="default">
      {CSS}
    </style>
  );
}

export function AddedDialog({ line, onClose, returnFocusTo }: Common & { line: CartLine }) {
  const navigate = useNavigate();
  return (
    <Dialog title={MESSAGES.cart.added} onClose={onClose} returnFocusTo={returnFocusTo} className="quick-add-modal">
      <Styles />
      <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <ul className="added-items" aria-label="Items added">
        <li className="added-item">
          <p className="added-title">{line.productTitle}</p>
          <dl className="added-facts">
            <dt>Format</dt>
            <dd>{line.format}</dd>
            <dt>Quantity</dt>
            <dd>{line.quantity}</dd>
            <dt>Price</dt>
            <dd>{formatCents(line.unitPriceCents)}</dd>
          </dl>
        </li>
      </ul>
      <div className="modal-actions">
        <button
          type="button"
          className="button-primary"
          onClick={() => {
            onClose();
            navigate('/shopping-cart');
          }}
        >
          {UI_TEXT.checkout}
        </button>
        <button type="button" onClick={onClose}>
          {UI_TEXT.continueShopping}
        </button>
      </div>
    </Dialog>
  );
}

export function NotAddedDialog({ ids, maintenance, onClose, returnFocusTo }: Common & { ids: readonly string[]; maintenance: boolean }) {
  return (
    <Dialog
      title={maintenance ? QUICK_ADD_TITLES.maintenance : QUICK_ADD_TITLES.notAdded}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      className="quick-add-modal"
    >
      <Styles />
      {maintenance ? <p>{MESSAGES.maintenance}</p> : <p className="cart-apology">{cartApology(ids)}</p>}
      {!maintenance && <CustomerServicePhones className="customer-service-phones" label="Customer Service" />}
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          {UI_TEXT.continueShopping}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Adds one of the entry's product with the referral code of `pathname`, announces the cart and
 * returns the dialog to show (closed by `onClose`, focus back to `returnFocusTo`).
 */
export async function quickAdd(entry: StreamEntry, pathname: string, returnFocusTo: HTMLElement | null, onClose: () => void): Promise<ReactNode> {
  // Over the whole page, the sticky header included (a card's stacking context would hold it under).
  const shown = await answerOf(entry, pathname, returnFocusTo, onClose);
  return createPortal(shown, document.body);
}

async function answerOf(entry: StreamEntry, pathname: string, returnFocusTo: HTMLElement | null, onClose: () => void): Promise<ReactNode> {
  const common = { onClose, returnFocusTo };
  const availabilityId = availabilityOf(entry.productLink);
  if (!availabilityId) return <NotAddedDialog {...common} ids={[entry.id]} maintenance={false} />;
  try {
    const result = await api.addToCart({ items: [{ availabilityId, quantity: DEFAULT_QUANTITY, referral: referralFor(pathname) }] });
    if (result.maintenanceStatus) return <NotAddedDialog {...common} ids={[]} maintenance />;
    const line = result.items.find((l) => l.availabilityId === availabilityId) ?? result.items[0];
    if (!result.itemAdded || !line) return <NotAddedDialog {...common} ids={[entry.id]} maintenance={false} />;
    announceCart(result.cart);
    pushDataLayer({
      event: 'add_to_cart',
      currency: 'USD',
      value: centsToDollars(line.unitPriceCents),
      items: [{ item_id: line.sku, item_name: line.productTitle, price: centsToDollars(line.unitPriceCents), quantity: DEFAULT_QUANTITY }],
    });
    return <AddedDialog {...common} line={line} />;
  } catch (error) {
    const ids = idsOf(error);
    return <NotAddedDialog {...common} ids={ids.length > 0 ? ids : [entry.id]} maintenance={false} />;
  }
}
