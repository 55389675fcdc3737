/**
 * The cart mini-menu (SITE-02.14), loaded when the header's cart menu button is first
 * pressed: a panel under the header holding the store's MiniCart (the items, subtotal, and links to
 * the cart and checkout) in a remote slot. Escape closes it and gives the focus back to the button;
 * a press outside it, or following one of its links, closes it too. Its styles are the chrome's
 * (shell/src/styles/chrome.css, on every page).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'shared-contracts/router';
import { RemoteSlot } from '../RemoteSlot';

export function CartMenu({ toggle, onClose }: { toggle: RefObject<HTMLButtonElement | null>; onClose(): void }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close.current();
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) close.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [toggle]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a followed link closes the menu; the links themselves are the controls
    <div
      ref={panel}
      id="cart-menu"
      role="region"
      aria-label="Cart contents"
      className="mini-cart-menu"
      onClick={(e) => {
        if ((e.target as Element).closest('a')) onClose();
      }}
    >
      <RemoteSlot
        remote="store"
        module="MiniCart"
        placeholder={<p role="status">Loading…</p>}
        fallback={
          <p>
            The cart summary cannot be shown just now. <Link to="/shopping-cart">View cart</Link>
          </p>
        }
      />
    </div>
  );
}
