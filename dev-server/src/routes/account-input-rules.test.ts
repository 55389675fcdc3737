/**
 * Rules on what account forms accept: a changed password follows the registration password rule,
 * and no person name (registration, profile display name, checkout address and card names) holds a
 * hidden or control character.
 */
import { ApiErrorBodySchema, MESSAGES, NAME_HIDDEN_CHARACTERS_MESSAGE, UserSchema } from 'shared-contracts/server';
import { get, post, registerFresh, registrationBody } from '../test/accounts';
import { sampleAddress } from '../test/commerce';
import { createTestApp, signIn, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());

/** One name per class of hidden character, each hidden inside otherwise ordinary letters. */
const HIDDEN: [string, string][] = [
  ['NUL', 'Eve\u0000lyn'],
  ['a newline', 'Eve\nlyn'],
  ['right-to-left override U+202E', 'Eve\u202Elyn'],
  ['left-to-right embedding U+202A', 'Eve\u202Alyn'],
  ['first strong isolate U+2068', 'Eve\u2068lyn'],
  ['pop directional isolate U+2069', 'Eve\u2069lyn'],
  ['left-to-right mark U+200E', 'Eve\u200Elyn'],
  ['right-to-left mark U+200F', 'Eve\u200Flyn'],
  ['zero-width space U+200B', 'Eve\u200Blyn'],
  ['zero-width joiner U+200D', 'Eve\u200Dlyn'],
  ['word joiner U+2060', 'Eve\u2060lyn'],
  ['zero-width no-break space U+FEFF', 'Eve\uFEFFlyn'],
  ['a lone high surrogate', 'Eve\uD800lyn'],
  ['a lone low surrogate', 'Eve\uDC00lyn'],
];

/* ------------------------------------------------------------------ change password */

describe('POST /service/user/password follows the registration password rule', () => {
  const change = (sid: string, current: string, password: string) => post(t.app, '/service/user/password', { current, password }, sid);

  it.each(['password1!', 'abcdefg1*', 'Abcdef1!'])('refuses %j with the registration message and keeps the old password', async (weak) => {
    const account = await registerFresh(t);
    const res = await change(account.sid, account.password, weak).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'password', errorMessage: MESSAGES.password.registrationHint }]);
    expect(MESSAGES.password.registrationHint).toBe(
      'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.',
    );
    await signIn(t.app, account.email, account.password).expect(200);
    await signIn(t.app, account.email, weak).expect(401);
  });

  it('accepts a password that registration would accept', async () => {
    const account = await registerFresh(t);
    await change(account.sid, account.password, 'Renewed#Pass2026').expect(200);
    await signIn(t.app, account.email, 'Renewed#Pass2026').expect(200);
  });
});

/* ------------------------------------------------------------------ names */

describe('registration refuses names with hidden characters', () => {
  it.each(HIDDEN)('first name with %s: 400 on firstName, no account', async (_what, name) => {
    const body = registrationBody({ firstName: name });
    const res = await post(t.app, '/api/user/register', body).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'firstName', errorMessage: MESSAGES.shared.firstName }]);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', body.emailAddress).execute()).toEqual([]);
  });

  it.each(HIDDEN.slice(0, 3))('last name with %s: 400 on lastName (both paths)', async (_what, name) => {
    for (const path of ['/api/user/register', '/service/user/register']) {
      const body = registrationBody({ lastName: name });
      const res = await post(t.app, path, body).expect(400);
      expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'lastName', errorMessage: MESSAGES.shared.lastName }]);
      expect(await t.db.selectFrom('users').select('id').where('email', '=', body.emailAddress).execute()).toEqual([]);
    }
  });

  it('accepts names of any script with apostrophes, hyphens and accents', async () => {
    const account = await registerFresh(t, { firstName: 'Zoë', lastName: "O'Brien-Łukasiewicz" });
    expect(account.user).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Łukasiewicz" });
  });
});

describe('the profile display name (the sender line of share mail) refuses hidden characters', () => {
  const update = (sid: string, body: object) => post(t.app, '/service/user/profile', body, sid);

  it.each(HIDDEN)('display name with %s: 400 on displayName, name unchanged', async (_what, name) => {
    const account = await registerFresh(t);
    const res = await update(account.sid, { displayName: `Support ${name}` }).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([{ field: 'displayName', errorMessage: NAME_HIDDEN_CHARACTERS_MESSAGE }]);
    const profile = UserSchema.parse((await get(t.app, '/service/user/profile', account.sid).expect(200)).body);
    expect(profile.displayName).toBe(account.user.displayName);
  });

  it('accepts an ordinary display name', async () => {
    const account = await registerFresh(t);
    const res = await update(account.sid, { displayName: 'Zoë 李' }).expect(200);
    expect(UserSchema.parse(res.body).displayName).toBe('Zoë 李');
  });
});

describe('checkout names refuse hidden characters', () => {
  const address = (overrides: Record<string, string> = {}) => sampleAddress(overrides);

  it.each([
    ['firstName', MESSAGES.shared.firstName],
    ['lastName', MESSAGES.shared.lastName],
  ])('an address %s with a right-to-left override: 400 on the field, nothing saved', async (field, message) => {
    const account = await registerFresh(t);
    const before = (await get(t.app, '/api/shopping-cart', account.sid).expect(200)).body as unknown;
    const res = await post(
      t.app,
      '/api/commerce/address',
      { shippingAddress: address({ [field]: 'Ada\u202Eecilop' }), billingAddress: null, billingSameAsShipping: true },
      account.sid,
    ).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toContainEqual({ field: `shippingAddress.${field}`, errorMessage: message });
    expect((await get(t.app, '/api/shopping-cart', account.sid).expect(200)).body).toEqual(before);
  });

  it('a name on card with a zero-width space: 400 on card.nameOnCard', async () => {
    const account = await registerFresh(t);
    const res = await post(
      t.app,
      '/api/commerce/shipping-payment',
      {
        shippingAddress: address(),
        billingAddress: null,
        billingSameAsShipping: true,
        shippingMethod: 'STANDARD',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', nameOnCard: 'Ada\u200B Lovelace' },
      },
      account.sid,
    ).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors).toContainEqual({ field: 'card.nameOnCard', errorMessage: NAME_HIDDEN_CHARACTERS_MESSAGE });
  });
});
