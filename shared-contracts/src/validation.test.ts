import { MESSAGES } from './messages';
import {
  formatLongDate,
  formatMonthYear,
  headerLogoSize,
  isDomestic,
  paginationItems,
  registrationOptIn,
  sameReadingList,
  shouldAutoSuggest,
  shouldShowPersistentBanner,
  showBuyCopies,
  showPriceBlock,
  subscriberTierOf,
  topicPath,
  topicSubjectPath,
  topicSubjectSlug,
} from './validation';
import { canIncreaseQuantity, formatUsd, itemsToAddToCart, productTypeFromSku } from './commerce';
import { issueCode } from './discovery';
import { folderNameKey, truncateWithEllipsis, validateFolderName } from './library';
import { formatVideoDuration, isValidPlaylistParam, playlistHasAdSlot } from './video';
import { collectionCardAfter, truncateNearWord } from './visual';
import { captchaAction } from './captcha-actions';
import { forgotPasswordFormSchema } from './form-schemas';
import { forgotPasswordMessage, registrationErrorOutcome, signInErrorMessage } from './server-errors';
import {
  isValidEmail,
  parseEmailList,
  shouldValidateOn,
  validateChangedPassword,
  validateChangePassword,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateRegistrationPassword,
  validateRequired,
  validateShareEmail,
  validateSignInEmail,
  validateSignInPassword,
} from './validators';

const REQUIRED = 'This field is required.';

function firstMessage(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) {
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('validateRequired', () => {
  it.each(['', '   ', '\t\n', null, undefined])('%p is required', (v) => {
    expect(validateRequired(v)).toBe(REQUIRED);
  });
  it('a non-blank value passes', () => {
    expect(validateRequired(' a ')).toBeNull();
  });
});

describe('email', () => {
  it.each([
    'user@example.com',
    'first.last+tag@sub.example.co.uk',
    '"john doe"@example.com',
    '"weird@local"@example.org',
    'user@[192.168.0.1]',
    '  padded@example.com  ',
  ])('site-wide pattern accepts %p', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    'plain',
    'user@',
    '@example.com',
    'user@example',
    'user@example.c',
    'us er@example.com',
    'user..dots@example.com',
    '.user@example.com',
    'user@[192.168.0]',
    'user@exa mple.com',
    'a@b@c.com',
  ])('site-wide pattern rejects %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('message per variant, and required first', () => {
    expect(validateEmail('bad')).toBe('Email address is not valid.');
    expect(validateEmail('bad', 'paywall')).toBe('This email address is not valid.');
    expect(validateEmail('bad', 'shared')).toBe('Please enter a valid email address.');
    expect(validateEmail('  ', 'paywall')).toBe(REQUIRED);
  });

  it('sign-in email: required plus no spaces, required message on any failure', () => {
    expect(validateSignInEmail('anything-without-spaces')).toBeNull();
    expect(validateSignInEmail(' user@example.com ')).toBeNull();
    expect(validateSignInEmail('')).toBe(REQUIRED);
    expect(validateSignInEmail('has space@example.com')).toBe(REQUIRED);
  });
});

