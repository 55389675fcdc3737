/**
 * The auth modal (PAY-02 "Auth modal", PAY-04): sign-in, registration, forgot-password and
 * profile_settings. Opened through the bus ('auth:open') or by '#signin' in the URL. In frame mode
 * (/auth/frame) it opens on the requested action and tells the embedding page about Close and
 * 'Go back' with postMessage (see auth/frame.ts).
 */
import { useEffect, useState } from 'react';
import { REGISTRATION_SUCCESS_QUERY, bus, userStore, type AuthScreen } from 'shared-contracts';
import { AuthDialog } from './AuthDialog';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ProfileSettingsForm } from './ProfileSettingsForm';
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

/** The URL fragment that opens the sign-in screen. */
export const SIGN_IN_HASH = '#signin';

interface OpenState {
  screen: ModalScreen;
  reason?: string;
}

export interface AuthModalProps {
  /** Frame mode: open on this action, post OnClose/OnGoBack to the parent, ignore the bus. */
  frame?: { action: AuthScreen };
  /** The request that made the lazy host mount the modal (AuthModalHost). */
  initial?: { screen: AuthScreen; reason?: string };
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
    return bus.on('auth:open', ({ screen, reason }) => setOpen({ screen, reason }));
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
    // In a frame the embedding page decides what happens next; the frame itself never reloads.
    if (reload && !inFrame) nav.reload();
  }

  return (
    <>
      {bannerEmail !== null && <RegistrationBanner email={bannerEmail} onDismiss={() => setBannerEmail(null)} />}
      {open && renderDialog(open)}
    </>
  );

  function renderDialog({ screen, reason }: OpenState) {
    const go = (next: ModalScreen) => setOpen({ screen: next, reason });
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
            onCreated={(_user, { email, flagged }) => {
              if (reason === 'paywall') {
                // PAY-04: the success header closes without a reload; otherwise reload with the flag.
                if (flagged) close({ reload: false });
                else nav.assign(withQueryFlag(window.location.href, REGISTRATION_SUCCESS_QUERY.name, REGISTRATION_SUCCESS_QUERY.value));
                return;
              }
              setBannerEmail(email);
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
      <AuthDialog title={AUTH_SCREEN_TITLES[screen]} screen={screen} frame={inFrame} onClose={() => close({ reload: screen === 'profile_settings' })}>
        {body}
      </AuthDialog>
    );
  }
}
