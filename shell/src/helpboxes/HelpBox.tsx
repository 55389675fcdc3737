/**
 * One help box (SITE-02, SITE-04, SITE-09): an `aside` named by its title, marked
 * data-help-box="{type}". It closes on its 'Dismiss tip' button, Escape or a click outside it (the
 * flyouts' dismissal rules, SITE-04), and never comes back in this browser (helpBoxes.ts).
 *
 * Anchored (an `anchor` element given): the box sits under its anchor in the viewport (fixed), and
 * moves with it when the page scrolls or the window is resized, at most once every 50 ms
 * (HELP_BOX_REPOSITION_MS, SITE-09), and once more when a transition ends or the scrolling has
 * settled (the sticky header hides after the scroll); while its anchor is out of view (a hidden sticky header, a
 * scrolled-away Save) it is hidden too. Only its controls take pointer events, so it never blocks
 * a click meant for the page under its text. Without an anchor it is a box in the page's flow.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { throttle } from '../header/throttle';
import { HELP_BOX_REPOSITION_MS, type HelpBoxType } from './helpBoxes';

/** Gap between the anchor and the box, and the least margin to the window's edges, px. */
const GAP_PX = 8;
/** After the last scroll, one more reposition this much later (the header's own 125 ms throttle has run), ms. NOT IN SPEC. */
const SETTLE_MS = 250;

export interface HelpBoxProps {
  type: HelpBoxType;
  /** Names the box (its heading and its aside). */
  title: string;
  children: ReactNode;
  /** What the box points at; absent: the box is in the page's flow. */
  anchor?: Element | null;
  onClose(): void;
}

type Place = { top: number; left: number; visible: boolean };

/** Where the box goes for an anchor at `rect` (under it, kept inside the window). */
export function placeUnder(rect: DOMRect, boxWidth: number, viewport: { width: number; height: number }): Place {
  const visible = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < viewport.height;
  // Centred under a small anchor (a button); from the start of a wide one (a list).
  const wanted = rect.width >= boxWidth ? rect.left : rect.left + rect.width / 2 - boxWidth / 2;
  const left = Math.max(GAP_PX, Math.min(wanted, viewport.width - boxWidth - GAP_PX));
  return { top: Math.round(rect.bottom + GAP_PX), left: Math.round(left), visible };
}

export function HelpBox({ type, title, children, anchor, onClose }: HelpBoxProps) {
  const ref = useRef<HTMLElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const titleId = `help-box-${type}-title`;

  // Dismissal (SITE-04): Escape, or a press outside the box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointer = (event: MouseEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [onClose]);

  // Reposition (SITE-09): at once, then on scroll and resize, throttled to 50 ms.
  useLayoutEffect(() => {
    if (!anchor) return;
    const update = () => {
      const width = ref.current?.offsetWidth ?? 0;
      setPlace(placeUnder(anchor.getBoundingClientRect(), width, { width: window.innerWidth, height: window.innerHeight }));
    };
    update();
    const throttled = throttle(update, HELP_BOX_REPOSITION_MS);
    // The page may still move its anchor just after the scroll (the sticky header hides 125 ms
    // later, then slides): once more when a transition ends, and once the scrolling has settled.
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      throttled();
      clearTimeout(settle);
      settle = setTimeout(update, SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    window.addEventListener('resize', throttled);
    document.addEventListener('transitionend', throttled, true);
    return () => {
      throttled.cancel();
      clearTimeout(settle);
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', throttled);
      document.removeEventListener('transitionend', throttled, true);
    };
  }, [anchor]);

  const box = (
    <aside
      ref={ref}
      className={anchor ? 'help-box help-box--anchored' : 'help-box'}
      aria-labelledby={titleId}
      data-help-box={type}
      style={
        anchor
          ? {
              position: 'fixed',
              zIndex: 17,
              top: place?.top ?? 0,
              left: place?.left ?? 0,
              pointerEvents: 'none',
              visibility: place?.visible ? 'visible' : 'hidden',
            }
          : undefined
      }
    >
      <div>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
      <button type="button" className="button-link help-box-close" style={{ pointerEvents: 'auto' }} onClick={onClose}>
        Dismiss tip
      </button>
    </aside>
  );
  // An anchored box is a top-level landmark of the page (not inside the header or a list).
  return anchor ? createPortal(box, document.body) : box;
}
