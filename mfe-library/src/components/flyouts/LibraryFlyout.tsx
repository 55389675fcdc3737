/**
 * The library's flyouts (SITE-02, SITE-04, SITE-06, SITE-08), one at a time: save, organize, discard,
 * bulk-discard, bulk-organize, share and share-list. See contract.ts for the props.
 *
 * - A non-modal dialog named by its title. Focus moves into it when it opens and goes back to
 *   `returnFocusTo` when it closes by keyboard or button or after a confirmation (an outside click
 *   leaves focus where the reader clicked).
 * - It closes on a click outside it (a click on `returnFocusTo`, the control that opened it, is
 *   left to that control), its 'Close' button and Escape: onClose().
 * - A success shows its message in the dialog's status line for FLYOUT_CONFIRMATION_MS, then
 *   onDone({ message }); closing during the confirmation calls onDone at once.
 * - Every flyout but share (FLYOUTS_WITHOUT_SIGN_IN) needs a member: a guest gets the sign-in modal
 *   (`auth:open` { screen: 'signin', reason: 'save' }) and the flyout closes (SITE-06). So does a
 *   member whose session ends under an open flyout (a 401). With `onSignedIn`, the request carries
 *   it as its intent: the owner opens the flyout again after the sign-in.
 *
 * The dialog carries data-library-flyout="{kind}" and data-flyout-state="open|confirmation".
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { bus, FLYOUT_CONFIRMATION_MS, FLYOUTS_WITHOUT_SIGN_IN } from 'shared-contracts';
import { useReader } from '../common/reader';
import type { FlyoutBodyProps } from './common';
import type { LibraryFlyoutProps, LibraryFlyoutRequest } from './contract';
import { BulkOrganizeBody, FolderSaveBody } from './FolderFlyouts';
import { BulkDiscardBody, DiscardBody } from './RemoveFlyouts';
import { ShareBody } from './ShareFlyout';
import { ShareListBody } from './ShareListFlyout';
import { LibraryStyles } from '../../styles';
import { CLOSE_LABEL, FLYOUT_LOADING, LIBRARY_FLYOUT_TITLES } from './text';

export type { FlyoutItem, LibraryFlyoutProps, LibraryFlyoutRequest } from './contract';

/** The sign-in reason of the library's flyouts (contracts.md, auth:open). */
export const FLYOUT_SIGN_IN_REASON = 'save';

/** Whether a flyout needs a signed-in member (SITE-06). */
export function flyoutNeedsSignIn(kind: LibraryFlyoutRequest['kind']): boolean {
  return !(FLYOUTS_WITHOUT_SIGN_IN as readonly string[]).includes(kind);
}

/** A key that changes when the request is for something else: its body starts afresh. */
function requestKey(request: LibraryFlyoutRequest): string {
  switch (request.kind) {
    case 'bulk-discard':
    case 'bulk-organize':
      return `${request.kind}:${request.ids.join(',')}`;
    case 'share-list':
      return `${request.kind}:${request.folder.id}`;
    default:
      return `${request.kind}:${request.item.id}`;
  }
}

function body(request: LibraryFlyoutRequest, frame: FlyoutBodyProps): ReactNode {
  switch (request.kind) {
    case 'save':
    case 'organize':
      return <FolderSaveBody {...frame} mode={request.kind} item={request.item} />;
    case 'discard':
      return <DiscardBody {...frame} item={request.item} />;
    case 'bulk-discard':
      return <BulkDiscardBody {...frame} ids={request.ids} />;
    case 'bulk-organize':
      return <BulkOrganizeBody {...frame} ids={request.ids} />;
    case 'share':
      return <ShareBody {...frame} item={request.item} />;
    case 'share-list':
      return <ShareListBody {...frame} folder={request.folder} />;
  }
}

