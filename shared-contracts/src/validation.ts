/**
 * Validation rules and small pure business rules of the two specs (section 5 of each, with the
 * formatting and visibility rules they refer to). "site" = site-shell-and-member-features.md,
 * "paywall" = paywall-accounts-video-visual-library-cart.md.
 *
 * Conventions:
 * - A validator returns the error message to show, or null when the value is valid.
 * - Field validators (email, passwords, names, folder name...) check "required" first, so an empty
 *   field gets 'This field is required.'. Generic rules (min/max length, min/max value, positive
 *   number, select) return null for an empty value and leave "required" to the caller, as a
 *   form-validation library does.
 * - Email and personal-name values are checked after trimming surrounding whitespace; the zod
 *   schemas below trim them too, so what is checked is what is sent.
 */
import * as z from 'zod/mini';

import {
  REGISTRATION_RANDOM_ID_RANGE,
  ARTICLE_CONTENT_TYPES,
  AUTO_SUGGEST,
  CAPTCHA_ACTIONS,
  COMPANY_SIZES,
  CURRENCY,
  DEVICE_TYPE,
  DOMESTIC_COUNTRIES,
  DOMESTIC_US_COUNTRIES,
  EU_CONSENT_COUNTRIES,
  HEADER_LOGO_THRESHOLDS,
  INDUSTRIES,
  JOB_TITLES,
  LATEST_SUBSCRIPTION_IGNORED_SOURCE,
  LIST_NAME_MAX_LENGTH,
  LOOKUP_ACCEPTED_SOURCES,
  MONTH_NAMES,
  PAGINATION_MAX_ITEMS,
  PASSWORD_MIN_LENGTH,
  PLAYLIST_AD_SLOT_PLAYLISTS,
  PRICE_DECIMALS,
  SITE_PASSWORD_MIN_LENGTH,
  SKU_SUFFIX_TYPES,
  STREAMS_COUNTING_FROM_ONE,
  SUBSCRIBER_TIERS,
  VALIDATED_PASSWORD_MIN_LENGTH,
  VISUAL_LIBRARY_COLLECTION_EVERY,
  type CaptchaScreen,
  type CaptchaVariant,
  type SubscriberRoleCode,
} from './constants';
import {
  MESSAGES,
  formatServerErrorMessage,
  lockoutMessage,
  maxLengthMessage,
  maxValueMessage,
  minLengthMessage,
  minValueMessage,
  registrationConflictMessage,
  signInTriesLeft,
  siteLockoutMessage,
} from './messages';

/** A validator: the error message, or null when valid. */
export type Rule = (value: string) => string | null;

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/* ================================================================== required */

/** Required: empty or whitespace-only gives 'This field is required.' (paywall §5; site §5). */
export function validateRequired(value: string | null | undefined): string | null {
  return isBlank(value) ? MESSAGES.required : null;
}

/* ================================================================== email */

/**
 * Site-wide email pattern (site §5): the standard address form, with quoted local parts
 * ("john doe"@example.com) and bracketed IPv4 hosts (user@[192.168.0.1]) allowed.
 */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|("[^"\r\n]+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** The looser form: something, at sign, something, dot, something (site §5). */
export const LOOSE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** No-space pattern of the sign-in email (paywall §5). */
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
 * Which invalid-email message to show (paywall §5):
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

/** Required, then the site-wide email pattern (paywall §5 registration and forgot-password; site §5). */
export function validateEmail(value: string, variant: EmailMessageVariant = 'modal'): string | null {
  return validateRequired(value) ?? (isValidEmail(value) ? null : EMAIL_MESSAGES[variant]);
}

/** Required, then the looser form, with 'Please enter a valid email address.' (site §5). */
export function validateLooseEmail(value: string): string | null {
  return validateRequired(value) ?? (isLooseEmail(value) ? null : MESSAGES.email.invalidShared);
}

/**
 * Sign-in email (paywall §5): required plus a no-space pattern; any failure shows the required
 * message. (The site shell only needs a non-blank value, site §5; use validateRequired there.)
 */
export function validateSignInEmail(value: string): string | null {
  return !isBlank(value) && NO_SPACE_PATTERN.test(value.trim()) ? null : MESSAGES.required;
}

/* ================================================================== passwords */

