/**
 * The cart mini-menu (SITE-02.14, issue 22), loaded when the header's cart menu button is first
 * pressed: a panel under the header holding the store's MiniCart (the items, subtotal, and links to
 * the cart and checkout) in a remote slot. Escape closes it and gives the focus back to the button;
 * a press outside it, or following one of its links, closes it too.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'shared-contracts/router';
import { RemoteSlot } from '../RemoteSlot';

const CSS = `
.mini-cart-menu { position: absolute; top: 100%; right: 1rem; z-index: 16; width: min(22rem, calc(100vw - 2rem)); box-sizing: border-box; background: #fff; border: 1px solid var(--line); box-shadow: 0 2px 8px rgba(0,0,0,.15); padding: 1rem; font-family: Arial, sans-serif; max-height: calc(100vh - 8rem); overflow: auto; }
.mini-cart-menu .slot-fallback { border: 0; padding: 0; }
.mini-cart-menu .mini-cart-lines { list-style: none; margin: 0; padding: 0; }
.mini-cart-menu .mini-cart-line { display: grid; grid-template-columns: 1fr auto; gap: .15rem .75rem; padding: .5rem 0; border-bottom: 1px solid var(--line); }
.mini-cart-menu .mini-cart-line a { color: var(--ink); font-weight: bold; }
.mini-cart-menu .mini-cart-line-facts { grid-column: 1; color: var(--muted); font-size: .85rem; margin: 0; }
.mini-cart-menu .mini-cart-line-price { grid-column: 2; grid-row: 1; margin: 0; font-weight: bold; }
.mini-cart-menu .mini-cart-subtotal { display: flex; justify-content: space-between; font-weight: bold; margin: .75rem 0; }
.mini-cart-menu .mini-cart-actions { display: flex; gap: .75rem; flex-wrap: wrap; }
.mini-cart-menu .mini-cart-actions a { flex: 1; text-align: center; padding: .6rem 1rem; border: 1px solid var(--accent); text-decoration: none; }
.mini-cart-menu .mini-cart-actions .button-primary { color: #fff; }
.mini-cart-menu .mini-cart-empty { margin: 0 0 .75rem; }
.mini-cart-menu .mini-cart-count-text { margin: 0 0 .25rem; color: var(--muted); font-size: .9rem; }
.mini-cart-menu [role="status"] { margin: 0 0 .75rem; }
`;

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
      <style href="tmr-cart-menu" precedence="default">
        {CSS}
      </style>
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
