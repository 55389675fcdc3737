/**
 * The auth modal (PAY-02 "Auth modal", PAY-04): sign-in, registration, forgot-password and
 * profile_settings. Opened through the bus ('auth:open') or by '#signin' in the URL. In frame mode
 * (/auth/frame) it opens on the requested action and tells the embedding page about Close and
 * 'Go back' with postMessage (see auth/frame.ts).
 *
 * Why and what next (contracts.md, `auth:open`): the request's `reason` gives the line under the
 * heading that says why sign-in is asked (AUTH_REASON_TEXT), and its `intent` is what the asker does
 * once the reader is signed in: after a sign-in, or as soon as a registration has created the
 * account, the modal calls it with the user and does not reload the page (the spec's reload would
 * throw the reader's action away; NOT IN SPEC). Closed without signing in, the intent is dropped.
 */
import { useEffect, useState } from 'react';
import { REGISTRATION_SUCCESS_QUERY, bus, userStore, type AuthScreen, type EventMap, type User } from 'shared-contracts';
import { AuthDialog } from './AuthDialog';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ProfileSettingsForm } from 'shared-contracts/forms';
import { RegistrationBanner } from './RegistrationBanner';
import { RegistrationForm } from './RegistrationForm';
import { SignInForm } from './SignInForm';
import { postToParent } from './frame';
import { nav, withQueryFlag } from './navigation';

export type ModalScreen = AuthScreen | 'profile_settings';

/** Headings, which also name the dialog. Only 'Sign In' is the spec's; the others are NOT IN SPEC. */
export const AUTH_SCREEN_TITLES: Record<ModalScreen, string> = {
  signin: 'Sign In',
  registration: 'Create an account',
  'forgot-password': 'Reset your password',
  profile_settings: 'Tell us about yourself',
};

/**
 * NOT IN SPEC: why sign-in is asked, by the request's reason: what the reader was doing. The line
 * reads 'Sign in to …' on the sign-in screen and 'Create an account to …' on registration; reasons
 * not listed (the paywall's, which has its own wording) show no line.
 */
export const AUTH_REASON_TEXT: Partial<Record<string, string>> = {
  follow: 'follow this topic',
  save: 'save this to My Library',
  newsletter: 'subscribe to newsletters',
  checkout: 'check out',
  gift: 'give this article as a gift',
};

/** The line under the heading that says why the reader is asked to sign in, or null. */
export function authReasonLine(screen: ModalScreen, reason: string | undefined): string | null {
  const what = reason === undefined ? undefined : AUTH_REASON_TEXT[reason];
  if (!what) return null;
  if (screen === 'signin') return `Sign in to ${what}.`;
  if (screen === 'registration') return `Create an account to ${what}.`;
  return null;
}

/** The URL fragment that opens the sign-in screen. */
export const SIGN_IN_HASH = '#signin';

interface OpenState {
  screen: ModalScreen;
  reason?: string;
  /** Finished after a sign-in or registration through this request (contracts.md). */
  intent?: EventMap['auth:open']['intent'];
}

export interface AuthModalProps {
  /** Frame mode: open on this action, post OnClose/OnGoBack to the parent, ignore the bus. */
  frame?: { action: AuthScreen };
  /** The request that made the lazy host mount the modal (AuthModalHost). */
  initial?: EventMap['auth:open'];
}

/** Runs the asker's intent; one that throws is logged and leaves the modal alone (as on the bus). */
function finish(intent: OpenState['intent'], user: User) {
  try {
    intent?.(user);
  } catch (error) {
    console.error('[auth] the intent of the sign-in request failed', error);
  }
}

function clearSignInHash() {
  if (window.location.hash !== SIGN_IN_HASH) return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

export function AuthModal({ frame, initial }: AuthModalProps = {}) {
  const inFrame = frame !== undefined;
  const [open, setOpen] = useState<OpenState | null>(frame ? { screen: frame.action } : (initial ?? null));
  const [bannerEmail, setBannerEmail] = useState<string | null>(null);

  useEffect(() => {
    if (inFrame) return;
    return bus.on('auth:open', setOpen);
  }, [inFrame]);

  useEffect(() => {
    if (inFrame) return;
    const check = () => {
      if (window.location.hash === SIGN_IN_HASH) setOpen({ screen: 'signin' });
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [inFrame]);

  function close({ reload }: { reload: boolean }) {
    if (inFrame) postToParent('OnClose');
    setOpen(null);
    clearSignInHash();
    // In a frame the embedding page decides what happens next; the frame itself never reloads. A
    // request with an intent finishes in place: a reload would lose what the reader asked for.
    if (reload && !inFrame && !open?.intent) nav.reload();
  }

  return (
    <>
      {bannerEmail !== null && <RegistrationBanner email={bannerEmail} onDismiss={() => setBannerEmail(null)} />}
      {open && renderDialog(open)}
    </>
  );

  function renderDialog({ screen, reason, intent }: OpenState) {
    const go = (next: ModalScreen) => setOpen({ screen: next, reason, intent });
    const method = inFrame ? 'frame' : 'modal';

    let body;
    switch (screen) {
      case 'signin':
        body = (
          <SignInForm
            reason={reason}
            method={method}
            onSignedIn={(user) => {
              userStore.getState().setUser(user);
              close({ reload: true });
              finish(intent, user);
            }}
            onForgotPassword={() => go('forgot-password')}
            onCreateAccount={() => go('registration')}
          />
        );
        break;
      case 'registration':
        body = (
          <RegistrationForm
            reason={reason}
            method={method}
            onSignIn={() => go('signin')}
            onCreated={(user, { email, flagged }) => {
              if (reason === 'paywall') {
                // PAY-04: the success header closes without a reload; otherwise reload with the flag.
                if (flagged) close({ reload: false });
                else nav.assign(withQueryFlag(window.location.href, REGISTRATION_SUCCESS_QUERY.name, REGISTRATION_SUCCESS_QUERY.value));
                return;
              }
              setBannerEmail(email);
              // The account exists and is signed in: the asker finishes now, under the profile screen.
              finish(intent, user);
              go('profile_settings');
            }}
          />
        );
        break;
      case 'forgot-password':
        body = (
          <ForgotPasswordForm
            reason={reason}
            onGoBack={() => {
              if (inFrame) postToParent('OnGoBack');
              go('signin');
            }}
            onSignIn={() => go('signin')}
            onAutoClose={() => close({ reload: false })}
          />
        );
        break;
      case 'profile_settings':
        body = <ProfileSettingsForm onDone={() => close({ reload: true })} />;
        break;
    }

    return (
      <AuthDialog
        title={AUTH_SCREEN_TITLES[screen]}
        description={authReasonLine(screen, reason)}
        screen={screen}
        frame={inFrame}
        onClose={() => close({ reload: screen === 'profile_settings' })}
      >
        {body}
      </AuthDialog>
    );
  }
}