/**
 * Registration password (paywall §5): a number, a lower-case and an upper-case letter, one of
 * @ ! # $ % ^ & + =, no spaces, 10 or more characters.
 */
export const REGISTRATION_PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@!#$%^&+=])(?=\\S+$).{${PASSWORD_MIN_LENGTH},}$`,
);

/** The "validated-password" rule: same criteria with 8 or more characters (paywall §5). */
export const VALIDATED_PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@!#$%^&+=])(?=\\S+$).{${VALIDATED_PASSWORD_MIN_LENGTH},}$`,
);

/**
 * Site-shell password pattern (site §5): at least 8 characters, all from letters, digits and
 * !@#$%^&*, with at least one digit and one special character.
 */
export const SITE_PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[!@#$%^&*])[A-Za-z\\d!@#$%^&*]{${SITE_PASSWORD_MIN_LENGTH},}$`,
);

/** Sign-in password: only required (paywall §5). */
export function validateSignInPassword(value: string): string | null {
  return validateRequired(value);
}

/** Registration password: required, then the registration hint on failure (paywall §5). */
export function validateRegistrationPassword(value: string): string | null {
  return validateRequired(value) ?? (REGISTRATION_PASSWORD_PATTERN.test(value) ? null : MESSAGES.password.registrationHint);
}

/** The validated-password rule (8 characters) with its criteria message (paywall §5). */
export function validateValidatedPassword(value: string): string | null {
  return validateRequired(value) ?? (VALIDATED_PASSWORD_PATTERN.test(value) ? null : MESSAGES.password.validatedCriteria);
}

/** Site-shell password pattern (site §5). The spec gives no message; see MESSAGES.password.sitePattern. */
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
 * Change password (site §5): current required, new required, new passes the site password
 * pattern, confirm must match new. Returns the errors by field; an empty object means valid.
 */
export function validateChangePassword(values: ChangePasswordValues): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (isBlank(values.currentPassword)) errors.currentPassword = MESSAGES.changePassword.currentRequired;
  if (isBlank(values.newPassword)) errors.newPassword = MESSAGES.changePassword.newRequired;
  else if (!SITE_PASSWORD_PATTERN.test(values.newPassword)) errors.newPassword = MESSAGES.password.sitePattern;
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = MESSAGES.changePassword.mismatch;
  return errors;
}

/* ================================================================== names */

/**
 * Personal names: letters (any script) with spaces, apostrophes, hyphens, full stops and commas
 * between them. The spec gives only the messages (paywall §5), not the pattern.
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[\p{L}\p{M}' .,-]*[\p{L}\p{M}.])?$/u;

/** First name: required, then 'Please enter a valid first name.' (paywall §5). */
export function validateFirstName(value: string): string | null {
  return validateRequired(value) ?? (PERSON_NAME_PATTERN.test(value.trim()) ? null : MESSAGES.shared.firstName);
}

/** Last name: required, then 'Please enter a valid last name.' (paywall §5). */
export function validateLastName(value: string): string | null {
  return validateRequired(value) ?? (PERSON_NAME_PATTERN.test(value.trim()) ? null : MESSAGES.shared.lastName);
}

/* ================================================================== folders (lists) */

/** Folder/list name: 1 to 30 English letters, digits and spaces (paywall §5; site §5). */
export const FOLDER_NAME_PATTERN = new RegExp(`^[A-Za-z0-9 ]{1,${LIST_NAME_MAX_LENGTH}}$`);

/** Key used to compare folder names: lower-cased, all whitespace removed (site §5). */
export function folderNameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

/** True when the name equals one of the existing names, ignoring case and spaces (site §5). */
export function isFolderNameTaken(name: string, existingNames: readonly string[]): boolean {
  const key = folderNameKey(name);
  return existingNames.some((existing) => folderNameKey(existing) === key);
}

/**
 * Folder name (site §5; paywall §5): required (not blank), then the 1-30 letters/digits/spaces
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

/** TO field: required; every comma-separated address must be a valid email (site §5). */
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

/** Share by email (site §5): TO required and valid; FROM required (and valid) only when logged out. */
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

/**
 * Share email text truncated with an ellipsis (paywall §5). The result is at most maxLength
 * characters including the three-dot ellipsis; shorter text is returned unchanged.
 */
