/** The name-character check: one refinement for every person name the site accepts. */
import * as z from 'zod/mini';
import { AddressSchema, CardSchema } from './commerce';
import { ProfileUpdateRequestSchema, RegistrationRequestSchema, SubscriberSearchRequestSchema } from './requests';
import { validateFirstName, validateLastName } from './validators';
import { MESSAGES } from './messages';
import { hasHiddenCharacters, NAME_HIDDEN_CHARACTERS_MESSAGE, personNameText, validateNameCharacters, withoutHiddenCharacters } from './names';

const HIDDEN = {
  NUL: '\u0000',
  tab: '\t',
  'line feed': '\n',
  DEL: '\u007F',
  'C1 control U+0085': '\u0085',
  'LRE U+202A': '\u202A',
  'RLE U+202B': '\u202B',
  'PDF U+202C': '\u202C',
  'LRO U+202D': '\u202D',
  'RLO U+202E': '\u202E',
  'LRI U+2066': '\u2066',
  'RLI U+2067': '\u2067',
  'FSI U+2068': '\u2068',
  'PDI U+2069': '\u2069',
  'LRM U+200E': '\u200E',
  'RLM U+200F': '\u200F',
  'ALM U+061C': '\u061C',
  'ZWSP U+200B': '\u200B',
  'ZWNJ U+200C': '\u200C',
  'ZWJ U+200D': '\u200D',
  'word joiner U+2060': '\u2060',
  'BOM U+FEFF': '\uFEFF',
  'soft hyphen U+00AD': '\u00AD',
  'line separator U+2028': '\u2028',
  'paragraph separator U+2029': '\u2029',
  'lone high surrogate': '\uD83D',
  'lone low surrogate': '\uDE00',
} as const;

describe('hasHiddenCharacters', () => {
  it.each(Object.entries(HIDDEN))('finds %s anywhere in a name', (_what, ch) => {
    for (const name of [`${ch}Eve`, `Ev${ch}e`, `Eve${ch}`]) expect(hasHiddenCharacters(name)).toBe(true);
  });

  it.each(['Eve', 'Zoë', "O'Brien-Łukasiewicz", '李小龙', 'محمد', 'Nguyễn Văn A', 'Ada 😀', 'J. R. R.', ''])('lets %j through', (name) =>
    expect(hasHiddenCharacters(name)).toBe(false),
  );

  it('keeps no state between calls (no global flag)', () => {
    expect(hasHiddenCharacters('a\u202Eb')).toBe(true);
    expect(hasHiddenCharacters('a\u202Eb')).toBe(true);
  });
});

describe('the refinement and its rule', () => {
  it('withoutHiddenCharacters refuses with the given message, or the default one', () => {
    const custom = z.string().check(withoutHiddenCharacters('Custom.'));
    expect(custom.safeParse('a\u200Bb').error?.issues[0]?.message).toBe('Custom.');
    expect(personNameText().safeParse('a\u200Bb').error?.issues[0]?.message).toBe(NAME_HIDDEN_CHARACTERS_MESSAGE);
    expect(personNameText().safeParse('Ada').success).toBe(true);
    expect(NAME_HIDDEN_CHARACTERS_MESSAGE).toBe('Enter a name without hidden or control characters.');
  });

  it('validateNameCharacters gives the message or null', () => {
    expect(validateNameCharacters('Ada\u202E')).toBe(NAME_HIDDEN_CHARACTERS_MESSAGE);
    expect(validateNameCharacters('Ada\u202E', 'Other.')).toBe('Other.');
    expect(validateNameCharacters('Ada')).toBeNull();
  });

  it('the first and last name validators use the spec messages for hidden characters', () => {
    expect(validateFirstName('Eve\u202Elyn')).toBe(MESSAGES.shared.firstName);
    expect(validateLastName('Eve\u200Blyn')).toBe(MESSAGES.shared.lastName);
    expect(validateFirstName('Evelyn')).toBeNull();
  });
});

describe('every schema that takes a person name uses it', () => {
  const messageAt = (r: { error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }, path: string) =>
    r.error?.issues.find((i) => i.path.map(String).join('.') === path)?.message;

  it('registration first and last name', () => {
    const body = { firstName: 'Eve\u202Elyn', lastName: 'Doe\u0000', emailAddress: 'e@example.com', password: 'x' };
    const r = RegistrationRequestSchema.safeParse(body);
    expect(messageAt(r, 'firstName')).toBe(MESSAGES.shared.firstName);
    expect(messageAt(r, 'lastName')).toBe(MESSAGES.shared.lastName);
    expect(RegistrationRequestSchema.safeParse({ ...body, firstName: 'Eve', lastName: 'Doe' }).success).toBe(true);
  });

  it('profile display name', () => {
    expect(messageAt(ProfileUpdateRequestSchema.safeParse({ displayName: 'Eve\u2066' }), 'displayName')).toBe(NAME_HIDDEN_CHARACTERS_MESSAGE);
    expect(ProfileUpdateRequestSchema.safeParse({ displayName: 'Eve' }).success).toBe(true);
  });

  it('checkout address names and the name on card', () => {
    const address = { firstName: 'A\u200Eda', lastName: 'L\uD800', address1: '1', address2: '', city: 'c', state: 'NY', postalCode: '1', countryCode: 'US' };
    const r = AddressSchema.safeParse(address);
    expect(messageAt(r, 'firstName')).toBe(MESSAGES.shared.firstName);
    expect(messageAt(r, 'lastName')).toBe(MESSAGES.shared.lastName);
    const card = { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123', nameOnCard: 'Ada\u2060' };
    expect(messageAt(CardSchema.safeParse(card), 'nameOnCard')).toBe(NAME_HIDDEN_CHARACTERS_MESSAGE);
  });
});

describe('subscriber search request', () => {
  it('requires the account number with the email', () => {
    expect(SubscriberSearchRequestSchema.safeParse({ emailAddress: 'e@example.com' }).success).toBe(false);
    expect(SubscriberSearchRequestSchema.safeParse({ emailAddress: 'e@example.com', accountNumber: '800000201' }).success).toBe(true);
  });
});