describe('passwords', () => {
  it('sign-in password is only required', () => {
    expect(validateSignInPassword('x')).toBeNull();
    expect(validateSignInPassword('')).toBe(REQUIRED);
  });

  describe('registration password (10+)', () => {
    const hint = MESSAGES.password.registrationHint;
    it('9 characters fail, 10 pass', () => {
      expect(validateRegistrationPassword('Abcdef1@x')).toBe(hint); // 9
      expect(validateRegistrationPassword('Abcdef1@xy')).toBeNull(); // 10
    });
    it.each([
      ['no number', 'Abcdefgh@x'],
      ['no lower case', 'ABCDEFG1@X'],
      ['no upper case', 'abcdefg1@x'],
      ['no special', 'Abcdefg12x'],
      ['special outside the set', 'Abcdefg1*x'],
      ['a space', 'Abcdef1@ xy'],
    ])('%s fails', (_, pw) => {
      expect(validateRegistrationPassword(pw)).toBe(hint);
    });
    it.each(['@', '!', '#', '$', '%', '^', '&', '+', '='])('special %s is accepted', (ch) => {
      expect(validateRegistrationPassword(`Abcdefg1${ch}x`)).toBeNull();
    });
    it('empty is required', () => {
      expect(validateRegistrationPassword('')).toBe(REQUIRED);
    });
  });

  describe('site-shell password pattern (the first check of a changed password)', () => {
    const sitePattern = MESSAGES.password.sitePattern;
    it('8 characters with a digit and a special pass, 7 fail', () => {
      expect(validateChangedPassword('abcdef1!')).not.toBe(sitePattern);
      expect(validateChangedPassword('abcde1!')).toBe(sitePattern);
    });
    it('needs a digit and a special character from !@#$%^&*', () => {
      expect(validateChangedPassword('abcdefg!')).toBe(sitePattern);
      expect(validateChangedPassword('abcdefg1')).toBe(sitePattern);
      expect(validateChangedPassword('abcdefg1*')).not.toBe(sitePattern);
      expect(validateChangedPassword('12345678*')).not.toBe(sitePattern);
    });
    it('rejects characters outside letters, digits and !@#$%^&*', () => {
      expect(validateChangedPassword('abcdef1!+')).toBe(sitePattern);
      expect(validateChangedPassword('abc def1!')).toBe(sitePattern);
    });
  });

  describe('change password', () => {
    it('all empty: current and new required', () => {
      expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
        currentPassword: 'Current Password is required',
        newPassword: 'New Password is required',
      });
    });
    it('mismatch', () => {
      expect(validateChangePassword({ currentPassword: 'old', newPassword: 'Newpass12!', confirmPassword: 'Newpass12?' })).toEqual({
        confirmPassword: 'New Password and Confirm Password do not match',
      });
    });
    it('new must pass the pattern', () => {
      expect(validateChangePassword({ currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' })).toEqual({
        newPassword: MESSAGES.password.sitePattern,
      });
    });
    it('new must then pass the registration rule', () => {
      expect(validateChangePassword({ currentPassword: 'old', newPassword: 'password1!', confirmPassword: 'password1!' })).toEqual({
        newPassword: MESSAGES.password.registrationHint,
      });
    });
    it('valid', () => {
      expect(validateChangePassword({ currentPassword: 'old', newPassword: 'Newpass12!', confirmPassword: 'Newpass12!' })).toEqual({});
    });
  });
});

describe('names', () => {
  it.each(['Ann', "O'Brien", 'Jean-Luc', 'Mary Ann', 'José', 'J.'])('%p is a valid first name', (n) => {
    expect(validateFirstName(n)).toBeNull();
  });
  it('invalid and empty names', () => {
    expect(validateFirstName('<script>')).toBe('Please enter a valid first name.');
    expect(validateLastName('Smith2')).toBe('Please enter a valid last name.');
    expect(validateLastName(' ')).toBe(REQUIRED);
  });
});

describe('folder names', () => {
  it('30 characters pass, 31 fail', () => {
    expect(validateFolderName('a'.repeat(30))).toBeNull();
    expect(validateFolderName('a'.repeat(31))).toBe(MESSAGES.folder.invalidName);
  });
  it('letters, digits and spaces only; not blank', () => {
    expect(validateFolderName('My List 2')).toBeNull();
    expect(validateFolderName('Café')).toBe(MESSAGES.folder.invalidName);
    expect(validateFolderName('a-b')).toBe(MESSAGES.folder.invalidName);
    expect(validateFolderName('   ')).toBe(REQUIRED);
    expect(validateFolderName('')).toBe(REQUIRED);
  });
  it('unique ignoring case and spaces', () => {
    const existing = ['Reading List', 'Ideas'];
    expect(folderNameKey(' Reading  List ')).toBe('readinglist');
    expect(validateFolderName('readinglist', existing)).toBe(MESSAGES.folder.duplicate);
    expect(validateFolderName('READING LIST', existing)).toBe(MESSAGES.folder.duplicate);
    expect(validateFolderName('Reading Lists', existing)).toBeNull();
    expect(validateFolderName('read ing list', existing)).toBe('A folder with this title already exists.');
    expect(validateFolderName('Other', existing)).toBeNull();
  });
  it('renaming a folder to itself (or a case change) is not a duplicate', () => {
    expect(validateFolderName('IDEAS', ['Reading List', 'Ideas'], 'Ideas')).toBeNull();
    expect(validateFolderName('Reading List', ['Reading List', 'Ideas'], 'Ideas')).toBe(MESSAGES.folder.duplicate);
  });
});