export function truncateWithEllipsis(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const ellipsis = '...';
  if (maxLength <= ellipsis.length) return ellipsis.slice(0, Math.max(0, maxLength));
  return text.slice(0, maxLength - ellipsis.length).trimEnd() + ellipsis;
}

/**
 * Truncation "near" a length (paywall §9, collection summary ~165): cuts at the last space at or
 * before maxLength (falling back to a hard cut) and appends '...'.
 */
export function truncateNearWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).trimEnd() + '...';
}

/* ================================================================== generic rules (paywall §5) */

/** Positive whole number, else 'Please enter a valid number.' (paywall §5). Empty is left to required. */
export function validatePositiveWholeNumber(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  return /^\d+$/.test(v) && Number(v) > 0 ? null : MESSAGES.shared.positiveWholeNumber;
}

/** At least n characters: 'This field must be at least {n} characters' (paywall §5). */
export function validateMinLength(value: string, n: number): string | null {
  return value === '' || value.length >= n ? null : minLengthMessage(n);
}

/**
 * At most n characters: 'This field must be less than {n} characters' (paywall §5). The wording
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
 * Value not above max: 'Please enter a value that is less than {max}' (paywall §5); max itself
 * is allowed. A non-numeric value gives 'Please enter a valid value into this field.'.
 */
export function validateMaxValue(value: string | number, max: number): string | null {
  if (value === '') return null;
  const n = numeric(value);
  if (n === null) return MESSAGES.shared.invalidValue;
  return n <= max ? null : maxValueMessage(max);
}

/** Value not below min: 'Please enter a value that is more than {min}' (paywall §5); min itself is allowed. */
export function validateMinValue(value: string | number, min: number): string | null {
  if (value === '') return null;
  const n = numeric(value);
  if (n === null) return MESSAGES.shared.invalidValue;
  return n >= min ? null : minValueMessage(min);
}

/** A select's value must be one of its options (blank allowed), else 'Please select a valid value' (paywall §5). */
export function validateSelect(value: string, options: readonly string[]): string | null {
  return value === '' || options.includes(value) ? null : MESSAGES.shared.selectValid;
}

/** A value must match the pattern, else 'Please enter a valid value into this field.' (paywall §5). */
export function validatePattern(value: string, pattern: RegExp): string | null {
  return value === '' || pattern.test(value) ? null : MESSAGES.shared.invalidValue;
}

/**
 * When a field is validated (paywall §5): on blur, on change only once the field has an error,
 * and always on submit.
 */
export function shouldValidateOn(trigger: 'blur' | 'change' | 'submit', hasError: boolean): boolean {
  return trigger === 'change' ? hasError : true;
}

/* ================================================================== profile settings (paywall §5) */

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

/* ================================================================== video, search */

/** Playlist query parameter: letters, digits and hyphens only (paywall §2, §5). */
export const PLAYLIST_PARAM_PATTERN = /^[A-Za-z0-9-]+$/;

export function isValidPlaylistParam(value: string): boolean {
  return PLAYLIST_PARAM_PATTERN.test(value);
}

/** True when a playlist gets an ad slot after its second tile (paywall §2, §9). */
export function playlistHasAdSlot(playlistName: string): boolean {
  return (PLAYLIST_AD_SLOT_PLAYLISTS as readonly string[]).includes(playlistName);
}

/** Auto-suggest runs only when the (trimmed) term is over 2 characters (site §5, §9). */
export function shouldAutoSuggest(term: string): boolean {
  return term.trim().length > AUTO_SUGGEST.minTermLengthExclusive;
}

/* ================================================================== cart and products */

/** Product type derived from a SKU (paywall §5). Same values as the API's product type. */
export type SkuProductType = (typeof SKU_SUFFIX_TYPES)[keyof typeof SKU_SUFFIX_TYPES] | 'ship';

function skuCodeType(code: string): SkuProductType | null {
  return Object.hasOwn(SKU_SUFFIX_TYPES, code) ? SKU_SUFFIX_TYPES[code as keyof typeof SKU_SUFFIX_TYPES] : null;
}

/**
 * Product type by SKU suffix (paywall §5): KND ebook, BUN bundle, PDF/HTM/ZIP/PPT/XLS/EPB digital,
 * any other ship. The suffix is the SKU's last three characters (case-insensitive), e.g.
 * '10245-PDF' or 'R0701FPDF'. SKUs of the form '{id}-{format}-{language}' ('R0701F-PDF-ENG') end
 * in a language, so when the last three characters are not a known code the hyphen-separated
 * segment before the last is tried.
 */
