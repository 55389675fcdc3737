/** GET /api/recaptcha/enabled, GET /api/geolocation, and the development outbox. */
import request from 'supertest';
import { CaptchaStatusSchema, GeolocationSchema, MESSAGES } from 'shared-contracts/server';
import { createLocalGeolocator } from '../deps';
import { RecaptchaVerifier } from '../integrations/recaptcha';
import { DEMO_READER } from '../seed/demo-users';
import { post } from '../test/accounts';
import { createTestApp, signIn, type TestApp } from '../test/harness';

describe('GET /api/recaptcha/enabled', () => {
  it('says the captcha is on, with the local verifier by default', async () => {
    const t = await createTestApp();
    try {
      const res = await request(t.app).get('/api/recaptcha/enabled').expect(200);
      expect(CaptchaStatusSchema.parse(res.body)).toEqual({ enabled: true, provider: 'local' });
    } finally {
      await t.close();
    }
  });

  it('names reCAPTCHA when that verifier is configured, and a Google outage fails closed with 503', async () => {
    const failing: typeof fetch = async () => {
      throw new Error('network down');
    };
    const t = await createTestApp({}, { captcha: new RecaptchaVerifier('secret', { fetchImpl: failing }) });
    try {
      expect((await request(t.app).get('/api/recaptcha/enabled').expect(200)).body).toEqual({ enabled: true, provider: 'recaptcha' });
      const res = await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(503);
      expect(res.body).toEqual({ message: MESSAGES.captcha.unavailable });
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/geolocation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const country = async (cookie?: string) => {
    const req = request(t.app).get('/api/geolocation');
    const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
    return GeolocationSchema.parse(res.body).country;
  };

  it('answers the configured default without a dev_country cookie', async () => {
    expect(await country()).toBe('US');
  });

  it('answers the dev_country cookie, upper-cased, when it holds two letters', async () => {
    expect(await country('dev_country=gb')).toBe('GB');
    expect(await country('other=1; dev_country=CA')).toBe('CA');
  });

  it.each(['GBR', 'G1', '', '%3Cscript%3E'])('ignores an invalid dev_country %j', async (value) => {
    expect(await country(`dev_country=${value}`)).toBe('US');
  });

  it('uses another default when configured (GEO_COUNTRY)', async () => {
    const de = await createTestApp({}, { geolocation: createLocalGeolocator('DE') });
    try {
      expect((await request(de.app).get('/api/geolocation').expect(200)).body).toEqual({ country: 'DE' });
    } finally {
      await de.close();
    }
  });
});

describe('GET /dev/outbox', () => {
  it('is not served unless DEV_OUTBOX turns it on', async () => {
    const t = await createTestApp({}, { outboxMailer: true });
    try {
      await post(t.app, '/api/user/forgotpassword', { emailAddress: DEMO_READER.email, reCaptchaToken: 't' }).expect(200);
      const res = await request(t.app).get(`/dev/outbox?to=${DEMO_READER.email}`).expect(404);
      expect(JSON.stringify(res.body)).not.toContain('reset-password');
    } finally {
      await t.close();
    }
  });

  it('answers the newest mails for an address, newest first, as {to, subject, body, createdAt, kind, status}', async () => {
    const t = await createTestApp({ exposeOutbox: true }, { outboxMailer: true });
    try {
      await post(t.app, '/api/user/forgotpassword', { emailAddress: DEMO_READER.email, reCaptchaToken: 't' }).expect(200);
      t.clock.advance(1000);
      await post(t.app, '/api/user/forgotpassword', { emailAddress: DEMO_READER.email, reCaptchaToken: 't' }).expect(200);
      const res = await request(t.app)
        .get(`/dev/outbox?to=${encodeURIComponent(DEMO_READER.email.toUpperCase())}`)
        .expect(200);
      const mails = res.body as Array<Record<string, string>>;
      expect(mails).toHaveLength(2);
      expect(Object.keys(mails[0] ?? {}).sort()).toEqual(['body', 'createdAt', 'kind', 'status', 'subject', 'to']);
      expect(mails[0]).toMatchObject({
        to: DEMO_READER.email,
        subject: 'Reset your password',
        createdAt: '2025-07-01T12:00:01.000Z',
        kind: 'password-reset',
        status: 'pending',
      });
      expect(mails[1]?.createdAt).toBe('2025-07-01T12:00:00.000Z');
      // The status follows the queue (the worker marks a delivered mail 'sent').
      await t.db.updateTable('outbox').set({ status: 'sent' }).where('created_at', '=', '2025-07-01T12:00:00.000Z').execute();
      const after = (
        await request(t.app)
          .get(`/dev/outbox?to=${encodeURIComponent(DEMO_READER.email)}`)
          .expect(200)
      ).body as Array<Record<string, string>>;
      expect(after.map((m) => m.status)).toEqual(['pending', 'sent']);

      // The newest link is the one that works.
      const token = /token=([\w-]+)/.exec(mails[0]?.body ?? '')?.[1];
      await post(t.app, '/service/user/reset-password', { token, password: 'Outbox#Pass2026' }).expect(200);
      expect((await request(t.app).get('/dev/outbox?to=nobody@example.org').expect(200)).body).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
