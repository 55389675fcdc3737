/**
 * The dialog around the auth screens: role=dialog, aria-modal, named by its heading; Tab stays
 * inside, Escape closes, the first field of each screen takes focus, and focus goes back to where
 * it was when the dialog closes. Layout effects: the keys and the focus are in place before the
 * dialog is first painted, so an Escape pressed as soon as it shows is never missed.
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useHydrating } from 'shared-contracts';
import { trapTab } from 'shared-contracts/dialog';

export interface AuthDialogProps {
  title: string;
  /** A line under the heading (why sign-in is asked); it also describes the dialog. */
  description?: string | null;
  /** Changes when the screen changes, to move focus to the new screen's first field. */
  screen: string;
  onClose(): void;
  /** Frame mode: the dialog fills the frame and the backdrop does not close it. */
  frame?: boolean;
  children: ReactNode;
}

export function AuthDialog({ title, description, screen, onClose, frame = false, children }: AuthDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
  }, []);

  // The server's HTML (/auth/frame, #signin) has shown the dialog before the scripts came: the
  // reader may have scrolled it or be in a field already. Taking it over then moves the focus only
  // if the reader's is elsewhere, and never scrolls, so what they are about to press stays put.
  const takingOver = useRef(useHydrating());
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const gently = takingOver.current;
    takingOver.current = false;
    if (gently && el.contains(document.activeElement)) return;
    (el.querySelector<HTMLElement>('input, select, textarea') ?? el).focus(gently ? { preventScroll: true } : undefined);
  }, [screen]);

  useLayoutEffect(() => {
    function onKeyDown(e: globalThis.KeyboardEvent) {
      const el = dialog.current;
      if (!el) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      trapTab(el, e);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a press on the backdrop closes the dialog; Escape and the Close button are its keyboard equivalents
    <div className={frame ? 'modal-backdrop modal-frame' : 'modal-backdrop'} onMouseDown={(e) => !frame && e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id={titleId}>{title}</h2>
        {description && (
          <p id={descriptionId} className="auth-reason">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