export function productTypeFromSku(sku: string): SkuProductType {
  const upper = sku.trim().toUpperCase();
  const byEnd = skuCodeType(upper.slice(-3));
  if (byEnd) return byEnd;
  const parts = upper.split('-');
  if (parts.length >= 3) {
    const byFormat = skuCodeType(parts[parts.length - 2] ?? '');
    if (byFormat) return byFormat;
  }
  return 'ship';
}

/** Products whose quantity is capped at 1: digital files and ebooks (paywall §5 product types). */
export function isDigitalProductType(type: string): boolean {
  return type === 'digital' || type === 'ebook';
}

/** A digital product cannot be increased once its quantity is above 0 (site §5). */
export function canIncreaseQuantity(item: { digital: boolean; quantity: number }): boolean {
  return !(item.digital && item.quantity > 0);
}

/** Clamps a requested quantity: a whole number, not negative, at most 1 for digital products (site §5). */
export function clampQuantity(quantity: number, digital: boolean): number {
  const q = Number.isFinite(quantity) ? Math.max(0, Math.floor(quantity)) : 0;
  return digital ? Math.min(q, 1) : q;
}

/** Add to cart sends only items with quantity above 0 (site §5). */
export function itemsToAddToCart<T extends { quantity: number }>(items: readonly T[]): T[] {
  return items.filter((item) => item.quantity > 0);
}

/** True for 'Magazine Article' and 'Digital Article' (case-insensitive) (site §5). */
export function isArticleContentType(contentType: string | null | undefined): boolean {
  const t = (contentType ?? '').trim().toLowerCase();
  return ARTICLE_CONTENT_TYPES.some((a) => a.toLowerCase() === t);
}

/** Price block and add-to-cart show only when listPrice > 0 and the type is not an article (site §5). */
export function showPriceBlock(item: { listPrice: number | null | undefined; contentType: string | null | undefined }): boolean {
  return (item.listPrice ?? 0) > 0 && !isArticleContentType(item.contentType);
}

/** Buy Copies shows only for magazine and digital articles with a product link (site §5). */
export function showBuyCopies(item: { contentType: string | null | undefined; productLink: string | null | undefined }): boolean {
  return isArticleContentType(item.contentType) && !isBlank(item.productLink);
}

/** Price with two decimals, no currency sign: 12.5 -> '12.50' (paywall §9; site §9). */
export function formatPrice(amount: number): string {
  return amount.toFixed(PRICE_DECIMALS);
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: PRICE_DECIMALS,
  maximumFractionDigits: PRICE_DECIMALS,
});

/** Cart total in USD with two decimals: 1234.5 -> '$1,234.50' (site §9). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/* ================================================================== countries */

function countryCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

/** Country flagged as EU for consent (paywall §5); see EU_CONSENT_COUNTRIES. */
export function isEuCountry(code: string | null | undefined): boolean {
  return (EU_CONSENT_COUNTRIES as readonly string[]).includes(countryCode(code));
}

/** 'domestic': US or Canada (paywall §6; site §4). */
export function isDomestic(code: string | null | undefined): boolean {
  return (DOMESTIC_COUNTRIES as readonly string[]).includes(countryCode(code));
}

/** 'domestic US': US only (paywall §6; site §4). */
export function isDomesticUs(code: string | null | undefined): boolean {
  return (DOMESTIC_US_COUNTRIES as readonly string[]).includes(countryCode(code));
}

/**
 * Registration opt-in (paywall §5). The spec says both "for US/Canada domestic users optIn
 * defaults to checked" and "opt-in default is checked for US-located users"; the first, which is
 * tied to the domestic copy, is used: checked and the 'By registering...' copy for US and Canada,
 * unchecked with the 'Sign me up...' copy otherwise.
 */
export function registrationOptIn(country: string | null | undefined): { defaultChecked: boolean; text: string } {
  return isDomestic(country)
    ? { defaultChecked: true, text: MESSAGES.registration.optInDomestic }
    : { defaultChecked: false, text: MESSAGES.registration.optInOther };
}

/* ================================================================== topics and reading lists */

