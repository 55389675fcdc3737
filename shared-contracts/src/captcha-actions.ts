/** The CAPTCHA action names of the account screens (`shared-contracts/forms`). */

/**
 * Captcha action names per screen (PAY-09): sign_in, register and forgot_pass, each with
 * modal, paywall, sub and sync_sub variants. The spec gives only the parts; the full action name
 * is built as `{screen}_{variant}` (reCAPTCHA action names allow letters, digits and underscores).
 */
type CaptchaScreen = 'sign_in' | 'register' | 'forgot_pass';
type CaptchaVariant = 'modal' | 'paywall' | 'sub' | 'sync_sub';
export const CAPTCHA_ACTIONS = {
  sign_in: {
    modal: 'sign_in_modal',
    paywall: 'sign_in_paywall',
    sub: 'sign_in_sub',
    sync_sub: 'sign_in_sync_sub',
  },
  register: {
    modal: 'register_modal',
    paywall: 'register_paywall',
    sub: 'register_sub',
    sync_sub: 'register_sync_sub',
  },
  forgot_pass: {
    modal: 'forgot_pass_modal',
    paywall: 'forgot_pass_paywall',
    sub: 'forgot_pass_sub',
    sync_sub: 'forgot_pass_sync_sub',
  },
} as const satisfies Record<CaptchaScreen, Record<CaptchaVariant, string>>;

/** Captcha action name for a screen and variant (PAY-09); see CAPTCHA_ACTIONS. */
export function captchaAction(screen: CaptchaScreen, variant: CaptchaVariant): string {
  return CAPTCHA_ACTIONS[screen][variant];
}
