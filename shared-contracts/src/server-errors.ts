/**
 * Messages for the API's answers to the account and folder forms (`shared-contracts/forms`, also
 * the server's): sign-in failures and lockouts, registration errors, forgot-password results.
 * The server builds its sign-in answers with the same functions, so both sides word them alike.
 */
import { MESSAGES, wholeCount, plural } from 'shared-contracts/contracts';

/** Sign-in failure with tries_left (PAY-08; SITE-08): 'try' when n is 1, 'tries' otherwise. */
export function signInTriesLeft(n: number): string {
  const k = wholeCount(n);
  return `${MESSAGES.signIn.invalidCombination} You have ${k} ${plural(k, 'try', 'tries')} left.`;
}
/**
 * Unlock time for the lockout message (PAY-08; SITE-08): 3600 s or more shows whole hours,
 * 60 to 3599 whole minutes, below 60 seconds. Values are rounded down within their unit, so each
 * range maps onto its own unit (3599 s is '59 minutes', never '60 minutes'). Negative or
 * non-finite input counts as 0.
 */
function formatUnlockTime(seconds: number): string {
  const s = wholeCount(seconds);
  if (s >= 3600) {
    const h = Math.floor(s / 3600);
    return `${h} ${plural(h, 'hour', 'hours')}`;
  }
  if (s >= 60) {
    const m = Math.floor(s / 60);
    return `${m} ${plural(m, 'minute', 'minutes')}`;
  }
  return `${s} ${plural(s, 'second', 'seconds')}`;
}
/**
 * Lockout message of the modal and paywall (PAY-08). "Code 401 adds 'or reset your
 * password.'": it is read as completing the last sentence, which becomes '... please contact
 * Customer Service or reset your password.'
 */
export function lockoutMessage(seconds: number, options: { code401?: boolean } = {}): string {
  const first = `Your account is blocked, please wait ${formatUnlockTime(seconds)} to unlock and try again.`;
  const last = options.code401
    ? 'For immediate assistance, please contact Customer Service or reset your password.'
    : 'For immediate assistance, please contact Customer Service.';
  return `${first} ${last}`;
}
/** Lockout message of the site shell; the page adds a service link after it (SITE-08). */
function siteLockoutMessage(seconds: number): string {
  return `Your account is blocked, please wait ${formatUnlockTime(seconds)} to unlock and try again.`;
}
/** 409 registration message; the paywall variant appends the reset prompt (PAY-08). */
function registrationConflictMessage(options: { paywall?: boolean } = {}): string {
  return options.paywall
    ? `${MESSAGES.registration.usernameUnavailable} ${MESSAGES.registration.usernameUnavailablePaywallSuffix}`
    : MESSAGES.registration.usernameUnavailable;
}
/** Registration confirmation banner (PAY-02). */
export function accountCreatedMessage(email: string): string {
  return `Your account has been created, ${email}`;
}
/**
 * A server error text as shown by the registration "other errors" rule (PAY-08): first
 * letter capitalised, ending with a full stop (added unless it already ends in . ! or ?).
 * Surrounding whitespace is trimmed; an empty text stays empty.
 */
function formatServerErrorMessage(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const capitalised = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** Failed sign-in answer (PAY-03, PAY-07; SITE-03). */
export interface SignInFailure {
  tries_left?: number | null;
  lockout_duration?: number | null;
  code?: string | number | null;
  user_restricted?: boolean | null;
}

/**
 * Sign-in error message (PAY-08; SITE-08). The spec lists the cases without an order; the
 * most specific wins: user_restricted, then a lockout_duration above 0, then tries_left, else the
 * invalid-combination text. 'site' uses the shell's shorter lockout text (a service link follows).
 */
export function signInErrorMessage(failure: SignInFailure, variant: 'modal' | 'site' = 'modal'): string {
  if (failure.user_restricted) return MESSAGES.signIn.restricted;
  if (typeof failure.lockout_duration === 'number' && failure.lockout_duration > 0) {
    return variant === 'site'
      ? siteLockoutMessage(failure.lockout_duration)
      : lockoutMessage(failure.lockout_duration, { code401: String(failure.code) === '401' });
  }
  if (typeof failure.tries_left === 'number') return signInTriesLeft(failure.tries_left);
  return MESSAGES.signIn.invalidCombination;
}

/** Forgot-password result message by HTTP status (PAY-08; SITE-08). */
export function forgotPasswordMessage(status: number, variant: 'modal' | 'site' = 'modal'): string {
  if (status >= 200 && status < 300) return MESSAGES.forgotPassword.success;
  if (status === 403) return MESSAGES.signIn.restricted;
  if (status === 423) return variant === 'site' ? MESSAGES.forgotPassword.lockedShort : MESSAGES.forgotPassword.locked;
  return MESSAGES.generic;
}

/** Error body of the API: message plus optional errors[] (field, errorMessage). */
export interface ServerErrorBody {
  message?: string | null;
  errors?: readonly { field?: string | null; errorMessage?: string | null }[] | null;
}

type RegistrationErrorOutcome =
  { kind: 'field'; field: string; message: string } | { kind: 'redirect'; to: '/restricted-user' } | { kind: 'banner'; message: string };

function isEmailField(field: string | null | undefined): boolean {
  return field === 'emailAddress' || field === 'email';
}

/**
 * Registration error handling (PAY-08):
 * - 409 (and 422 in the modal): the unavailable-username message on emailAddress (paywall adds the reset prompt).
 * - 403: modal, the customer-service (restricted) message on emailAddress; paywall, redirect to /restricted-user.
 * - 400 with an email field error: 'Email address is not valid.' on emailAddress; with a password
 *   error: the server's message on password.
 * - Other: modal, the first errors[].errorMessage capitalised with a full stop on errors[0].field,
 *   else the response message on password (the generic text when there is none); paywall, a generic banner.
 */
export function registrationErrorOutcome(
  status: number,
  body: ServerErrorBody | null | undefined,
  context: 'modal' | 'paywall' = 'modal',
): RegistrationErrorOutcome {
  const paywall = context === 'paywall';
  if (status === 409 || (status === 422 && !paywall)) {
    return { kind: 'field', field: 'emailAddress', message: registrationConflictMessage({ paywall }) };
  }
  if (status === 403) {
    return paywall ? { kind: 'redirect', to: '/restricted-user' } : { kind: 'field', field: 'emailAddress', message: MESSAGES.signIn.restricted };
  }
  const errors = body?.errors ?? [];
  if (status === 400) {
    if (errors.some((e) => isEmailField(e.field))) {
      return { kind: 'field', field: 'emailAddress', message: MESSAGES.email.invalid };
    }
    const pw = errors.find((e) => e.field === 'password');
    if (pw) {
      return { kind: 'field', field: 'password', message: pw.errorMessage || body?.message || MESSAGES.generic };
    }
  }
  if (paywall) return { kind: 'banner', message: MESSAGES.generic };
  const first = errors[0];
  if (first?.errorMessage) {
    return { kind: 'field', field: first.field || 'password', message: formatServerErrorMessage(first.errorMessage) };
  }
  return { kind: 'field', field: 'password', message: body?.message || MESSAGES.generic };
}