function hyphenate(text: string): string {
  return text.trim().replace(/\s+/g, '-');
}

/** Topic page of an article topic link: /topic/{topic-name-lowercased-hyphenated} (site §2). */
export function topicPath(topicName: string): string {
  return `/topic/${hyphenate(topicName.toLowerCase())}`;
}

/** Library topic slug: lower-cased, '&' replaced by 'and', spaces by hyphens (site §2). */
export function topicSubjectSlug(topicName: string): string {
  return hyphenate(topicName.toLowerCase().replace(/&/g, 'and'));
}

/** Library topic link: /topic/subject/{slug} (site §2). */
export function topicSubjectPath(topicName: string): string {
  return `/topic/subject/${topicSubjectSlug(topicName)}`;
}

/** Reading-list name key: accents stripped, lower-cased, spaces hyphenated (paywall §5). */
export function normalizeReadingListName(name: string): string {
  return hyphenate(name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
}

/** Two reading-list names are the same list when their normalised keys are equal (paywall §5). */
export function sameReadingList(a: string, b: string): boolean {
  return normalizeReadingListName(a) === normalizeReadingListName(b);
}

/* ================================================================== subscribers */

export interface SubscriberTierInfo {
  roleCode: SubscriberRoleCode;
  label: string;
  /** null when the tier has no caption (Executive: none; All Access: not shown). */
  caption: string | null;
}

function isSubscriberRoleCode(code: string): code is SubscriberRoleCode {
  return Object.hasOwn(SUBSCRIBER_TIERS, code);
}

/** Tier label and caption of a role code (paywall §6), or null for an unknown code. */
export function subscriberTier(roleCode: string): SubscriberTierInfo | null {
  if (!isSubscriberRoleCode(roleCode)) return null;
  const tier = SUBSCRIBER_TIERS[roleCode];
  return { roleCode, label: tier.label, caption: tier.caption };
}

/** The user's tier is the first tier's role code (paywall §4). */
export function subscriberTierOf(tiers: readonly { roleCode: string }[] | null | undefined): SubscriberTierInfo | null {
  const first = tiers?.[0];
  return first ? subscriberTier(first.roleCode) : null;
}

/** Subscriber lookup accepts only active subscriptions with source CDS_US or CDS_UK (paywall §6). */
export function isLookupEligible(record: { subscriptionActive: boolean; source: string }): boolean {
  return record.subscriptionActive && (LOOKUP_ACCEPTED_SOURCES as readonly string[]).includes(record.source);
}

/**
 * The latest subscription, ignoring source ACCESS_CODE (paywall §6). "Latest" is taken as the
 * most recent mostRecentPurchaseDate; undated subscriptions come last. Null when none remain.
 */
export function pickLatestSubscription<
  T extends { subscriptionSourceCode: string; mostRecentPurchaseDate?: string | null },
>(subscriptions: readonly T[]): T | null {
  let best: T | null = null;
  let bestTime = -Infinity;
  for (const s of subscriptions) {
    if (s.subscriptionSourceCode === LATEST_SUBSCRIPTION_IGNORED_SOURCE) continue;
    const parsed = s.mostRecentPurchaseDate ? Date.parse(s.mostRecentPurchaseDate) : NaN;
    const time = Number.isNaN(parsed) ? -Infinity : parsed;
    if (best === null || time > bestTime) {
      best = s;
      bestTime = time;
    }
  }
  return best;
}

/* ================================================================== captcha */

/** Captcha action name for a screen and variant (paywall §9); see CAPTCHA_ACTIONS. */
export function captchaAction(screen: CaptchaScreen, variant: CaptchaVariant): string {
  return CAPTCHA_ACTIONS[screen][variant];
}

/* ================================================================== issue codes (site §2) */

/**
 * Issue code of the archive (site §2).
 * - 2000 and later: 'BR' + two-digit year + two-digit issue number: (2025, 1) -> 'BR2501'.
 * - Before 2000: a 4-digit code. The one example, 1999 January-February = '3991', is read as
 *   '3' + two-digit year ('99') + one-digit issue number ('1'); so (1999, 1) -> '3991' and, for
 *   example, (1985, 4) -> '3854'. Issue numbers 1 to 9 fit the 4 digits.
 * Issues run from 1956; a year before 1956, after 2099, or an issue number that does not fit
 * throws a RangeError.
 */
export function issueCode(year: number, issueNumber: number): string {
  if (!Number.isInteger(year) || year < 1956 || year > 2099) throw new RangeError(`No issue code for year ${year}`);
  const yy = String(year % 100).padStart(2, '0');
  if (year >= 2000) {
    if (!Number.isInteger(issueNumber) || issueNumber < 1 || issueNumber > 99) {
      throw new RangeError(`No issue code for issue ${issueNumber} of ${year}`);
    }
    return `BR${yy}${String(issueNumber).padStart(2, '0')}`;
  }
  if (!Number.isInteger(issueNumber) || issueNumber < 1 || issueNumber > 9) {
    throw new RangeError(`No issue code for issue ${issueNumber} of ${year}`);
  }
  return `3${yy}${issueNumber}`;
}

/* ================================================================== dates and durations */

function toDate(input: string | number | Date): Date | null {
  const d = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'MMMM DD, YYYY' with a zero-padded day, e.g. 'March 05, 2024' (site §9; paywall §2 long month
 * format). Dates are read in UTC, so '2024-03-05' is March 05 in every time zone. An invalid date
 * gives ''.
 */
export function formatLongDate(input: string | number | Date): string {
  const d = toDate(input);
  if (!d) return '';
  const month = MONTH_NAMES[d.getUTCMonth()] ?? '';
  return `${month} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()}`;
}

/** Month and year, e.g. 'March 2024' (paywall §2 visual-library entries). UTC; invalid gives ''. */
export function formatMonthYear(input: string | number | Date): string {
  const d = toDate(input);
  if (!d) return '';
  return `${MONTH_NAMES[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()}`;
}

/** The cached user's RFC-style date (paywall §9), e.g. 'Tue, 05 Mar 2024 00:00:00 GMT'. Invalid gives ''. */
export function formatHttpDate(input: string | number | Date): string {
  const d = toDate(input);
  return d ? d.toUTCString() : '';
}

/**
 * Video duration as h:mm:ss (paywall §2), from a number of seconds (fractions dropped):
 * 65 -> '0:01:05', 3725 -> '1:02:05'. Negative or non-finite counts as 0.
 */
export function formatVideoDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/* ================================================================== layout rules */

/** Visual library: a collection card goes after every third entry; index is 0-based (paywall §2). */
export function collectionCardAfter(index: number): boolean {
  return (index + 1) % VISUAL_LIBRARY_COLLECTION_EVERY === 0;
}

export type PaginationItem = number | 'ellipsis';

/**
 * Pagination items (paywall §9; site §9): page numbers with ellipses, at most 7 items. The first
 * and last pages are always shown, and the current page with its neighbours.
 * e.g. (1, 20) -> 1 2 3 4 5 … 20; (10, 20) -> 1 … 9 10 11 … 20; (20, 20) -> 1 … 16 17 18 19 20.
 */
export function paginationItems(current: number, totalPages: number, maxItems: number = PAGINATION_MAX_ITEMS): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= maxItems) return range(1, total);
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  // With both ellipses: first, …, window, …, last.
  const window = maxItems - 4;
  const edge = maxItems - 2; // pages shown beside one ellipsis
  if (page <= edge - 1) return [...range(1, edge), 'ellipsis', total];
  if (page >= total - edge + 2) return [1, 'ellipsis', ...range(total - edge + 1, total)];
  const start = page - Math.floor((window - 1) / 2);
  return [1, 'ellipsis', ...range(start, start + window - 1), 'ellipsis', total];
}

