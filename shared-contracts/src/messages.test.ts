import { readFileSync } from 'node:fs';
import path from 'node:path';

import { MESSAGES, UI_TEXT, itemCountText } from './messages';
import { cartApology } from './commerce';
import { accountCreatedMessage, lockoutMessage, registrationErrorOutcome, signInErrorMessage, signInTriesLeft } from './server-errors';
import { maxLengthMessage } from './validators';
import { connectWithNetwork, folderAlreadyExists, itemsAddedToFolders, itemsRemovedFromLibrary, shareOnNetwork, sharedVia } from './library';
import { countdownText, replayText } from './video';

// The product's fixed texts, word for word as the specification words them (docs/product-strings.md).
const PRODUCT_STRINGS = readFileSync(path.resolve(__dirname, '../../docs/product-strings.md'), 'utf8');
const productStrings = new Set([...PRODUCT_STRINGS.matchAll(/^- `(.*)`$/gm)].map((m) => m[1]));

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

describe('MESSAGES: exact spec strings', () => {
  it.each([
    [MESSAGES.required, 'This field is required.'],
    [MESSAGES.email.invalid, 'Email address is not valid.'],
    [MESSAGES.email.invalidPaywall, 'This email address is not valid.'],
    [MESSAGES.email.invalidShared, 'Please enter a valid email address.'],
    [MESSAGES.password.registrationHint, 'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.'],
    [MESSAGES.changePassword.currentRequired, 'Current Password is required'],
    [MESSAGES.changePassword.newRequired, 'New Password is required'],
    [MESSAGES.changePassword.mismatch, 'New Password and Confirm Password do not match'],
    [MESSAGES.changePassword.currentInvalid, 'Current Password is invalid'],
    [MESSAGES.changePassword.success, 'Password successfully changed.'],
    [MESSAGES.folder.invalidName, 'Folder title must be 30 characters or less and consisting of English letters, numbers or spaces.'],
    [MESSAGES.folder.duplicate, 'A folder with this title already exists.'],
    [MESSAGES.folder.saveError, 'There was an error while processing your request, please try again later.'],
    [MESSAGES.folder.saveFailed, 'Save operation failed!'],
    [MESSAGES.library.saved, 'Saved!'],
    [MESSAGES.library.foldersUpdated, 'Folders Updated'],
    [MESSAGES.library.removed, 'Removed from My Library'],
    [MESSAGES.shared.positiveWholeNumber, 'Please enter a valid number.'],
    [MESSAGES.shared.firstName, 'Please enter a valid first name.'],
    [MESSAGES.shared.lastName, 'Please enter a valid last name.'],
    [MESSAGES.shared.lessThan30Characters, 'This field must be less than 30 characters.'],
    [MESSAGES.shared.selectValid, 'Please select a valid value'],
    [MESSAGES.shared.invalidValue, 'Please enter a valid value into this field.'],
    [MESSAGES.signIn.invalidCombination, 'You have entered an invalid email and password combination. Please try again.'],
    [MESSAGES.signIn.restricted, "We're having trouble verifying your account. Please contact our Customer Service team for assistance."],
    [MESSAGES.signIn.prompt, 'To access this feature, please SIGN IN or REGISTER'],
    [MESSAGES.registration.usernameUnavailable, 'That username is unavailable. Sign in or choose another email address.'],
    [MESSAGES.registration.usernameUnavailablePaywallSuffix, 'Forgot your password? Reset it here.'],
    [MESSAGES.registration.optInDomestic, 'By registering, you agree to receive occasional emails...'],
    [MESSAGES.registration.optInOther, 'Sign me up for ... email. You may unsubscribe at any time.'],
    [MESSAGES.forgotPassword.success, 'If your email is registered with us, you will receive an email with a link to reset your password.'],
    [
      MESSAGES.forgotPassword.locked,
      'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
    ],
    [MESSAGES.forgotPassword.lockedShort, 'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again.'],
    [MESSAGES.generic, 'We are sorry. We are unable to process your request at this time.'],
    [MESSAGES.cart.apology, 'Our apologies, something went wrong. There seems to be an issue with the product you requested. Please call Customer Service...'],
    [MESSAGES.cart.added, 'Added to cart'],
    [MESSAGES.cart.processing, 'Processing...'],
    [
      MESSAGES.maintenance,
      "Site is in maintenance mode. We're migrating to our new store! Ordering and order history will be unavailable between 7:30am and 10am EST.",
    ],
    [MESSAGES.subscriberLookup.noActiveSubscriptions, 'No Active Subscriptions Found'],
    [MESSAGES.captcha.required, 'reCAPTCHA is required.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('uses only straight apostrophes and plain ASCII, like the product strings', () => {
    for (const text of [...leaves(MESSAGES), ...leaves(UI_TEXT)]) {
      expect(text).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  // Not verbatim in the spec: the two "NOT IN SPEC" texts, and the last-name message, which the
  // spec abbreviates as "'Please enter a valid first name.' / 'last name'".
  const notInSpec = new Set<string>([MESSAGES.password.sitePattern, MESSAGES.captcha.unavailable, MESSAGES.shared.lastName]);
  it('every fixed message and UI text is one of the product strings, word for word', () => {
    const missing = [...leaves(MESSAGES), ...leaves(UI_TEXT)].filter((t) => !notInSpec.has(t) && !productStrings.has(t));
    expect(missing).toEqual([]);
  });

  it('UI copy from the screens sections', () => {
    expect(UI_TEXT.noAccount).toBe("Don't have an account? Create one.");
    expect(UI_TEXT.readingListTitle).toBe('THIS ARTICLE APPEARS IN');
    expect(UI_TEXT.onToRecipient).toBe('On to recipient');
    expect(UI_TEXT.allDataAndVisuals).toBe('All Data & Visuals');
  });
});

describe('signInTriesLeft', () => {
  it("says 'try' for exactly 1", () => {
    expect(signInTriesLeft(1)).toBe('You have entered an invalid email and password combination. Please try again. You have 1 try left.');
  });
  it.each([0, 2, 5])("says 'tries' for %i", (n) => {
    expect(signInTriesLeft(n)).toBe(`You have entered an invalid email and password combination. Please try again. You have ${n} tries left.`);
  });
});

describe('the unlock time in the lockout message', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [45, '45 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [119, '1 minute'],
    [120, '2 minutes'],
    [3599, '59 minutes'],
    [3600, '1 hour'],
    [7199, '1 hour'],
    [7200, '2 hours'],
    [86400, '24 hours'],
    [-5, '0 seconds'],
    [Number.NaN, '0 seconds'],
  ])('%p s -> %s', (seconds, expected) => {
    expect(lockoutMessage(seconds)).toContain(`please wait ${expected} to unlock`);
  });
});

describe('lockout messages', () => {
  it('modal/paywall text with the time', () => {
    expect(lockoutMessage(7200)).toBe(
      'Your account is blocked, please wait 2 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
    );
  });
  it("code 401 adds 'or reset your password.'", () => {
    expect(lockoutMessage(90, { code401: true })).toBe(
      'Your account is blocked, please wait 1 minute to unlock and try again. For immediate assistance, please contact Customer Service or reset your password.',
    );
  });
  it('site shell text is the first sentence only', () => {
    expect(signInErrorMessage({ lockout_duration: 30 }, 'site')).toBe('Your account is blocked, please wait 30 seconds to unlock and try again.');
  });
});

describe('registration messages', () => {
  it('409 modal and paywall variants', () => {
    expect(registrationErrorOutcome(409, null)).toMatchObject({
      message: 'That username is unavailable. Sign in or choose another email address.',
    });
    expect(registrationErrorOutcome(409, null, 'paywall')).toMatchObject({
      message: 'That username is unavailable. Sign in or choose another email address. Forgot your password? Reset it here.',
    });
  });
  it('confirmation banner', () => {
    expect(accountCreatedMessage('ann@example.com')).toBe('Your account has been created, ann@example.com');
  });
});

describe('library and share messages', () => {
  it("'Folder' plus the name plus 'already exists'", () => {
    expect(folderAlreadyExists('Reading')).toBe('Folder Reading already exists');
  });
  it('removed / added counts with singular and plural', () => {
    expect(itemsRemovedFromLibrary(1)).toBe('1 item removed from My Library');
    expect(itemsRemovedFromLibrary(3)).toBe('3 items removed from My Library');
    expect(itemsAddedToFolders(1)).toBe('1 item added to folders');
    expect(itemsAddedToFolders(0)).toBe('0 items added to folders');
  });
  it('Shared via the network', () => {
    expect(sharedVia('email')).toBe('Shared via email');
    expect(sharedVia('twitter')).toBe('Shared via X');
    expect(sharedVia('linkedin')).toBe('Shared via LinkedIn');
  });
  it('connect / share button text', () => {
    expect(connectWithNetwork('facebook')).toBe('Connect with Facebook');
    expect(shareOnNetwork('facebook')).toBe('Share on Facebook');
  });
});

describe('video and visual library texts', () => {
  it('countdown: second for 1, seconds otherwise', () => {
    expect(countdownText(10)).toBe('will start playing in 10 seconds');
    expect(countdownText(1)).toBe('will start playing in 1 second');
    expect(countdownText(0)).toBe('will start playing in 0 seconds');
  });
  it('replay link', () => {
    expect(replayText('How to Lead')).toBe('Replay How to Lead');
  });
  it('feed count', () => {
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(42)).toBe('42 items');
  });
});

describe('length message', () => {
  it('keeps the spec wording, without a full stop', () => {
    expect(maxLengthMessage(30)).toBe('This field must be less than 30 characters');
  });
});

describe('cartApology', () => {
  it('lists one product id', () => {
    expect(cartApology(['R1801H'])).toBe(`${MESSAGES.cart.apology} Product ID: R1801H`);
  });
  it('lists several product ids', () => {
    expect(cartApology(['A1', 'B2'])).toBe(`${MESSAGES.cart.apology} Product IDs: A1, B2`);
  });
  it('is the bare apology with no ids', () => {
    expect(cartApology([])).toBe(MESSAGES.cart.apology);
  });
});
