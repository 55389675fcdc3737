/**
 * The shell's flyout controller (SITE-02, SITE-04): at most one flyout is open at a time. A flyout
 * closes on the close button, an outside click, Escape or a destroy; "a destroy with a message
 * shows a confirmation for 2 s (7 s for forgot-password) and then removes it".
 *
 * Flyouts that need sign-in check the user first and ask for the sign-in modal instead
 * (SITE-06); share, notification, forgot-password and embed flyouts do not need it.
 */
import { FLYOUT_CONFIRMATION_FORGOT_PASSWORD_MS, FLYOUT_CONFIRMATION_MS, FLYOUTS_WITHOUT_SIGN_IN, bus, userStore } from 'shared-contracts';
import { getFlyout, setFlyout as set, subscribeFlyout, type FlyoutKind, type FlyoutState } from './state';

// Which flyout is open is kept in state.ts (the header reads it on the first view; this module loads with the code that opens one).
export { useFlyout, type FlyoutKind, type FlyoutState } from './state';

/** How long a destroy's confirmation stays, ms (SITE-09). */
export function confirmationMs(kind: FlyoutKind): number {
  return kind === 'forgot-password' ? FLYOUT_CONFIRMATION_FORGOT_PASSWORD_MS : FLYOUT_CONFIRMATION_MS;
}

/** The control that opened the flyout; focus goes back to it on close. */
let opener: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function stopTimer() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function needsSignIn(kind: FlyoutKind): boolean {
  return !(FLYOUTS_WITHOUT_SIGN_IN as readonly string[]).includes(kind);
}

export const flyouts = {
  get: (): FlyoutState => getFlyout(),
  subscribe: subscribeFlyout,
  /**
   * Opens a flyout (replacing an open one). `from` is the control to return focus to on close; when
   * one flyout opens another, the first one's opener is kept.
   */
  open(kind: FlyoutKind, from?: HTMLElement | null): void {
    const status = userStore.getState().status;
    if (needsSignIn(kind) && status !== 'registered' && status !== 'subscriber') {
      bus.emit('auth:open', { screen: 'signin' });
      return;
    }
    stopTimer();
    if (from !== undefined) opener = from;
    set({ kind, phase: 'open' });
  },
  /** Closes at once and returns focus to the opener. */
  close(): void {
    stopTimer();
    if (getFlyout() === null) return;
    set(null);
    const back = opener;
    opener = null;
    if (back && back.isConnected) {
      back.focus();
      // A form that finished loading in this same moment may have taken focus and then gone with
      // the flyout, leaving it on <body>: once React has removed the flyout, put it back.
      setTimeout(() => {
        if ((document.activeElement === document.body || document.activeElement === null) && back.isConnected) back.focus();
      }, 0);
    }
  },
  /** Destroy: with a message, show it as a confirmation for 2 s (7 s for forgot-password), then close. */
  destroy(message?: string): void {
    const state = getFlyout();
    if (state === null) return;
    if (message === undefined) {
      flyouts.close();
      return;
    }
    stopTimer();
    const { kind } = state;
    set({ kind, phase: 'confirmation', message });
    timer = setTimeout(() => flyouts.close(), confirmationMs(kind));
  },
};