/** First page number of a stream: 1 for search, webinars, visual-library, analytics and ascend, else 0 (site §9). */
export function streamFirstPage(stream: string): 0 | 1 {
  return (STREAMS_COUNTING_FROM_ONE as readonly string[]).includes(stream) ? 1 : 0;
}

/**
 * Header logo size for a scroll position (site §4): big below 100 px (mobile 90), small above
 * 250 px (mobile 200); in between the current size is kept.
 */
export function headerLogoSize(scrollY: number, mobile: boolean, current: 'big' | 'small'): 'big' | 'small' {
  const t = mobile ? HEADER_LOGO_THRESHOLDS.mobile : HEADER_LOGO_THRESHOLDS.desktop;
  if (scrollY < t.bigBelowPx) return 'big';
  if (scrollY > t.smallAbovePx) return 'small';
  return current;
}

/** Persistent subscription banner (site §4): after the article start, never for active subscribers or on ascend pages. */
export function shouldShowPersistentBanner(state: {
  activeSubscriber: boolean;
  ascendPage: boolean;
  scrolledPastArticleStart: boolean;
}): boolean {
  return !state.activeSubscriber && !state.ascendPage && state.scrolledPastArticleStart;
}

/* ================================================================== server errors -> messages (section 8) */

/** Failed sign-in answer (paywall §3, §7; site §3). */
export interface SignInFailure {
  tries_left?: number | null;
  lockout_duration?: number | null;
  code?: string | number | null;
  user_restricted?: boolean | null;
}

