/**
 * Every user-facing message of the specs' validation rules (section 5) and error catalogues
 * (section 8), plus the parameterised texts of section 2/4, copied character for character from
 * /work/shared/spec ("site" = site-shell-and-member-features.md, "paywall" =
 * paywall-accounts-video-visual-library-cart.md). The spec files use straight apostrophes only.
 *
 * Texts the spec does not word are marked "NOT IN SPEC" and kept to a minimum.
 */
import { SHARE_PROVIDER_LABELS, type ShareProvider } from './constants';

export const MESSAGES = {
  /** Required field (paywall §5; site §5). */
  required: 'This field is required.',

  email: {
    /** Invalid email in the modal registration and forgot-password (paywall §5, §8 Registration 400). */
    invalid: 'Email address is not valid.',
    /** Paywall registration variant (paywall §5). */
    invalidPaywall: 'This email address is not valid.',
    /** Shared pattern message, also the looser site-wide form (paywall §5; site §5). */
    invalidShared: 'Please enter a valid email address.',
  },

  password: {
    /** Registration password hint and message (paywall §5). */
    registrationHint:
      'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.',
    /** The validated-password rule (paywall §5). */
    validatedCriteria:
      'Passwords must meet the following criteria: must have at least one number, one lower case letter, one upper case letter, and one special character (@ ! # $ % ^ & + =), no spaces, and be at least 8 characters long',
    /**
     * NOT IN SPEC: site §5 gives the site-shell password pattern but no message for it; this
     * wording describes the pattern.
     */
    sitePattern:
      'Passwords must be at least 8 characters long, using letters, numbers and !@#$%^&*, with at least one number and one special character.',
  },

  changePassword: {
    /** site §5 */
    currentRequired: 'Current Password is required',
    /** site §5 */
    newRequired: 'New Password is required',
    /** site §5 */
    mismatch: 'New Password and Confirm Password do not match',
    /** site §8 */
    currentInvalid: 'Current Password is invalid',
    /** site §8 */
    success: 'Password successfully changed.',
  },

  folder: {
    /** Folder/list name pattern (paywall §5). */
    invalidName:
      'Folder title must be 30 characters or less and consisting of English letters, numbers or spaces.',
    /** Duplicate folder name (paywall §5; site §8). */
    duplicate: 'A folder with this title already exists.',
    /** Save to folder, other errors (site §8). */
    saveError: 'There was an error while processing your request, please try again later.',
    /** Follows saveError after 5 s (site §8). */
    saveFailed: 'Save operation failed!',
  },

  /** Library success messages (site §8). Counted ones: see itemsRemovedFromLibrary / itemsAddedToFolders. */
  library: {
    saved: 'Saved!',
    foldersUpdated: 'Folders Updated',
    removed: 'Removed from My Library',
  },

  /** Shared patterns and messages (paywall §5). Parameterised ones are functions below. */
  shared: {
    positiveWholeNumber: 'Please enter a valid number.',
    firstName: 'Please enter a valid first name.',
    lastName: 'Please enter a valid last name.',
    lessThan30Characters: 'This field must be less than 30 characters.',
    selectValid: 'Please select a valid value',
    invalidValue: 'Please enter a valid value into this field.',
  },

  signIn: {
    /** Otherwise case; the password field is focused (paywall §8). */
    invalidCombination: 'You have entered an invalid email and password combination. Please try again.',
    /** user_restricted (paywall §8; site §8); also the 403 message elsewhere. */
    restricted:
      "We're having trouble verifying your account. Please contact our Customer Service team for assistance.",
    /** Prompt for account-only features (site §2). */
    prompt: 'To access this feature, please SIGN IN or REGISTER',
  },

  registration: {
    /** 409 (and 422 in the modal) on the email field (paywall §8). */
    usernameUnavailable: 'That username is unavailable. Sign in or choose another email address.',
    /** Added by the paywall variant of the 409 message (paywall §8). */
    usernameUnavailablePaywallSuffix: 'Forgot your password? Reset it here.',
    /** Opt-in copy for US/Canada domestic users (paywall §5; "..." is as in the spec). */
    optInDomestic: 'By registering, you agree to receive occasional emails...',
    /** Opt-in copy for other users, with a privacy policy link (paywall §5; "..." is as in the spec). */
    optInOther: 'Sign me up for ... email. You may unsubscribe at any time.',
  },

  forgotPassword: {
    /** 200 / always on success (paywall §8; site §8). */
    success: 'If your email is registered with us, you will receive an email with a link to reset your password.',
    /** 423 in the paywall/modal (paywall §8). */
    locked:
      'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
    /** 423 in the site shell (site §8). */
    lockedShort: 'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again.',
  },

  /** Generic failure (site §8): unsubscribe and forgot-password failures, unknown errors. */
  generic: 'We are sorry. We are unable to process your request at this time.',

  cart: {
    /** Add-to-cart failure apology; the product ids are listed with cartApology() (site §8). */
    apology:
      'Our apologies, something went wrong. There seems to be an issue with the product you requested. Please call Customer Service...',
    /** Add-to-cart success (site §2, §4). */
    added: 'Added to cart',
    /** Processing modal (site §2). */
    processing: 'Processing...',
  },

  /** Maintenance notice (site §8); its Continue Shopping button closes the dialog. */
  maintenance:
    "Site is in maintenance mode. We're migrating to our new store! Ordering and order history will be unavailable between 7:30am and 10am EST.",

  subscriberLookup: {
    /** 404 when no active subscription (paywall §8). */
    noActiveSubscriptions: 'No Active Subscriptions Found',
  },

  captcha: {
    /** Missing captcha on forgot-password (paywall §8; site §5). */
    required: 'reCAPTCHA is required.',
    /** NOT IN SPEC: paywall §8 says an unavailable captcha raises an error but gives no wording. */
    unavailable: 'reCAPTCHA is unavailable.',
  },
} as const;

