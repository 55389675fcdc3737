/**
 * EU consent at registration (PAY-05: "A list of European countries is flagged as EU for
 * consent"): a reader in the EU is opted in to email only by their own tick. The subscriber
 * registration may leave optIn out (the record of the print subscription then fills it in); for
 * an EU reader it does not.
 */
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, UserSchema } from 'shared-contracts/server';
import { DEV_COUNTRY_COOKIE } from '../deps';
import { DEMO_PRINT_SUBSCRIBER } from '../seed/demo-users';
import { EU_CONSENT_COUNTRIES, consentedOptIn, isEuCountry } from '../services/consent';
import { STRONG_PASSWORD } from '../test/accounts';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  // The print subscription's record says the subscriber opted in (to the fulfilment system).
  await t.db.updateTable('subscriber_records').set({ opt_in: 1 }).where('account_number', '=', DEMO_PRINT_SUBSCRIBER.accountNumber).execute();
});
afterEach(() => t.close());

function subscribeFrom(country: string, extra: Record<string, unknown> = {}) {
  return request(t.app)
    .post('/api/user/subscribe')
    .set(CSRF_HEADER, CSRF_VALUE)
    .set('Cookie', `${DEV_COUNTRY_COOKIE}=${country}`)
    .send({
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
      password: STRONG_PASSWORD,
      reCaptchaToken: 'token',
      ...extra,
    });
}

describe('EU consent', () => {
  it('an EU reader who did not tick the opt-in is not opted in, whatever the print record says', async () => {
    const res = await subscribeFrom('DE').expect(201);
    expect(UserSchema.parse(res.body).optIn).toBe(false);
  });

  it("an EU reader's own tick opts them in", async () => {
    const res = await subscribeFrom('FR', { optIn: true }).expect(201);
    expect(UserSchema.parse(res.body).optIn).toBe(true);
  });

  it('outside the EU the print record fills in a missing opt-in, as before', async () => {
    const res = await subscribeFrom('US').expect(201);
    expect(UserSchema.parse(res.body).optIn).toBe(true);
  });

  it('flags the 27 member states, and nothing else', () => {
    expect(EU_CONSENT_COUNTRIES).toHaveLength(27);
    expect(['de', 'FR', ' ie ', 'GR'].every(isEuCountry)).toBe(true);
    expect(['GB', 'CH', 'NO', 'US', 'CA', 'EL', '', null, undefined].some(isEuCountry)).toBe(false);
    expect(consentedOptIn(undefined, 'IT', true)).toBe(false);
    expect(consentedOptIn(true, 'IT', false)).toBe(true);
    expect(consentedOptIn(undefined, 'GB', true)).toBe(true);
  });
});
