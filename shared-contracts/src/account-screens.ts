/** The account screens' fixed settings (`shared-contracts/forms`). */

/** Paywall panel screens; registration is the default (PAY-02 Paywall panel). */
export const PAYWALL_PANEL_SCREENS = ['registration', 'sign-in', 'forgot-password'] as const;
/** Forgot-password modal auto-closes after this delay once acknowledged (PAY-04, PAY-09: 5 s). */
export const FORGOT_PASSWORD_AUTO_CLOSE_MS = 5000;