/**
 * Sign-in error message (paywall §8; site §8). The spec lists the cases without an order; the
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

/** Forgot-password result message by HTTP status (paywall §8; site §8). */
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
 * Registration error handling (paywall §8):
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

/** Folder update errors show the first error text or the response message (site §8); generic as a last resort. */
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

/** Registration payload (paywall §3, §5). The email message follows the context (modal or paywall). */
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

/** Sign-in form (paywall §3, §5): email required with no spaces, password required, captcha token. */
export const signInFormSchema = z.object({
  email: ruleSchema(validateSignInEmail, { trim: true }),
  password: ruleSchema(validateSignInPassword),
  reCaptchaToken: z.string(),
});
export type SignInFormValues = z.infer<typeof signInFormSchema>;

/** POST /authenticate form (paywall §7): username, password, reCaptchaToken, deviceType. */
export const signInPayloadSchema = z.object({
  username: ruleSchema(validateSignInEmail, { trim: true }),
  password: ruleSchema(validateSignInPassword),
  reCaptchaToken: z.string(),
  deviceType: z.literal(DEVICE_TYPE),
});
export type SignInPayload = z.infer<typeof signInPayloadSchema>;

/** Forgot-password (paywall §5, §7, §8; site §5): valid email, captcha required, device type. */
export const forgotPasswordFormSchema = z.object({
  emailAddress: ruleSchema((v) => validateEmail(v, 'modal'), { trim: true }),
  reCaptchaToken: ruleSchema((v) => (isBlank(v) ? MESSAGES.captcha.required : null)),
  deviceType: z.literal(DEVICE_TYPE),
});
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

/** Profile settings (paywall §3, §5): each optional, blank or one of the lists. */
export const profileSettingsFormSchema = z.object({
  industry: z.optional(z.enum(['', ...INDUSTRIES], { error: MESSAGES.shared.selectValid })),
  jobTitle: z.optional(z.enum(['', ...JOB_TITLES], { error: MESSAGES.shared.selectValid })),
  companySize: z.optional(z.enum(['', ...COMPANY_SIZES], { error: MESSAGES.shared.selectValid })),
});
export type ProfileSettingsFormValues = z.infer<typeof profileSettingsFormSchema>;

/** Change password (site §5), with errors on currentPassword, newPassword and confirmPassword. */
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

/** New or renamed folder (site §3, §5): name rules with uniqueness; description optional. */
export function makeFolderFormSchema(existingNames: readonly string[] = [], currentName?: string) {
  return z.object({
    name: ruleSchema((v) => validateFolderName(v, existingNames, currentName)),
    description: z.optional(z.string()),
  });
}
export type FolderFormValues = z.infer<ReturnType<typeof makeFolderFormSchema>>;

/** Share by email (site §3, §5). FROM is required only when logged out. */
export function makeShareEmailFormSchema(loggedIn: boolean) {
  return z.object({
    to: ruleSchema(validateShareRecipients),
    from: loggedIn ? z.optional(z.string()) : ruleSchema((v) => validateEmail(v, 'shared'), { trim: true }),
    message: z.optional(z.string()),
  });
}
export type ShareEmailFormValues = z.infer<ReturnType<typeof makeShareEmailFormSchema>>;

/** The random id of the registration call (paywall §7): a whole number from 100 to 999999. */
export function registrationId(random: () => number = Math.random): number {
  const { min, max } = REGISTRATION_RANDOM_ID_RANGE;
  return min + Math.floor(random() * (max - min + 1));
}
