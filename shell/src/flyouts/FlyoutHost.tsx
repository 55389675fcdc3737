/**
 * Hosts the shell's flyouts: a non-modal dialog with a title and a close button. It closes on the
 * close button, a click outside it, Escape, and when the host unmounts; a destroy with a message
 * shows the confirmation in the dialog's status line (2 s, 7 s for forgot-password), then closes.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { lazyComponent } from 'shared-contracts';
import { flyouts, useFlyout, type FlyoutKind } from './flyouts';

// The forms load when a flyout first opens: most page views never open one.
const ChangePasswordForm = lazyComponent(() =>
  import(/* webpackChunkName: "flyout-change-password" */ './ChangePasswordForm').then((m) => m.ChangePasswordForm),
);
const ForgotPasswordFlyout = lazyComponent(() =>
  import(/* webpackChunkName: "flyout-forgot-password" */ './ForgotPasswordFlyout').then((m) => m.ForgotPasswordFlyout),
);

export const FLYOUT_TITLES: Record<FlyoutKind, string> = {
  'change-password': 'Change password',
  'forgot-password': 'Forgot password',
};

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
  return (
    <div ref={ref} className="flyout" role="dialog" aria-modal="false" aria-labelledby={titleId} tabIndex={-1} data-flyout={flyout.kind}>
      <button type="button" className="flyout-close" aria-label="Close" onClick={() => flyouts.close()}>
        ×
      </button>
      <h2 id={titleId}>{FLYOUT_TITLES[flyout.kind]}</h2>
      <p role="status" className="flyout-confirmation">
        {flyout.phase === 'confirmation' ? flyout.message : ''}
      </p>
      {flyout.phase === 'open' &&
        (flyout.kind === 'change-password' ? (
          <ChangePasswordForm key="change-password" fallback={<p>Loading…</p>} />
        ) : (
          <ForgotPasswordFlyout key="forgot-password" fallback={<p>Loading…</p>} />
        ))}
    </div>
  );
}
