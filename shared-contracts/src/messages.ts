/**
 * Every user-facing message of the specs' validation rules (section 5) and error catalogues
 * (section 8), plus the parameterised texts of section 2/4, character for character as
 * docs/product-strings.md holds them (messages.test.ts checks it). Straight apostrophes only.
 *
 * Texts the spec does not word are marked "NOT IN SPEC" and kept to a minimum.
 */
export const MESSAGES = {
  /** Required field (PAY-05; SITE-05). */
  required: 'This field is required.',

  email: {
    /** Invalid email in the modal registration and forgot-password (PAY-05, PAY-08 Registration 400). */
    invalid: 'Email address is not valid.',
    /** Paywall registration variant (PAY-05). */
    invalidPaywall: 'This email address is not valid.',
    /** Shared pattern message, also the looser site-wide form (PAY-05; SITE-05). */
    invalidShared: 'Please enter a valid email address.',
  },

  password: {
    /** Registration password hint and message (PAY-05). */
    registrationHint: 'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.',
    // PAY-05's validated-password rule ('Passwords must meet the following criteria: ... at least 8
    // characters long') is not applied: its minimum contradicts the registration's 10 (docs/requirements.md PAY-05.7).
    /**
     * NOT IN SPEC: SITE-05 gives the site-shell password pattern but no message for it; this
     * wording describes the pattern.
     */
    sitePattern: 'Passwords must be at least 8 characters long, using letters, numbers and !@#$%^&*, with at least one number and one special character.',
  },

  changePassword: {
    /** SITE-05 */
    currentRequired: 'Current Password is required',
    /** SITE-05 */
    newRequired: 'New Password is required',
    /** SITE-05 */
    mismatch: 'New Password and Confirm Password do not match',
    /** SITE-08 */
    currentInvalid: 'Current Password is invalid',
    /** SITE-08 */
    success: 'Password successfully changed.',
  },

  folder: {
    /** Folder/list name pattern (PAY-05). */
    invalidName: 'Folder title must be 30 characters or less and consisting of English letters, numbers or spaces.',
    /** Duplicate folder name (PAY-05; SITE-08). */
    duplicate: 'A folder with this title already exists.',
    /** Save to folder, other errors (SITE-08). */
    saveError: 'There was an error while processing your request, please try again later.',
    /** Follows saveError after 5 s (SITE-08). */
    saveFailed: 'Save operation failed!',
  },

  /** Library success messages (SITE-08). Counted ones: see itemsRemovedFromLibrary / itemsAddedToFolders. */
  library: {
    saved: 'Saved!',
    foldersUpdated: 'Folders Updated',
    removed: 'Removed from My Library',
  },

  /** Shared patterns and messages (PAY-05). Parameterised ones are functions below. */
  shared: {
    positiveWholeNumber: 'Please enter a valid number.',
    firstName: 'Please enter a valid first name.',
    lastName: 'Please enter a valid last name.',
    lessThan30Characters: 'This field must be less than 30 characters.',
    selectValid: 'Please select a valid value',
    invalidValue: 'Please enter a valid value into this field.',
  },

  signIn: {
    /** Otherwise case; the password field is focused (PAY-08). */
    invalidCombination: 'You have entered an invalid email and password combination. Please try again.',
    /** user_restricted (PAY-08; SITE-08); also the 403 message elsewhere. */
    restricted: "We're having trouble verifying your account. Please contact our Customer Service team for assistance.",
    /** Prompt for account-only features (SITE-02). */
    prompt: 'To access this feature, please SIGN IN or REGISTER',
  },

  registration: {
    /** 409 (and 422 in the modal) on the email field (PAY-08). */
    usernameUnavailable: 'That username is unavailable. Sign in or choose another email address.',
    /** Added by the paywall variant of the 409 message (PAY-08). */
    usernameUnavailablePaywallSuffix: 'Forgot your password? Reset it here.',
    /** Opt-in copy for US/Canada domestic users (PAY-05; "..." is as in the spec). */
    optInDomestic: 'By registering, you agree to receive occasional emails...',
    /** Opt-in copy for other users, with a privacy policy link (PAY-05; "..." is as in the spec). */
    optInOther: 'Sign me up for ... email. You may unsubscribe at any time.',
  },

  forgotPassword: {
    /** 200 / always on success (PAY-08; SITE-08). */
    success: 'If your email is registered with us, you will receive an email with a link to reset your password.',
    /** 423 in the paywall/modal (PAY-08). */
    locked:
      'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
    /** 423 in the site shell (SITE-08). */
    lockedShort: 'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again.',
  },

  /** Generic failure (SITE-08): unsubscribe and forgot-password failures, unknown errors. */
  generic: 'We are sorry. We are unable to process your request at this time.',

  cart: {
    /** Add-to-cart failure apology; the product ids are listed with cartApology() (SITE-08). */
    apology: 'Our apologies, something went wrong. There seems to be an issue with the product you requested. Please call Customer Service...',
    /** Add-to-cart success (SITE-02, SITE-04). */
    added: 'Added to cart',
    /** Processing modal (SITE-02). */
    processing: 'Processing...',
  },

  /** Maintenance notice (SITE-08); its Continue Shopping button closes the dialog. */
  maintenance: "Site is in maintenance mode. We're migrating to our new store! Ordering and order history will be unavailable between 7:30am and 10am EST.",

  subscriberLookup: {
    /** 404 when no active subscription (PAY-08). */
    noActiveSubscriptions: 'No Active Subscriptions Found',
  },

  captcha: {
    /** Missing captcha on forgot-password (PAY-08; SITE-05). */
    required: 'reCAPTCHA is required.',
    /** NOT IN SPEC: PAY-08 says an unavailable captcha raises an error but gives no wording. */
    unavailable: 'reCAPTCHA is unavailable.',
  },
} as const;

/** Fixed interface copy named in the specs' screen sections (PAY-02; SITE-02, SITE-04). */
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

/** A count fit to show: whole and not negative (anything else shows as 0). */
export function wholeCount(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
}

/** `one` for exactly 1, else `many`. */
export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** Visual-library feed header count (PAY-02: '{total} item(s)'): 'item' for 1, 'items' otherwise. */
export function itemCountText(total: number): string {
  const k = wholeCount(total);
  return `${k} ${plural(k, 'item', 'items')}`;
}
