/**
 * Hosts the shell's flyouts: a non-modal dialog with a title and a close button. It closes on the
 * close button, a click outside it, Escape, and when the host unmounts; a destroy with a message
 * shows the confirmation in the dialog's status line (2 s, 7 s for forgot-password), then closes.
 * Markers: data-flyout="{kind}" and data-flyout-state="open|confirmation".
 *
 * The notification flyout is that status line alone (notices.ts `showNotification`); the generic
 * title-and-body flyout shows its title as the heading and its paragraphs (`showTitleAndBody`).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { lazyComponent } from 'shared-contracts';
import { flyouts, useFlyout, type FlyoutKind } from './flyouts';
import { noticeContent } from './notices';

// The forms load when a flyout first opens: most page views never open one.
const ChangePasswordForm = lazyComponent(() =>
  import(/* webpackChunkName: "flyout-change-password" */ './ChangePasswordForm').then((m) => m.ChangePasswordForm),
);
const ForgotPasswordFlyout = lazyComponent(() =>
  import(/* webpackChunkName: "flyout-forgot-password" */ './ForgotPasswordFlyout').then((m) => m.ForgotPasswordFlyout),
);

export const FLYOUT_TITLES: Record<Exclude<FlyoutKind, 'title-and-body'>, string> = {
  'change-password': 'Change password',
  'forgot-password': 'Forgot password',
  notification: 'Notification',
};

function titleOf(kind: FlyoutKind): string {
  return kind === 'title-and-body' ? noticeContent().title : FLYOUT_TITLES[kind];
}

export function FlyoutHost() {
  const flyout = useFlyout();
  const ref = useRef<HTMLDivElement>(null);
  const open = flyout !== null;

  // Before paint, so an Escape or outside click right as the flyout shows is never missed.
  useLayoutEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) flyouts.close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') flyouts.close();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Destroyed with the host (say, the header unmounts): nothing stays open or scheduled.
  useEffect(() => () => flyouts.close(), []);

  // The confirmation replaces the form: keep focus inside the dialog for keyboard users.
  const confirming = flyout?.phase === 'confirmation';
  useEffect(() => {
    if (confirming) ref.current?.focus();
  }, [confirming]);

  if (!flyout) return null;
  const titleId = `flyout-${flyout.kind}-title`;
  const { kind } = flyout;
  return (
    <div
      ref={ref}
      className={`flyout flyout--${kind}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-flyout={kind}
      data-flyout-state={flyout.phase}
    >
      <button type="button" className="flyout-close" aria-label="Close" onClick={() => flyouts.close()}>
        ×
      </button>
      {/* The notification's heading names the dialog for assistive technology; its message is what shows. */}
      <h2 id={titleId} className={kind === 'notification' ? 'visually-hidden' : undefined}>
        {titleOf(kind)}
      </h2>
      <p role="status" className="flyout-confirmation">
        {flyout.phase === 'confirmation' ? flyout.message : ''}
      </p>
      {flyout.phase === 'open' && kind === 'change-password' && <ChangePasswordForm key="change-password" fallback={<p>Loading…</p>} />}
      {flyout.phase === 'open' && kind === 'forgot-password' && <ForgotPasswordFlyout key="forgot-password" fallback={<p>Loading…</p>} />}
      {kind === 'title-and-body' && (
        <div className="flyout-body">
          {noticeContent().body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      )}
    </div>
  );
}
