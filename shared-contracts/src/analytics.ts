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
  | { event: 'logout' }
  /*
   * Commerce, in the common e-commerce vocabulary: value in dollars (two decimals), USD.
   * begin_checkout on the cart's Checkout, add_shipping_info / add_payment_info when the
   * shipping-payment step is saved, purchase when an order is placed.
   */
  | { event: 'add_to_cart'; currency: 'USD'; value: number; items: CommerceItem[] }
  | { event: 'remove_from_cart'; currency: 'USD'; value: number; items: CommerceItem[] }
  | { event: 'begin_checkout'; currency: 'USD'; value: number; items: CommerceItem[] }
  | { event: 'add_shipping_info'; currency: 'USD'; value: number; shipping_tier: string }
  | { event: 'add_payment_info'; currency: 'USD'; value: number; payment_type: string }
  | { event: 'purchase'; currency: 'USD'; value: number; tax: number; shipping: number; transaction_id: string; items: CommerceItem[] }
  | { event: 'add_to_cart_failure'; reason: 'unavailable' | 'maintenance' | 'error' };

/** One item of a commerce event: the SKU, title, unit price in dollars and quantity. */
export interface CommerceItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
}

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
