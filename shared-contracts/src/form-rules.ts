/**
 * Form rules (`shared-contracts/forms`, decision 022): the field validators of the two specs
 * (section 5 of each), the server errors' messages (section 8) and the zod schemas of the forms.
 * Conventions as in validation.ts: a validator returns the message to show, or null when valid;
 * field validators check "required" first; generic rules leave "required" to the caller.
 * "site" = site-shell-and-member-features.md, "paywall" = paywall-accounts-video-visual-library-cart.md.
 */
import * as z from 'zod/mini';
import {
  DEVICE_TYPE,
  MESSAGES,
  type Rule,
  isBlank,
  wholeCount,
  plural,
} from 'shared-contracts/contracts';
import { personNameText, validateNameCharacters } from './names';

/* ------------------------------------------------------------------ sign-in */

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
export function formatUnlockTime(seconds: number): string {
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
export function siteLockoutMessage(seconds: number): string {
  return `Your account is blocked, please wait ${formatUnlockTime(seconds)} to unlock and try again.`;
}
/* ------------------------------------------------------------------ registration */

/** 409 registration message; the paywall variant appends the reset prompt (PAY-08). */
export function registrationConflictMessage(options: { paywall?: boolean } = {}): string {
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
export function formatServerErrorMessage(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const capitalised = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
/* ------------------------------------------------------------------ length and value messages (PAY-05) */

/** 'This field must be at least {n} characters' (PAY-05; no full stop, as in the spec). */
export function minLengthMessage(n: number): string {
  return `This field must be at least ${n} characters`;
}
/** 'This field must be less than {n} characters' (PAY-05; no full stop, as in the spec). */
export function maxLengthMessage(n: number): string {
  return `This field must be less than ${n} characters`;
}
/** 'Please enter a value that is less than {max}' (PAY-05). */
export function maxValueMessage(max: number): string {
  return `Please enter a value that is less than ${max}`;
}
/** 'Please enter a value that is more than {min}' (PAY-05). */
export function minValueMessage(min: number): string {
  return `Please enter a value that is more than ${min}`;
}

/** Minimum registration password length (PAY-05, PAY-09). */
export const PASSWORD_MIN_LENGTH = 10;
/** Minimum length of the "validated-password" rule (PAY-05: "the 8 and 10 readings both appear"). */
export const VALIDATED_PASSWORD_MIN_LENGTH = 8;
/** Minimum length of the site-shell password pattern (SITE-05). */
export const SITE_PASSWORD_MIN_LENGTH = 8;
/** Special characters accepted by the registration password rule (PAY-05). */
export const REGISTRATION_PASSWORD_SPECIAL_CHARS = ['@', '!', '#', '$', '%', '^', '&', '+', '='] as const;
/** Special characters of the site-shell password pattern (SITE-05). */
export const SITE_PASSWORD_SPECIAL_CHARS = ['!', '@', '#', '$', '%', '^', '&', '*'] as const;
/** Registration requests carry a random id from 100 to about 999999 (PAY-07). */
export const REGISTRATION_RANDOM_ID_RANGE = { min: 100, max: 999999 } as const;
/** Paywall panel screens; registration is the default (PAY-02 Paywall panel). */
export const PAYWALL_PANEL_SCREENS = ['registration', 'sign-in', 'forgot-password'] as const;
export const PAYWALL_PANEL_DEFAULT_SCREEN = 'registration';
/** Forgot-password modal auto-closes after this delay once acknowledged (PAY-04, PAY-09: 5 s). */
export const FORGOT_PASSWORD_AUTO_CLOSE_MS = 5000;
/** Folder (list) name maximum length (PAY-09; SITE-05). */
export const LIST_NAME_MAX_LENGTH = 30;
/** Folder (list) name minimum length (SITE-05). */
export const LIST_NAME_MIN_LENGTH = 1;

/* ------------------------------------------------------------------ profile settings lists (PAY-05) */

/** Job titles of the profile settings select (PAY-05). */
export const JOB_TITLES = [
  'Administrative',
  'Analyst',
  'Consultant',
  'Executive/C-Level',
  'Manager/Senior Manager',
  'Other',
  'Owner/Partner',
  'Retired',
  'Sales/Account Management',
  'Student/Researcher',
  'Teacher/Lecturer',
  'Technical Specialist',
  'Vice President/Director/General Manager',
] as const;
export type JobTitle = (typeof JOB_TITLES)[number];
/** Company sizes of the profile settings select (PAY-05). */
export const COMPANY_SIZES = [
  'Self-Employed',
  '1 to 4',
  '5 to 99',
  '100 to 499',
  '500 to 999',
  '1000 to 4999',
  '5000 to 9999',
  '10000+',
] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
/** Industries of the profile settings select (PAY-05). */
export const INDUSTRIES = [
  'Advertising/Marketing/Public Relations',
  'Agriculture',
  'Automotive',
  'Consultant',
  'Education',
  'Energy/Natural Resources',
  'Engineering/Construction',
  'Environmental',
  'Financial Services',
  'Food & Beverage',
  'Government',
  'Healthcare',
  'Human Resources',
  'IT/Technology',
  'Life Sciences/Pharmaceuticals',
  'Manufacturing & Materials',
  'Media',
  'Other',
  'Professional Services',
  'Real Estate',
  'Retail/Consumer Goods',
  'Telecommunications',
  'Transportation',
  'Travel/Entertainment',
] as const;
export type Industry = (typeof INDUSTRIES)[number];
/**
 * Captcha action names per screen (PAY-09): sign_in, register and forgot_pass, each with
 * modal, paywall, sub and sync_sub variants. The spec gives only the parts; the full action name
 * is built as `{screen}_{variant}` (reCAPTCHA action names allow letters, digits and underscores).
 */
export const CAPTCHA_SCREENS = ['sign_in', 'register', 'forgot_pass'] as const;
export type CaptchaScreen = (typeof CAPTCHA_SCREENS)[number];
export const CAPTCHA_VARIANTS = ['modal', 'paywall', 'sub', 'sync_sub'] as const;
export type CaptchaVariant = (typeof CAPTCHA_VARIANTS)[number];
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

export const SignInRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  reCaptchaToken: z.optional(z.string()),
  deviceType: z.optional(z.literal('WEB_SITE')),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;
/**
 * POST /api/user/register and /service/user/register (PAY-03 Registration payload, PAY-07).
 * Shape and name characters only: the server applies the rules of section 5 and answers 400
 * errors[] per field.
 */
export const RegistrationRequestSchema = z.object({
  firstName: personNameText(MESSAGES.shared.firstName),
  lastName: personNameText(MESSAGES.shared.lastName),
  emailAddress: z.string(),
  password: z.string(),
  optIn: z.optional(z.boolean()),
  deviceType: z.optional(z.literal('WEB_SITE')),
  reCaptchaToken: z.optional(z.string()),
  /** The random id of section 7 (100 to 999999); echoed, never trusted. */
  id: z.optional(z.int()),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;
/**
 * POST /api/user/subscriber/search: the email and the account number together; the
 * lookup answers only when both match one record.
 */
export const SubscriberSearchRequestSchema = z.object({
  emailAddress: z.string(),
  accountNumber: z.string(),
});
export type SubscriberSearchRequest = z.infer<typeof SubscriberSearchRequestSchema>;
/** POST /api/user/subscribe (PAY-07): creates the subscriber's web account and signs in. */
export const SubscribeRequestSchema = z.object({
  emailAddress: z.string(),
  accountNumber: z.string(),
  password: z.string(),
  optIn: z.optional(z.boolean()),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;
/** POST /api/user/forgotpassword (PAY-07). Always 200 with the success message for any email. */
export const ForgotPasswordRequestSchema = z.object({
  emailAddress: z.string(),
  reCaptchaToken: z.optional(z.string()),
  deviceType: z.optional(z.literal('WEB_SITE')),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;
/** POST /service/user/reset-password (PAY-07): the mailed single-use token and the new password. */
export const ResetPasswordRequestSchema = z.object({ token: z.string(), password: z.string() });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
/** POST /service/user/password (PAY-07): current and new password. */
export const ChangePasswordRequestSchema = z.object({ current: z.string(), password: z.string() });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
/**
 * POST /service/user/profile (PAY-07): displayName, emailAddress, attributes as name/value.
 * A different emailAddress needs currentPassword; it is only switched once the link mailed to it is followed.
 */
export const ProfileUpdateRequestSchema = z.object({
  displayName: z.optional(personNameText()),
  emailAddress: z.optional(z.string()),
  currentPassword: z.optional(z.string()),
  attributes: z.optional(z.array(z.object({ name: z.string(), value: z.string() }))),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;
/** POST /service/user/verify-email: the token of a mailed email-confirmation link. */
export const VerifyEmailRequestSchema = z.object({ token: z.string() });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

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
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|("[^"\r\n]+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** The looser form: something, at sign, something, dot, something (SITE-05). */
export const LOOSE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** No-space pattern of the sign-in email (PAY-05). */
export const NO_SPACE_PATTERN = /^\S+$/;

/** True when the value (trimmed) matches the site-wide email pattern. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** True when the value (trimmed) matches the looser something@something.something form. */
export function isLooseEmail(value: string): boolean {
  return LOOSE_EMAIL_PATTERN.test(value.trim());
}

/**
 * Which invalid-email message to show (PAY-05):
 * - 'modal': registration and forgot-password in the modal, 'Email address is not valid.'
 * - 'paywall': paywall registration, 'This email address is not valid.'
 * - 'shared': shared pattern message, 'Please enter a valid email address.'
 */
export type EmailMessageVariant = 'modal' | 'paywall' | 'shared';

const EMAIL_MESSAGES: Record<EmailMessageVariant, string> = {
  modal: MESSAGES.email.invalid,
  paywall: MESSAGES.email.invalidPaywall,
  shared: MESSAGES.email.invalidShared,
};

/** Required, then the site-wide email pattern (PAY-05 registration and forgot-password; SITE-05). */
export function validateEmail(value: string, variant: EmailMessageVariant = 'modal'): string | null {
  return validateRequired(value) ?? (isValidEmail(value) ? null : EMAIL_MESSAGES[variant]);
}

/** Required, then the looser form, with 'Please enter a valid email address.' (SITE-05). */
export function validateLooseEmail(value: string): string | null {
  return validateRequired(value) ?? (isLooseEmail(value) ? null : MESSAGES.email.invalidShared);
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
export const REGISTRATION_PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@!#$%^&+=])(?=\\S+$).{${PASSWORD_MIN_LENGTH},}$`,
);

/** The "validated-password" rule: same criteria with 8 or more characters (PAY-05). */
export const VALIDATED_PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@!#$%^&+=])(?=\\S+$).{${VALIDATED_PASSWORD_MIN_LENGTH},}$`,
);

/**
 * Site-shell password pattern (SITE-05): at least 8 characters, all from letters, digits and
 * !@#$%^&*, with at least one digit and one special character.
 */
export const SITE_PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[!@#$%^&*])[A-Za-z\\d!@#$%^&*]{${SITE_PASSWORD_MIN_LENGTH},}$`,
);

/** Sign-in password: only required (PAY-05). */
export function validateSignInPassword(value: string): string | null {
  return validateRequired(value);
}

/** Registration password: required, then the registration hint on failure (PAY-05). */
export function validateRegistrationPassword(value: string): string | null {
  return validateRequired(value) ?? (REGISTRATION_PASSWORD_PATTERN.test(value) ? null : MESSAGES.password.registrationHint);
}

/** The validated-password rule (8 characters) with its criteria message (PAY-05). */
export function validateValidatedPassword(value: string): string | null {
  return validateRequired(value) ?? (VALIDATED_PASSWORD_PATTERN.test(value) ? null : MESSAGES.password.validatedCriteria);
}

/** Site-shell password pattern (SITE-05). The spec gives no message; see MESSAGES.password.sitePattern. */
export function validateSitePassword(value: string): string | null {
  return validateRequired(value) ?? (SITE_PASSWORD_PATTERN.test(value) ? null : MESSAGES.password.sitePattern);
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
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[\p{L}\p{M}' .,-]*[\p{L}\p{M}.])?$/u;

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

/* ================================================================== folders (lists) */

/** Folder/list name: 1 to 30 English letters, digits and spaces (PAY-05; SITE-05). */
export const FOLDER_NAME_PATTERN = new RegExp(`^[A-Za-z0-9 ]{1,${LIST_NAME_MAX_LENGTH}}$`);

/** Key used to compare folder names: lower-cased, all whitespace removed (SITE-05). */
export function folderNameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

/** True when the name equals one of the existing names, ignoring case and spaces (SITE-05). */
export function isFolderNameTaken(name: string, existingNames: readonly string[]): boolean {
  const key = folderNameKey(name);
  return existingNames.some((existing) => folderNameKey(existing) === key);
}

/**
 * Folder name (SITE-05; PAY-05): required (not blank), then the 1-30 letters/digits/spaces
 * pattern, then unique among existingNames ignoring case and spaces. When renaming, pass the
 * folder's own name as currentName so keeping it (or changing only its case) is not a duplicate.
 */
export function validateFolderName(
  name: string,
  existingNames: readonly string[] = [],
  currentName?: string,
): string | null {
  if (isBlank(name)) return MESSAGES.required;
  if (!FOLDER_NAME_PATTERN.test(name)) return MESSAGES.folder.invalidName;
  const others =
    currentName === undefined ? existingNames : existingNames.filter((n) => folderNameKey(n) !== folderNameKey(currentName));
  return isFolderNameTaken(name, others) ? MESSAGES.folder.duplicate : null;
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
export function validateShareRecipients(value: string): string | null {
  const addresses = parseEmailList(value);
  if (addresses.length === 0) return MESSAGES.required;
  return addresses.every(isValidEmail) ? null : MESSAGES.email.invalidShared;
}

export interface ShareEmailValues {
  to: string;
  from?: string;
}
export type ShareEmailErrors = Partial<Record<keyof ShareEmailValues, string>>;

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

/* ================================================================== generic rules (PAY-05) */

/** Positive whole number, else 'Please enter a valid number.' (PAY-05). Empty is left to required. */
export function validatePositiveWholeNumber(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  return /^\d+$/.test(v) && Number(v) > 0 ? null : MESSAGES.shared.positiveWholeNumber;
}

/** At least n characters: 'This field must be at least {n} characters' (PAY-05). */
export function validateMinLength(value: string, n: number): string | null {
  return value === '' || value.length >= n ? null : minLengthMessage(n);
}

/**
 * At most n characters: 'This field must be less than {n} characters' (PAY-05). The wording
 * says "less than" but, like the 30-character folder rule it accompanies, exactly n is allowed.
 */
export function validateMaxLength(value: string, n: number): string | null {
  return value.length <= n ? null : maxLengthMessage(n);
}

function numeric(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const v = value.trim();
  if (v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Value not above max: 'Please enter a value that is less than {max}' (PAY-05); max itself
 * is allowed. A non-numeric value gives 'Please enter a valid value into this field.'.
 */
export function validateMaxValue(value: string | number, max: number): string | null {
  if (value === '') return null;
  const n = numeric(value);
  if (n === null) return MESSAGES.shared.invalidValue;
  return n <= max ? null : maxValueMessage(max);
}

/** Value not below min: 'Please enter a value that is more than {min}' (PAY-05); min itself is allowed. */
export function validateMinValue(value: string | number, min: number): string | null {
  if (value === '') return null;
  const n = numeric(value);
  if (n === null) return MESSAGES.shared.invalidValue;
  return n >= min ? null : minValueMessage(min);
}

/** A select's value must be one of its options (blank allowed), else 'Please select a valid value' (PAY-05). */
export function validateSelect(value: string, options: readonly string[]): string | null {
  return value === '' || options.includes(value) ? null : MESSAGES.shared.selectValid;
}

/** A value must match the pattern, else 'Please enter a valid value into this field.' (PAY-05). */
export function validatePattern(value: string, pattern: RegExp): string | null {
  return value === '' || pattern.test(value) ? null : MESSAGES.shared.invalidValue;
}

/**
 * When a field is validated (PAY-05): on blur, on change only once the field has an error,
 * and always on submit.
 */
export function shouldValidateOn(trigger: 'blur' | 'change' | 'submit', hasError: boolean): boolean {
  return trigger === 'change' ? hasError : true;
}

/* ================================================================== profile settings (PAY-05) */

/** Job title, company size and industry: optional, blank or one of the spec's lists. */
export function validateJobTitle(value: string): string | null {
  return validateSelect(value, JOB_TITLES);
}
export function validateCompanySize(value: string): string | null {
  return validateSelect(value, COMPANY_SIZES);
}
export function validateIndustry(value: string): string | null {
  return validateSelect(value, INDUSTRIES);
}

/* ================================================================== captcha */

/** Captcha action name for a screen and variant (PAY-09); see CAPTCHA_ACTIONS. */
export function captchaAction(screen: CaptchaScreen, variant: CaptchaVariant): string {
  return CAPTCHA_ACTIONS[screen][variant];
}

/* ================================================================== server errors -> messages (section 8) */

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

export type RegistrationErrorOutcome =
  | { kind: 'field'; field: string; message: string }
  | { kind: 'redirect'; to: '/restricted-user' }
  | { kind: 'banner'; message: string };

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
    return paywall
      ? { kind: 'redirect', to: '/restricted-user' }
      : { kind: 'field', field: 'emailAddress', message: MESSAGES.signIn.restricted };
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

/** Folder update errors show the first error text or the response message (SITE-08); generic as a last resort. */
export function folderUpdateErrorMessage(body: ServerErrorBody | null | undefined): string {
  return body?.errors?.[0]?.errorMessage || body?.message || MESSAGES.generic;
}

/* ================================================================== zod schemas */

/** A string schema checked by a rule; trims first when trim is true. */
export function ruleSchema(rule: Rule, options: { trim?: boolean } = {}) {
  const check = z.superRefine<string>((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
  });
  return options.trim ? z.string().check(z.trim(), check) : z.string().check(check);
}

/** Registration payload (PAY-03, PAY-05). The email message follows the context (modal or paywall). */
export function makeRegistrationFormSchema(variant: 'modal' | 'paywall' = 'modal') {
  return z.object({
    firstName: ruleSchema(validateFirstName, { trim: true }),
    lastName: ruleSchema(validateLastName, { trim: true }),
    emailAddress: ruleSchema((v) => validateEmail(v, variant), { trim: true }),
    password: ruleSchema(validateRegistrationPassword),
    optIn: z.boolean(),
    deviceType: z.literal(DEVICE_TYPE),
    /** May be empty when captcha is disabled; the server decides. */
    reCaptchaToken: z.string(),
  });
}
export const registrationFormSchema = makeRegistrationFormSchema('modal');
export type RegistrationFormValues = z.infer<typeof registrationFormSchema>;

/** Sign-in form (PAY-03, PAY-05): email required with no spaces, password required, captcha token. */
export const signInFormSchema = z.object({
  email: ruleSchema(validateSignInEmail, { trim: true }),
  password: ruleSchema(validateSignInPassword),
  reCaptchaToken: z.string(),
});
export type SignInFormValues = z.infer<typeof signInFormSchema>;

/** POST /authenticate form (PAY-07): username, password, reCaptchaToken, deviceType. */
export const signInPayloadSchema = z.object({
  username: ruleSchema(validateSignInEmail, { trim: true }),
  password: ruleSchema(validateSignInPassword),
  reCaptchaToken: z.string(),
  deviceType: z.literal(DEVICE_TYPE),
});
export type SignInPayload = z.infer<typeof signInPayloadSchema>;

/** Forgot-password (PAY-05, PAY-07, PAY-08; SITE-05): valid email, captcha required, device type. */
export const forgotPasswordFormSchema = z.object({
  emailAddress: ruleSchema((v) => validateEmail(v, 'modal'), { trim: true }),
  reCaptchaToken: ruleSchema((v) => (isBlank(v) ? MESSAGES.captcha.required : null)),
  deviceType: z.literal(DEVICE_TYPE),
});
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

/** Profile settings (PAY-03, PAY-05): each optional, blank or one of the lists. */
export const profileSettingsFormSchema = z.object({
  industry: z.optional(z.enum(['', ...INDUSTRIES], { error: MESSAGES.shared.selectValid })),
  jobTitle: z.optional(z.enum(['', ...JOB_TITLES], { error: MESSAGES.shared.selectValid })),
  companySize: z.optional(z.enum(['', ...COMPANY_SIZES], { error: MESSAGES.shared.selectValid })),
});
export type ProfileSettingsFormValues = z.infer<typeof profileSettingsFormSchema>;

/** Change password (SITE-05), with errors on currentPassword, newPassword and confirmPassword. */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .check(
    z.superRefine((values, ctx) => {
      const errors = validateChangePassword(values);
      for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
        const message = errors[field];
        if (message !== undefined) ctx.addIssue({ code: 'custom', path: [field], message, input: values });
      }
    }),
  );
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** New or renamed folder (SITE-03, SITE-05): name rules with uniqueness; description optional. */
export function makeFolderFormSchema(existingNames: readonly string[] = [], currentName?: string) {
  return z.object({
    name: ruleSchema((v) => validateFolderName(v, existingNames, currentName)),
    description: z.optional(z.string()),
  });
}
export type FolderFormValues = z.infer<ReturnType<typeof makeFolderFormSchema>>;

/** Share by email (SITE-03, SITE-05). FROM is required only when logged out. */
export function makeShareEmailFormSchema(loggedIn: boolean) {
  return z.object({
    to: ruleSchema(validateShareRecipients),
    from: loggedIn ? z.optional(z.string()) : ruleSchema((v) => validateEmail(v, 'shared'), { trim: true }),
    message: z.optional(z.string()),
  });
}
export type ShareEmailFormValues = z.infer<ReturnType<typeof makeShareEmailFormSchema>>;

/** The random id of the registration call (PAY-07): a whole number from 100 to 999999. */
export function registrationId(random: () => number = Math.random): number {
  const { min, max } = REGISTRATION_RANDOM_ID_RANGE;
  return min + Math.floor(random() * (max - min + 1));
}
