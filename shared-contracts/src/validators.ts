/**
 * Field validators of the account and share forms (a folder's name is My Library's, library.ts) (`shared-contracts/forms`, also the
 * server's). A validator returns the message to show, or null when valid; field validators check
 * "required" first; generic rules leave "required" to the caller.
 */
import { MESSAGES, isBlank } from 'shared-contracts/contracts';
import { validateNameCharacters } from './names';

/* ------------------------------------------------------------------ length message (PAY-05) */

/** 'This field must be less than {n} characters' (PAY-05; no full stop, as in the spec). */
export function maxLengthMessage(n: number): string {
  return `This field must be less than ${n} characters`;
}

/** Minimum registration password length (PAY-05, PAY-09). */
const PASSWORD_MIN_LENGTH = 10;
/** Minimum length of the site-shell password pattern (SITE-05). */
const SITE_PASSWORD_MIN_LENGTH = 8;

/* ================================================================== required */

/** Required: empty or whitespace-only gives 'This field is required.' (PAY-05; SITE-05). */
export function validateRequired(value: string | null | undefined): string | null {
  return isBlank(value) ? MESSAGES.required : null;
}

/* ================================================================== email */

/**
 * Site-wide email pattern (SITE-05): the standard address form, with quoted local parts
 * ("john doe"@example.com) and bracketed IPv4 hosts (user@[192.168.0.1]) allowed.
 */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|("[^"\r\n]+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** No-space pattern of the sign-in email (PAY-05). */
const NO_SPACE_PATTERN = /^\S+$/;

/** True when the value (trimmed) matches the site-wide email pattern. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * Which invalid-email message to show (PAY-05):
 * - 'modal': registration and forgot-password in the modal, 'Email address is not valid.'
 * - 'paywall': paywall registration, 'This email address is not valid.'
 * - 'shared': shared pattern message, 'Please enter a valid email address.'
 */
type EmailMessageVariant = 'modal' | 'paywall' | 'shared';

const EMAIL_MESSAGES: Record<EmailMessageVariant, string> = {
  modal: MESSAGES.email.invalid,
  paywall: MESSAGES.email.invalidPaywall,
  shared: MESSAGES.email.invalidShared,
};

/** Required, then the site-wide email pattern (PAY-05 registration and forgot-password; SITE-05). */
export function validateEmail(value: string, variant: EmailMessageVariant = 'modal'): string | null {
  return validateRequired(value) ?? (isValidEmail(value) ? null : EMAIL_MESSAGES[variant]);
}

/**
 * Sign-in email (PAY-05): required plus a no-space pattern; any failure shows the required
 * message. (The site shell only needs a non-blank value, SITE-05; use validateRequired there.)
 */
export function validateSignInEmail(value: string): string | null {
  return !isBlank(value) && NO_SPACE_PATTERN.test(value.trim()) ? null : MESSAGES.required;
}

/* ================================================================== passwords */

/**
 * Registration password (PAY-05): a number, a lower-case and an upper-case letter, one of
 * @ ! # $ % ^ & + =, no spaces, 10 or more characters.
 */
const REGISTRATION_PASSWORD_PATTERN = new RegExp(`^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@!#$%^&+=])(?=\\S+$).{${PASSWORD_MIN_LENGTH},}$`);

/**
 * Site-shell password pattern (SITE-05): at least 8 characters, all from letters, digits and
 * !@#$%^&*, with at least one digit and one special character.
 */
const SITE_PASSWORD_PATTERN = new RegExp(`^(?=.*\\d)(?=.*[!@#$%^&*])[A-Za-z\\d!@#$%^&*]{${SITE_PASSWORD_MIN_LENGTH},}$`);

/** Sign-in password: only required (PAY-05). */
export function validateSignInPassword(value: string): string | null {
  return validateRequired(value);
}

/** Registration password: required, then the registration hint on failure (PAY-05). */
export function validateRegistrationPassword(value: string): string | null {
  return validateRequired(value) ?? (REGISTRATION_PASSWORD_PATTERN.test(value) ? null : MESSAGES.password.registrationHint);
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

/**
 * A changed password: the site password pattern, then the registration password rule, so a
 * password is never made weaker by changing it than registration allows. Blank is left to the
 * caller's required message.
 */
export function validateChangedPassword(value: string): string | null {
  if (!SITE_PASSWORD_PATTERN.test(value)) return MESSAGES.password.sitePattern;
  return REGISTRATION_PASSWORD_PATTERN.test(value) ? null : MESSAGES.password.registrationHint;
}

/**
 * Change password: current required, new required, new passes validateChangedPassword,
 * confirm must match new. Returns the errors by field; an empty object means valid.
 */
export function validateChangePassword(values: ChangePasswordValues): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (isBlank(values.currentPassword)) errors.currentPassword = MESSAGES.changePassword.currentRequired;
  if (isBlank(values.newPassword)) errors.newPassword = MESSAGES.changePassword.newRequired;
  else {
    const rule = validateChangedPassword(values.newPassword);
    if (rule !== null) errors.newPassword = rule;
  }
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = MESSAGES.changePassword.mismatch;
  return errors;
}

/* ================================================================== names */

/**
 * Personal names: letters (any script) with spaces, apostrophes, hyphens, full stops and commas
 * between them. The spec gives only the messages (PAY-05), not the pattern.
 */
const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[\p{L}\p{M}' .,-]*[\p{L}\p{M}.])?$/u;

/** First name: required, then 'Please enter a valid first name.' (PAY-05). */
export function validateFirstName(value: string): string | null {
  return (
    validateRequired(value) ??
    validateNameCharacters(value, MESSAGES.shared.firstName) ??
    (PERSON_NAME_PATTERN.test(value.trim()) ? null : MESSAGES.shared.firstName)
  );
}

/** Last name: required, then 'Please enter a valid last name.' (PAY-05). */
export function validateLastName(value: string): string | null {
  return (
    validateRequired(value) ??
    validateNameCharacters(value, MESSAGES.shared.lastName) ??
    (PERSON_NAME_PATTERN.test(value.trim()) ? null : MESSAGES.shared.lastName)
  );
}

/* ================================================================== share by email */

/** Splits a comma-separated TO field into trimmed addresses; empty segments are dropped. */
export function parseEmailList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** TO field: required; every comma-separated address must be a valid email (SITE-05). */
function validateShareRecipients(value: string): string | null {
  const addresses = parseEmailList(value);
  if (addresses.length === 0) return MESSAGES.required;
  return addresses.every(isValidEmail) ? null : MESSAGES.email.invalidShared;
}

interface ShareEmailValues {
  to: string;
  from?: string;
}
type ShareEmailErrors = Partial<Record<keyof ShareEmailValues, string>>;

/** Share by email (SITE-05): TO required and valid; FROM required (and valid) only when logged out. */
export function validateShareEmail(values: ShareEmailValues, loggedIn: boolean): ShareEmailErrors {
  const errors: ShareEmailErrors = {};
  const to = validateShareRecipients(values.to);
  if (to !== null) errors.to = to;
  if (!loggedIn) {
    const from = validateEmail(values.from ?? '', 'shared');
    if (from !== null) errors.from = from;
  }
  return errors;
}

/* ================================================================== when to validate (PAY-05) */

/**
 * When a field is validated (PAY-05): on blur, on change only once the field has an error,
 * and always on submit.
 */
export function shouldValidateOn(trigger: 'blur' | 'change' | 'submit', hasError: boolean): boolean {
  return trigger === 'change' ? hasError : true;
}