describe('share by email', () => {
  it('parses comma-separated recipients', () => {
    expect(parseEmailList(' a@x.com, b@y.org ,,')).toEqual(['a@x.com', 'b@y.org']);
  });
  it('TO is required and each address must be valid', () => {
    expect(validateShareEmail({ to: '' }, true)).toEqual({ to: REQUIRED });
    expect(validateShareEmail({ to: ' , ' }, true)).toEqual({ to: REQUIRED });
    expect(validateShareEmail({ to: 'a@x.com, b@y.org' }, true)).toEqual({});
    expect(validateShareEmail({ to: 'a@x.com, nope' }, true)).toEqual({ to: 'Please enter a valid email address.' });
  });
  it('FROM is required only when logged out', () => {
    expect(validateShareEmail({ to: 'a@x.com' }, true)).toEqual({});
    expect(validateShareEmail({ to: 'a@x.com' }, false)).toEqual({ from: REQUIRED });
    expect(validateShareEmail({ to: 'a@x.com', from: 'bad' }, false)).toEqual({ from: 'Please enter a valid email address.' });
    expect(validateShareEmail({ to: 'a@x.com', from: 'me@x.com' }, false)).toEqual({});
  });
  it('truncates with an ellipsis within the length', () => {
    expect(truncateWithEllipsis('short', 10)).toBe('short');
    expect(truncateWithEllipsis('exactly10!', 10)).toBe('exactly10!');
    expect(truncateWithEllipsis('hello wonderful world', 10)).toBe('hello w...');
    expect(truncateWithEllipsis('hello wonderful world', 10)).toHaveLength(10);
  });
  it('truncates near a word boundary', () => {
    expect(truncateNearWord('one two three four', 12)).toBe('one two...');
    expect(truncateNearWord('abcdefghijkl', 5)).toBe('abcde...');
    expect(truncateNearWord('fits', 165)).toBe('fits');
  });
});

describe('when a field is validated', () => {
  it('validates on blur, on change only once in error, and on submit', () => {
    expect(shouldValidateOn('blur', false)).toBe(true);
    expect(shouldValidateOn('change', false)).toBe(false);
    expect(shouldValidateOn('change', true)).toBe(true);
    expect(shouldValidateOn('submit', false)).toBe(true);
  });
});

describe('form schemas', () => {
  it('forgot-password needs a valid email and a captcha token', () => {
    const ok = { emailAddress: 'a@b.com', reCaptchaToken: 'tok', deviceType: 'WEB_SITE' };
    expect(forgotPasswordFormSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(forgotPasswordFormSchema.safeParse({ ...ok, reCaptchaToken: '' }), 'reCaptchaToken')).toBe('reCAPTCHA is required.');
    expect(firstMessage(forgotPasswordFormSchema.safeParse({ ...ok, emailAddress: 'x@' }), 'emailAddress')).toBe('Email address is not valid.');
  });
});

describe('video and search rules', () => {
  it('playlist parameter: letters, digits and hyphens', () => {
    expect(isValidPlaylistParam('what-to-watch-2')).toBe(true);
    expect(isValidPlaylistParam('')).toBe(false);
    expect(isValidPlaylistParam('a_b')).toBe(false);
    expect(isValidPlaylistParam('a b')).toBe(false);
    expect(isValidPlaylistParam('<x>')).toBe(false);
  });
  it('ad slot only for the named playlists', () => {
    expect(playlistHasAdSlot('The Latest')).toBe(true);
    expect(playlistHasAdSlot('Other')).toBe(false);
  });
  it('auto-suggest only when the term is over 2 characters', () => {
    expect(shouldAutoSuggest('ab')).toBe(false);
    expect(shouldAutoSuggest(' ab ')).toBe(false);
    expect(shouldAutoSuggest('abc')).toBe(true);
  });
  it('video duration h:mm:ss', () => {
    expect(formatVideoDuration(0)).toBe('0:00:00');
    expect(formatVideoDuration(65)).toBe('0:01:05');
    expect(formatVideoDuration(3599.9)).toBe('0:59:59');
    expect(formatVideoDuration(3725)).toBe('1:02:05');
  });
});