/** Fixed interface copy named in the specs' screen sections (paywall §2; site §2, §4). */
export const UI_TEXT = {
  signIn: 'Sign In',
  forgotPassword: 'Forgot your password?',
  noAccount: "Don't have an account? Create one.",
  createOne: 'Create one.',
  signInLink: 'Sign in.',
  getHelp: 'Get Help',
  goBack: 'Go back',
  onToCheckout: 'On to checkout',
  onToRecipient: 'On to recipient',
  sendLink: 'Send link',
  onToSignIn: 'On to sign in',
  maybeLater: 'Maybe later',
  subscribeNow: 'Subscribe now',
  forMoreRead: 'For more, read',
  loadMore: 'Load more',
  downloadChart: 'Download Chart',
  allDataAndVisuals: 'All Data & Visuals',
  readingListTitle: 'THIS ARTICLE APPEARS IN',
  previous: 'Previous',
  next: 'Next',
  checkout: 'Checkout',
  continueShopping: 'Continue Shopping',
  followThis: 'Follow this',
  following: 'Following',
  stopFollowing: 'Stop following',
  findMore: 'Find More',
  featuring: 'Featuring',
  year: 'YEAR',
  month: 'MONTH',
  orderPurchased: 'Purchased',
  orderCancelled: 'Cancelled',
} as const;

/* ------------------------------------------------------------------ helpers */

