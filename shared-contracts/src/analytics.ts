/**
 * Data-layer events (window.dataLayer) of the account flows. The specs say handlers exist for
 * sign-in, registration and logout and that a sign-in failure triggers a metric, but name neither
 * the events nor their fields; the names below follow the common analytics vocabulary (`login`,
 * `sign_up`, `logout`) and are listed in docs/contracts.md. No personal data goes in a payload.
 */
export type DataLayerEvent =
  | { event: 'login'; method: 'modal' | 'register-page' | 'frame' | 'paywall' }
  | { event: 'login_failure'; reason: 'invalid_credentials' | 'account_locked' | 'user_restricted' | 'error' }
  | { event: 'sign_up'; method: 'modal' | 'register-page' | 'frame' | 'paywall'; optIn: boolean }
  /** A wall or the subscriber-only panel was shown (paywall message type). */
  | { event: 'paywall_wall_shown'; wall: 'registration-wall' | 'subscription-wall' | 'subscriber-panel'; context: 'article' | 'video' | 'data-visual' }
  /** A reader shown a wall registered or signed in from it. */
  | { event: 'paywall_wall_converted'; wall: 'registration-wall' | 'subscription-wall' | 'subscriber-panel'; action: 'registration' | 'signin' }
  | { event: 'gift_given'; giftsLeft: number }
  | { event: 'logout' };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function pushDataLayer(entry: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}