describe('cart and product rules', () => {
  it.each([
    ['10233E-KND-ENG', 'ebook'],
    ['10001-BUN', 'bundle'],
    ['R0701F-PDF-ENG', 'digital'],
    ['R0701FPDF', 'digital'],
    ['abc-htm', 'digital'],
    ['X-ZIP', 'digital'],
    ['X-PPT', 'digital'],
    ['X-XLS', 'digital'],
    ['X-EPB', 'digital'],
    ['10245-HBK-ENG', 'ship'],
    ['BOOK', 'ship'],
  ])('SKU %s is %s', (sku, type) => {
    expect(productTypeFromSku(sku)).toBe(type);
  });
  it('digital quantity cannot go above 1 or be increased once above 0', () => {
    expect(canIncreaseQuantity({ digital: true, quantity: 0 })).toBe(true);
    expect(canIncreaseQuantity({ digital: true, quantity: 1 })).toBe(false);
    expect(canIncreaseQuantity({ digital: false, quantity: 5 })).toBe(true);
  });
  it('add to cart sends only quantity above 0', () => {
    expect(
      itemsToAddToCart([
        { id: 'a', quantity: 0 },
        { id: 'b', quantity: 2 },
        { id: 'c', quantity: -1 },
      ]),
    ).toEqual([{ id: 'b', quantity: 2 }]);
  });
  it('price block: listPrice > 0 and not an article', () => {
    expect(showPriceBlock({ listPrice: 9.95, contentType: 'Book' })).toBe(true);
    expect(showPriceBlock({ listPrice: 0, contentType: 'Book' })).toBe(false);
    expect(showPriceBlock({ listPrice: 9.95, contentType: 'Magazine Article' })).toBe(false);
    expect(showPriceBlock({ listPrice: 9.95, contentType: 'digital article' })).toBe(false);
    expect(showBuyCopies({ contentType: 'Case', productLink: '/product/x/1' })).toBe(false);
  });
  it('Buy Copies: article types with a product link only', () => {
    expect(showBuyCopies({ contentType: 'Digital Article', productLink: '/product/x/1' })).toBe(true);
    expect(showBuyCopies({ contentType: 'Digital Article', productLink: '' })).toBe(false);
    expect(showBuyCopies({ contentType: 'Book', productLink: '/product/x/1' })).toBe(false);
  });
  it('prices with two decimals, USD', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});

describe('countries and opt-in', () => {
  it('domestic checks', () => {
    expect(isDomestic('US')).toBe(true);
    expect(isDomestic('ca')).toBe(true);
    expect(isDomestic('GB')).toBe(false);
    expect(isDomestic(null)).toBe(false);
  });
  it('opt-in default and text follow the domestic check', () => {
    expect(registrationOptIn('CA')).toEqual({ defaultChecked: true, text: MESSAGES.registration.optInDomestic });
    expect(registrationOptIn('DE')).toEqual({ defaultChecked: false, text: MESSAGES.registration.optInOther });
  });
});

describe('topics and reading lists', () => {
  it('topic paths and slugs', () => {
    expect(topicPath('Leading Teams')).toBe('/topic/leading-teams');
    expect(topicSubjectSlug('Food & Beverage')).toBe('food-and-beverage');
    expect(topicSubjectPath('Mergers & Acquisitions')).toBe('/topic/subject/mergers-and-acquisitions');
  });
  it('reading-list names: accents, case, hyphens', () => {
    expect(sameReadingList('Café Leadership Basics', 'cafe-leadership-basics')).toBe(true);
    expect(sameReadingList('Café  Leadership', 'cafe-leadership')).toBe(true);
    expect(sameReadingList('Strategy', 'Strategic')).toBe(false);
  });
});

describe('subscribers', () => {
  it('tier label and caption by role code', () => {
    const tierOf = (roleCode: string) => subscriberTierOf([{ roleCode }]);
    expect(tierOf('ROLE_HBRG_BETTER')).toEqual({ roleCode: 'ROLE_HBRG_BETTER', label: 'Better', caption: 'Digital + Print' });
    expect(tierOf('ROLE_HBRG_EXECUTIVE')?.caption).toBeNull();
    expect(tierOf('ROLE_HBRG_ALLACCESS')?.label).toBe('All Access');
    expect(tierOf('ROLE_UNKNOWN')).toBeNull();
    expect(tierOf('toString')).toBeNull();
  });
  it('the first tier decides', () => {
    expect(subscriberTierOf([{ roleCode: 'ROLE_HBRG_BEST' }, { roleCode: 'ROLE_HBRG_GOOD' }])?.label).toBe('Best');
    expect(subscriberTierOf([])).toBeNull();
    expect(subscriberTierOf(undefined)).toBeNull();
  });
  it('captcha action names', () => {
    expect(captchaAction('forgot_pass', 'sync_sub')).toBe('forgot_pass_sync_sub');
    expect(captchaAction('sign_in', 'modal')).toBe('sign_in_modal');
  });
});

describe('issueCode', () => {
  it('BR + 2-digit year + 2-digit issue from 2000', () => {
    expect(issueCode(2025, 1)).toBe('BR2501');
    expect(issueCode(2000, 12)).toBe('BR0012');
    expect(issueCode(2009, 7)).toBe('BR0907');
  });
  it('4-digit code before 2000: 1999 January-February is 3991', () => {
    expect(issueCode(1999, 1)).toBe('3991');
    expect(issueCode(1956, 3)).toBe('3563');
    expect(issueCode(1999, 1)).toHaveLength(4);
  });
  it('rejects codes that cannot exist', () => {
    expect(() => issueCode(1955, 1)).toThrow(RangeError);
    expect(() => issueCode(1999, 10)).toThrow(RangeError);
    expect(() => issueCode(2025, 0)).toThrow(RangeError);
  });
});

describe('dates', () => {
  it("'MMMM DD, YYYY' with a zero-padded day", () => {
    expect(formatLongDate('2024-03-05')).toBe('March 05, 2024');
    expect(formatLongDate('2024-12-31T23:30:00Z')).toBe('December 31, 2024');
    expect(formatLongDate(new Date(Date.UTC(2020, 0, 15)))).toBe('January 15, 2020');
    expect(formatLongDate('not a date')).toBe('');
  });
  it('month-year', () => {
    expect(formatMonthYear('2024-03-05')).toBe('March 2024');
  });
});

describe('layout rules', () => {
  it('collection card after every third entry', () => {
    expect([0, 1, 2, 3, 4, 5].map(collectionCardAfter)).toEqual([false, false, true, false, false, true]);
  });
  it('pagination: at most 7 items with ellipses', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationItems(5, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]);
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(paginationItems(17, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 30; p++) {
      const items = paginationItems(p, 30);
      expect(items.length).toBeLessThanOrEqual(7);
      expect(items).toContain(p);
    }
    expect(paginationItems(1, 0)).toEqual([]);
  });
  it('header logo: big below, small above, kept in between', () => {
    expect(headerLogoSize(99, false, 'small')).toBe('big');
    expect(headerLogoSize(100, false, 'small')).toBe('small');
    expect(headerLogoSize(250, false, 'big')).toBe('big');
    expect(headerLogoSize(251, false, 'big')).toBe('small');
    expect(headerLogoSize(89, true, 'small')).toBe('big');
    expect(headerLogoSize(201, true, 'big')).toBe('small');
    expect(headerLogoSize(150, true, 'big')).toBe('big');
  });
  it('persistent banner', () => {
    expect(shouldShowPersistentBanner({ activeSubscriber: false, ascendPage: false, scrolledPastArticleStart: true })).toBe(true);
    expect(shouldShowPersistentBanner({ activeSubscriber: true, ascendPage: false, scrolledPastArticleStart: true })).toBe(false);
    expect(shouldShowPersistentBanner({ activeSubscriber: false, ascendPage: true, scrolledPastArticleStart: true })).toBe(false);
    expect(shouldShowPersistentBanner({ activeSubscriber: false, ascendPage: false, scrolledPastArticleStart: false })).toBe(false);
  });
});

