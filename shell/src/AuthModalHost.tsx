/**
 * Loads the auth modal only when a reader needs it: most page views never open it, so its screens,
 * rules and messages stay out of the first view (docs/performance.md). The host listens from the
 * start for 'auth:open' and '#signin', then mounts the modal with that first request; from then on
 * the modal listens itself.
 */
import { useEffect, useState } from 'react';
import { bus, type EventMap } from 'shared-contracts';
import { withSheet } from './sheets';
import type { AuthModalProps } from './auth/AuthModal';

const SIGN_IN_HASH = '#signin';

const AuthModal = withSheet<AuthModalProps>(() => import(/* webpackChunkName: "auth-modal" */ './auth/AuthModal').then((m) => m.AuthModal), 'account-banners');

/** Starts fetching the modal's code, for example when a pointer reaches a Sign in button. */
export function preloadAuthModal(): void {
  AuthModal.preload().catch(() => {
    // Shown when the modal is opened, if it still cannot load.
  });
}

export function AuthModalHost() {
  const [first, setFirst] = useState<EventMap['auth:open'] | null>(null);

  useEffect(() => {
    if (first) return;
    // The whole request, reason and intent included (the modal shows the one and finishes the other).
    const offBus = bus.on('auth:open', setFirst);
    const check = () => {
      if (window.location.hash === SIGN_IN_HASH) setFirst({ screen: 'signin' });
    };
    check();
    window.addEventListener('hashchange', check);
    return () => {
      offBus();
      window.removeEventListener('hashchange', check);
    };
  }, [first]);

  if (!first) return null;
  return <AuthModal initial={first} />;
}
