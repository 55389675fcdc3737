/**
 * The modal dialog every part uses (store and video dialogs): role=dialog, aria-modal, named by its
 * title; focus moves in on open, Tab stays inside (trapTab), Escape closes, and focus goes back to
 * the opener when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { trapTab } from './focus';

export interface DialogProps {
  title: string;
  onClose(): void;
  /** Where focus returns on close; default: the element focused when the dialog opened. */
  returnFocusTo?: HTMLElement | null;
  className?: string;
  children?: ReactNode;
}

export function Dialog({ title, onClose, returnFocusTo, className, children }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    ref.current?.focus();
    return () => {
      if (opener && opener.isConnected) opener.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the opener is read once, when the dialog opens
  }, []);

  return (
    <div className="modal-backdrop">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog container handles Escape (close) and Tab (focus trap) for everything inside it */}
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal ${className ?? ''}`.trim()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onCloseRef.current();
            return;
          }
          if (ref.current) trapTab(ref.current, e);
        }}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