describe('server errors to messages', () => {
  it('sign-in failures', () => {
    expect(signInErrorMessage({ tries_left: 1 })).toMatch(/You have 1 try left\.$/);
    expect(signInErrorMessage({ tries_left: 3 })).toMatch(/You have 3 tries left\.$/);
    expect(signInErrorMessage({ lockout_duration: 3600, code: '401' })).toBe(
      'Your account is blocked, please wait 1 hour to unlock and try again. For immediate assistance, please contact Customer Service or reset your password.',
    );
    expect(signInErrorMessage({ lockout_duration: 120, code: 423 })).toBe(
      'Your account is blocked, please wait 2 minutes to unlock and try again. For immediate assistance, please contact Customer Service.',
    );
    expect(signInErrorMessage({ lockout_duration: 120 }, 'site')).toBe('Your account is blocked, please wait 2 minutes to unlock and try again.');
    expect(signInErrorMessage({ user_restricted: true, tries_left: 2 })).toBe(MESSAGES.signIn.restricted);
    expect(signInErrorMessage({})).toBe('You have entered an invalid email and password combination. Please try again.');
  });
  it('forgot-password statuses', () => {
    expect(forgotPasswordMessage(200)).toBe(MESSAGES.forgotPassword.success);
    expect(forgotPasswordMessage(403)).toBe(MESSAGES.signIn.restricted);
    expect(forgotPasswordMessage(423)).toBe(MESSAGES.forgotPassword.locked);
    expect(forgotPasswordMessage(423, 'site')).toBe(MESSAGES.forgotPassword.lockedShort);
    expect(forgotPasswordMessage(500)).toBe('We are sorry. We are unable to process your request at this time.');
  });
  describe('registration', () => {
    it('409, and 422 in the modal only', () => {
      expect(registrationErrorOutcome(409, null)).toEqual({
        kind: 'field',
        field: 'emailAddress',
        message: 'That username is unavailable. Sign in or choose another email address.',
      });
      expect(registrationErrorOutcome(422, null, 'modal')).toMatchObject({ field: 'emailAddress' });
      expect(registrationErrorOutcome(409, null, 'paywall')).toEqual({
        kind: 'field',
        field: 'emailAddress',
        message: 'That username is unavailable. Sign in or choose another email address. Forgot your password? Reset it here.',
      });
      expect(registrationErrorOutcome(422, null, 'paywall')).toEqual({ kind: 'banner', message: MESSAGES.generic });
    });
    it('403: message in the modal, redirect in the paywall', () => {
      expect(registrationErrorOutcome(403, null)).toEqual({ kind: 'field', field: 'emailAddress', message: MESSAGES.signIn.restricted });
      expect(registrationErrorOutcome(403, null, 'paywall')).toEqual({ kind: 'redirect', to: '/restricted-user' });
    });
    it('400 email and password errors', () => {
      expect(registrationErrorOutcome(400, { errors: [{ field: 'emailAddress', errorMessage: 'bad' }] })).toEqual({
        kind: 'field',
        field: 'emailAddress',
        message: 'Email address is not valid.',
      });
      expect(registrationErrorOutcome(400, { errors: [{ field: 'password', errorMessage: 'Too common' }] })).toEqual({
        kind: 'field',
        field: 'password',
        message: 'Too common',
      });
    });
    it('other errors: first error capitalised with a full stop, else the message on password', () => {
      expect(registrationErrorOutcome(500, { errors: [{ field: 'firstName', errorMessage: 'name too long' }] })).toEqual({
        kind: 'field',
        field: 'firstName',
        message: 'Name too long.',
      });
      expect(registrationErrorOutcome(500, { message: 'Server down' })).toEqual({
        kind: 'field',
        field: 'password',
        message: 'Server down',
      });
      expect(registrationErrorOutcome(500, { message: 'Server down' }, 'paywall')).toEqual({
        kind: 'banner',
        message: MESSAGES.generic,
      });
    });
    it.each([
      ['password is too weak', 'Password is too weak.'],
      ['already ends.', 'Already ends.'],
      ['  spaced out  ', 'Spaced out.'],
      ['Why?', 'Why?'],
    ])('the server error text %p is shown as %p', (input, expected) => {
      expect(registrationErrorOutcome(500, { errors: [{ field: 'firstName', errorMessage: input }] })).toEqual({
        kind: 'field',
        field: 'firstName',
        message: expected,
      });
    });
  });
});