function count(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/* ------------------------------------------------------------------ sign-in */

/** Sign-in failure with tries_left (paywall §8; site §8): 'try' when n is 1, 'tries' otherwise. */
export function signInTriesLeft(n: number): string {
  const k = count(n);
  return `${MESSAGES.signIn.invalidCombination} You have ${k} ${plural(k, 'try', 'tries')} left.`;
}

/**
 * Unlock time for the lockout message (paywall §8; site §8): 3600 s or more shows whole hours,
 * 60 to 3599 whole minutes, below 60 seconds. Values are rounded down within their unit, so each
 * range maps onto its own unit (3599 s is '59 minutes', never '60 minutes'). Negative or
 * non-finite input counts as 0.
 */
export function formatUnlockTime(seconds: number): string {
  const s = count(seconds);
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
 * Lockout message of the modal and paywall (paywall §8). "Code 401 adds 'or reset your
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

/** Lockout message of the site shell; the page adds a service link after it (site §8). */
export function siteLockoutMessage(seconds: number): string {
  return `Your account is blocked, please wait ${formatUnlockTime(seconds)} to unlock and try again.`;
}

/* ------------------------------------------------------------------ registration */

/** 409 registration message; the paywall variant appends the reset prompt (paywall §8). */
export function registrationConflictMessage(options: { paywall?: boolean } = {}): string {
  return options.paywall
    ? `${MESSAGES.registration.usernameUnavailable} ${MESSAGES.registration.usernameUnavailablePaywallSuffix}`
    : MESSAGES.registration.usernameUnavailable;
}

/** Registration confirmation banner (paywall §2). */
export function accountCreatedMessage(email: string): string {
  return `Your account has been created, ${email}`;
}

/**
 * A server error text as shown by the registration "other errors" rule (paywall §8): first
 * letter capitalised, ending with a full stop (added unless it already ends in . ! or ?).
 * Surrounding whitespace is trimmed; an empty text stays empty.
 */
export function formatServerErrorMessage(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const capitalised = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/* ------------------------------------------------------------------ library, folders, share */

/** 409 when saving to a folder (site §8: 'Folder' plus the folder name plus 'already exists'). */
export function folderAlreadyExists(name: string): string {
  return `Folder ${name} already exists`;
}

/** 'N item(s) removed from My Library' (site §8): 'item' for 1, 'items' otherwise. */
export function itemsRemovedFromLibrary(n: number): string {
  const k = count(n);
  return `${k} ${plural(k, 'item', 'items')} removed from My Library`;
}

/** 'N item(s) added to folders' (site §8): 'item' for 1, 'items' otherwise. */
export function itemsAddedToFolders(n: number): string {
  const k = count(n);
  return `${k} ${plural(k, 'item', 'items')} added to folders`;
}

/** 'Shared via' the network (site §8), using the network's display name (twitter shows as X). */
export function sharedVia(provider: ShareProvider): string {
  return `Shared via ${SHARE_PROVIDER_LABELS[provider]}`;
}

/** Share button before the user is connected to the network (site §4). */
export function connectWithNetwork(provider: ShareProvider): string {
  return `Connect with ${SHARE_PROVIDER_LABELS[provider]}`;
}

/** Share button once connected (site §4). */
export function shareOnNetwork(provider: ShareProvider): string {
  return `Share on ${SHARE_PROVIDER_LABELS[provider]}`;
}

/* ------------------------------------------------------------------ video and visual library */

/**
 * Video end-screen countdown (paywall §2: 'will start playing in N second(s)'). Choice: 'second'
 * when n is 1, 'seconds' otherwise (including 0).
 */
export function countdownText(n: number): string {
  const k = count(n);
  return `will start playing in ${k} ${plural(k, 'second', 'seconds')}`;
}

/** Video end-screen replay link (paywall §2). */
export function replayText(videoName: string): string {
  return `Replay ${videoName}`;
}

/** Visual-library feed header count (paywall §2: '{total} item(s)'): 'item' for 1, 'items' otherwise. */
export function itemCountText(total: number): string {
  const k = count(total);
  return `${k} ${plural(k, 'item', 'items')}`;
}

/* ------------------------------------------------------------------ length and value messages (paywall §5) */

/** 'This field must be at least {n} characters' (paywall §5; no full stop, as in the spec). */
export function minLengthMessage(n: number): string {
  return `This field must be at least ${n} characters`;
}

/** 'This field must be less than {n} characters' (paywall §5; no full stop, as in the spec). */
export function maxLengthMessage(n: number): string {
  return `This field must be less than ${n} characters`;
}

/** 'Please enter a value that is less than {max}' (paywall §5). */
export function maxValueMessage(max: number): string {
  return `Please enter a value that is less than ${max}`;
}

/** 'Please enter a value that is more than {min}' (paywall §5). */
export function minValueMessage(min: number): string {
  return `Please enter a value that is more than ${min}`;
}

/* ------------------------------------------------------------------ cart */

/**
 * Add-to-cart failure (site §8): the apology followed by the product ids it is about. The spec
 * says the apology "lists the product ids" without the layout; they follow as
 * 'Product ID: A' or 'Product IDs: A, B'. With no ids, the apology alone.
 */
export function cartApology(productIds: readonly string[]): string {
  if (productIds.length === 0) return MESSAGES.cart.apology;
  const label = productIds.length === 1 ? 'Product ID' : 'Product IDs';
  return `${MESSAGES.cart.apology} ${label}: ${productIds.join(', ')}`;
}