export function LibraryFlyout({ request, returnFocusTo, onClose, onDone, onSignedIn }: LibraryFlyoutProps) {
  const reader = useReader();
  const needsSignIn = flyoutNeedsSignIn(request.kind);
  const asksSignIn = needsSignIn && reader.kind === 'guest';
  const waiting = needsSignIn && reader.kind === 'unknown';
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);

  // Listeners and timers read the latest props and state through refs.
  const latest = useRef({ onClose, onDone, onSignedIn, returnFocusTo, confirmation });
  latest.current = { onClose, onDone, onSignedIn, returnFocusTo, confirmation };
  /** Set once onClose or onDone has been called: nothing is called twice. */
  const finished = useRef(false);

  const restoreFocus = useCallback(() => {
    const target = latest.current.returnFocusTo;
    if (!target || !target.isConnected) return;
    const active = document.activeElement;
    if (!active || active === document.body || dialog.current?.contains(active)) target.focus();
  }, []);

  const finish = useCallback(
    (how: 'focus' | 'leave-focus') => {
      if (finished.current) return;
      finished.current = true;
      if (how === 'focus') restoreFocus();
      const { confirmation: message, onClose: close, onDone: done } = latest.current;
      if (message !== null) done({ message });
      else close();
    },
    [restoreFocus],
  );

  const signIn = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    // Back on the opener first, so the sign-in modal returns there when it closes.
    restoreFocus();
    // The owner opens the flyout again once the reader has signed in (contracts.md, auth:open intent).
    bus.emit('auth:open', { screen: 'signin', reason: FLYOUT_SIGN_IN_REASON, intent: latest.current.onSignedIn && (() => latest.current.onSignedIn?.()) });
    latest.current.onClose();
  }, [restoreFocus]);

  const confirm = useCallback((message: string) => {
    if (finished.current) return;
    latest.current.confirmation = message;
    setConfirmation(message);
  }, []);

  const cancel = useCallback(() => finish('focus'), [finish]);

  // A guest asked for a flyout that needs sign-in (SITE-06).
  useEffect(() => {
    if (asksSignIn) signIn();
  }, [asksSignIn, signIn]);

  // Focus moves into the dialog when it opens.
  const shown = !asksSignIn;
  useEffect(() => {
    if (shown) dialog.current?.focus();
  }, [shown]);

  // Outside click and Escape; before paint, so that one right as the flyout shows is not missed.
  useLayoutEffect(() => {
    if (!shown) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || dialog.current?.contains(target)) return;
      if (latest.current.returnFocusTo?.contains(target)) return;
      finish('leave-focus');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) finish('focus');
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [shown, finish]);

  // The confirmation replaces the form: focus stays in the dialog, then it is done.
  useEffect(() => {
    if (confirmation === null) return;
    const active = document.activeElement;
    if (!active || active === document.body || dialog.current?.contains(active)) dialog.current?.focus();
    const timer = setTimeout(() => finish('focus'), FLYOUT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmation, finish]);

  if (!shown) return null;
  const frame: FlyoutBodyProps = { confirm, cancel, signIn };
  return (
    <div
      ref={dialog}
      className="flyout library-flyout"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-library-flyout={request.kind}
      data-flyout-state={confirmation === null ? 'open' : 'confirmation'}
    >
      <LibraryStyles />
      <button type="button" className="flyout-close" aria-label={CLOSE_LABEL} onClick={() => finish('focus')}>
        ×
      </button>
      <h2 id={titleId}>{LIBRARY_FLYOUT_TITLES[request.kind]}</h2>
      <p role="status" className="flyout-confirmation">
        {confirmation ?? ''}
      </p>
      {confirmation === null &&
        (waiting ? <p className="flyout-loading">{FLYOUT_LOADING}</p> : <FlyoutBody key={requestKey(request)}>{body(request, frame)}</FlyoutBody>)}
    </div>
  );
}

function FlyoutBody({ children }: { children: ReactNode }) {
  return <div className="flyout-body">{children}</div>;
}

export default LibraryFlyout;
