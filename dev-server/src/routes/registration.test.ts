/** POST /api/user/register and /service/user/register (PAY-03, PAY-04, PAY-05, PAY-07, PAY-08). */
import { ApiErrorBodySchema, MESSAGES, REGISTRATION_HEADER, RegistrationResultSchema, SubscriberLookupSchema, UserSchema } from 'shared-contracts/server';
import { DEMO_LAPSED_SUBSCRIBER, DEMO_PRINT_SUBSCRIBER, DEMO_READER, DEMO_RESTRICTED } from '../seed/demo-users';
import { get, post, registrationBody, STRONG_PASSWORD, uniqueEmail } from '../test/accounts';
import { createTestApp, setCookies, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());

describe.each(['/api/user/register', '/service/user/register'])('POST %s', (path) => {
  it('creates the account, signs it in with a session cookie and flags the answer with the header', async () => {
    const body = registrationBody({ emailAddress: `  ${uniqueEmail('Mixed.Case').toUpperCase()} ` });
    const res = await post(t.app, path, body).expect(201);
    expect(res.headers[REGISTRATION_HEADER.toLowerCase()]).toBe('true');
    expect(res.headers['cache-control']).toBe('no-store');

    const result = RegistrationResultSchema.parse(res.body);
    if (result.outcome !== 'created') throw new Error('expected a created account');
    expect(result.user).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Okafor',
      displayName: 'Nadia Okafor',
      emailAddress: body.emailAddress.trim().toLowerCase(),
      status: 'registered',
      state: 'registered',
      tiers: [],
      tier: null,
      optIn: true,
      subscriber: null,
      hmmEligible: false,
      industry: null,
      quota: { limit: 4, count: 0, remaining: 4 },
    });

    const cookie = setCookies(res).find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    const me = UserSchema.parse((await get(t.app, '/service/user/profile', sidFrom(res)).expect(200)).body);
    expect(me.id).toBe(result.user.id);
    // The new account has its read-only 'My Library' folder, empty.
    const folders = (await get(t.app, '/service/user/lists', sidFrom(res)).expect(200)).body as unknown;
    expect(folders).toEqual([expect.objectContaining({ name: 'My Library', slug: 'my-library', readOnly: true, itemCount: 0 })]);

    // The password works at sign-in too.
    await signIn(t.app, body.emailAddress, STRONG_PASSWORD).expect(200);
  });

  it('names each missing field with the required message', async () => {
    const res = await post(t.app, path, { reCaptchaToken: 'x' }).expect(400);
    const body = ApiErrorBodySchema.parse(res.body);
    expect(body.message).toBe(MESSAGES.required);
    expect(body.errors).toEqual(['firstName', 'lastName', 'emailAddress', 'password'].map((field) => ({ field, errorMessage: 'This field is required.' })));
    expect(sidFrom(res)).toBeUndefined();
  });

  it('names each invalid field with the spec message', async () => {
    const res = await post(t.app, path, registrationBody({ firstName: '  ', lastName: '4ever', emailAddress: 'not-an-email', password: 'password' })).expect(
      400,
    );
    expect(ApiErrorBodySchema.parse(res.body).errors).toEqual([
      { field: 'firstName', errorMessage: 'This field is required.' },
      { field: 'lastName', errorMessage: 'Please enter a valid last name.' },
      { field: 'emailAddress', errorMessage: 'Email address is not valid.' },
      {
        field: 'password',
        errorMessage: 'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.',
      },
    ]);
  });

  it('answers only the email error when only the email is wrong', async () => {
    const res = await post(t.app, path, registrationBody({ emailAddress: 'a@b' })).expect(400);
    expect(res.body).toEqual({
      message: 'Email address is not valid.',
      errors: [{ field: 'emailAddress', errorMessage: 'Email address is not valid.' }],
    });
  });

  it('requires the captcha and creates nothing without it', async () => {
    const body = registrationBody({ reCaptchaToken: '' });
    const res = await post(t.app, path, body).expect(400);
    expect(res.body).toEqual({
      message: 'reCAPTCHA is required.',
      errors: [{ field: 'reCaptchaToken', errorMessage: 'reCAPTCHA is required.' }],
    });
    await signIn(t.app, body.emailAddress, STRONG_PASSWORD).expect(401);
  });

  it('answers 409 on the email field for a taken email, in any case', async () => {
    for (const emailAddress of [DEMO_READER.email, DEMO_READER.email.toUpperCase()]) {
      const res = await post(t.app, path, registrationBody({ emailAddress })).expect(409);
      expect(res.body).toEqual({
        message: 'That username is unavailable. Sign in or choose another email address.',
        errors: [{ field: 'emailAddress', errorMessage: MESSAGES.registration.usernameUnavailable }],
      });
      expect(sidFrom(res)).toBeUndefined();
    }
    // The existing account is untouched.
    await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200);
  });

  it("answers 403 with the customer-service message for a restricted account's email", async () => {
    const res = await post(t.app, path, registrationBody({ emailAddress: DEMO_RESTRICTED.email })).expect(403);
    expect(res.body).toEqual({ message: MESSAGES.signIn.restricted });
  });

  it('sends a subscriber without a web account to the subscriber registration, creating nothing', async () => {
    const res = await post(t.app, path, registrationBody({ emailAddress: DEMO_PRINT_SUBSCRIBER.email })).expect(200);
    const encoded = Buffer.from(DEMO_PRINT_SUBSCRIBER.email).toString('base64');
    expect(res.body).toEqual({
      outcome: 'subscriber',
      location: `/subscriber-registration?emailAddress=${encodeURIComponent(encoded)}`,
    });
    expect(res.headers[REGISTRATION_HEADER.toLowerCase()]).toBeUndefined();
    expect(sidFrom(res)).toBeUndefined();
    const lookup = await post(t.app, '/api/user/subscriber/search', {
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
    }).expect(200);
    expect(SubscriberLookupSchema.parse(lookup.body)).toMatchObject({ new: true, userAccountExists: false });
  });

  it('registers an email whose only subscription has lapsed as a plain reader', async () => {
    const res = await post(t.app, path, registrationBody({ emailAddress: DEMO_LAPSED_SUBSCRIBER.email })).expect(201);
    expect(RegistrationResultSchema.parse(res.body)).toMatchObject({ outcome: 'created', user: { status: 'registered' } });
    await t.db.deleteFrom('users').where('email', '=', DEMO_LAPSED_SUBSCRIBER.email).execute();
  });
});

it('ends the session the browser had when it registers a new account', async () => {
  const reader = sidFrom(await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200));
  const res = await post(t.app, '/api/user/register', registrationBody(), reader).expect(201);
  expect(sidFrom(res)).not.toBe(reader);
  await get(t.app, '/service/user/profile', reader).expect(401);
});

it('gives two parallel registrations of one email one account and one 409', async () => {
  const emailAddress = uniqueEmail('twice');
  const answers = await Promise.all([1, 2].map(() => post(t.app, '/api/user/register', registrationBody({ emailAddress }))));
  expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
});

it('limits registrations per client address', async () => {
  const limited = await createTestApp({ rateLimits: { registration: { windowMs: 60_000, limit: 2 } } });
  try {
    await post(limited.app, '/api/user/register', registrationBody()).expect(201);
    await post(limited.app, '/service/user/register', registrationBody()).expect(201);
    const res = await post(limited.app, '/api/user/register', registrationBody()).expect(429);
    expect(ApiErrorBodySchema.parse(res.body).message).toMatch(/Too many attempts/);
  } finally {
    await limited.close();
  }
});
