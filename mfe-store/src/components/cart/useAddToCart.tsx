/**
 * The add-to-cart flow (SITE-02, SITE-04, SITE-05, SITE-08): sends the items with quantity above 0 and a referral,
 * shows 'Processing...' while waiting, then 'Added to cart', the apology or the maintenance notice.
 * Returns `add` and the dialog element to render.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'shared-contracts/router';
import { ApiError, lazyComponent, pushDataLayer, useMounted } from 'shared-contracts';
import { addToCart } from '../../api/addToCart';
import { itemsToAddToCart, REFERRAL_CODES } from 'shared-contracts/commerce';
import { centsToDollars, type AddToCartResult, type CartLine } from 'shared-contracts/commerce';
import type { AddedToCartDialogProps, DialogCommon, NotAddedDialogProps } from '../modals/AddToCartDialogs';
import { announceCart } from './cartCache';

export interface AddItem {
  availabilityId: string;
  quantity: number;
  /** Named in the apology when the server does not name the products. */
  productId?: string;
}

export interface AddOptions {
  referral?: string;
  /** Instead of the 'Added to cart' dialog, go here after a success (the subscriptions page). */
  thenNavigateTo?: string;
}

// The dialogs show only after a click on Add to cart: their code (and the shared dialog's,
// shared-contracts/dialog) is off the product page's first view, fetched by that click (decision 038).
const loadDialogs = () => import(/* webpackChunkName: "add-to-cart-dialogs" */ '../modals/AddToCartDialogs');
const ProcessingDialog = lazyComponent<DialogCommon>(() => loadDialogs().then((m) => m.ProcessingDialog));
const AddedToCartDialog = lazyComponent<AddedToCartDialogProps>(() => loadDialogs().then((m) => m.AddedToCartDialog));
const NotAddedDialog = lazyComponent<NotAddedDialogProps>(() => loadDialogs().then((m) => m.NotAddedDialog));
const MaintenanceDialog = lazyComponent<DialogCommon>(() => loadDialogs().then((m) => m.MaintenanceDialog));

type Modal = { kind: 'processing' } | { kind: 'added'; items: CartLine[] } | { kind: 'failed'; ids: string[] } | { kind: 'maintenance' } | null;

/** Product ids named by a 422's errors (field 'productId'). */
function idsOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body || !('errors' in error.body) || !error.body.errors) return [];
  return error.body.errors
    .filter((e) => e.field === 'productId')
    .map((e) => e.errorMessage.trim())
    .filter((id) => id !== '' && !/\s/.test(id));
}

export function useAddToCart(): { add(items: readonly AddItem[], options?: AddOptions): Promise<AddToCartResult | null>; busy: boolean; dialog: ReactNode } {
  const [modal, setModal] = useState<Modal>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const navigate = useNavigate();
  const mounted = useMounted();

  const add = useCallback(
    async (items: readonly AddItem[], options: AddOptions = {}) => {
      const wanted = itemsToAddToCart(items);
      if (wanted.length === 0) return null;
      // The dialogs' code comes while the request is under way.
      loadDialogs().catch(() => undefined);
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const referral = options.referral ?? REFERRAL_CODES.addToCartDefault;
      const requestedIds = wanted.map((i) => i.productId ?? i.availabilityId);
      setBusy(true);
      setModal({ kind: 'processing' });
      try {
        const result = await addToCart({
          items: wanted.map((i) => ({ availabilityId: i.availabilityId, quantity: i.quantity, referral })),
        });
        if (!mounted.current) return result;
        if (result.maintenanceStatus) {
          pushDataLayer({ event: 'add_to_cart_failure', reason: 'maintenance' });
          setModal({ kind: 'maintenance' });
          return result;
        }
        if (!result.itemAdded) {
          pushDataLayer({ event: 'add_to_cart_failure', reason: 'unavailable' });
          setModal({ kind: 'failed', ids: requestedIds });
          return result;
        }
        announceCart(result.cart);
        const dlItems = result.items.map((line) => {
          const asked = wanted.find((w) => w.availabilityId === line.availabilityId);
          return { item_id: line.sku, item_name: line.productTitle, price: centsToDollars(line.unitPriceCents), quantity: asked?.quantity ?? line.quantity };
        });
        pushDataLayer({
          event: 'add_to_cart',
          currency: 'USD',
          value: Math.round(dlItems.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100,
          items: dlItems,
        });
        if (options.thenNavigateTo) {
          setModal(null);
          navigate(options.thenNavigateTo);
        } else {
          setModal({ kind: 'added', items: result.items });
        }
        return result;
      } catch (error) {
        const unavailable = error instanceof ApiError && error.status === 422;
        pushDataLayer({ event: 'add_to_cart_failure', reason: unavailable ? 'unavailable' : 'error' });
        if (mounted.current) {
          const ids = idsOf(error);
          setModal({ kind: 'failed', ids: ids.length ? ids : requestedIds });
        }
        return null;
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [navigate, mounted],
  );

  const close = () => setModal(null);
  let dialog: ReactNode = null;
  if (modal?.kind === 'processing') dialog = <ProcessingDialog key="processing" onClose={close} returnFocusTo={opener.current} />;
  else if (modal?.kind === 'added')
    dialog = (
      <AddedToCartDialog
        key="added"
        items={modal.items}
        onClose={close}
        returnFocusTo={opener.current}
        onCheckout={() => {
          setModal(null);
          navigate('/shopping-cart');
        }}
      />
    );
  else if (modal?.kind === 'failed') dialog = <NotAddedDialog key="failed" productIds={modal.ids} onClose={close} returnFocusTo={opener.current} />;
  else if (modal?.kind === 'maintenance') dialog = <MaintenanceDialog key="maintenance" onClose={close} returnFocusTo={opener.current} />;

  return { add, busy, dialog };
}
