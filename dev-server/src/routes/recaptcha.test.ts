/**
 * The real captcha end to end on the server (PAY-07, PAY-08, PAY-09): the account routes with the
 * reCAPTCHA verifier, asking a local HTTP stand-in of the provider's verify endpoint
 * (CAPTCHA_VERIFY_URL). Each token the stand-in knows answers as the provider would; the attacks
 * (a token minted for another form, a bot's low score, a forged token, the provider down) each get a
 * request that performs them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, MESSAGES } from 'shared-contracts/server';
import { settingsFromEnv } from '../config';
import { RecaptchaVerifier } from '../integrations/recaptcha';
import { SIGN_IN_MAX_TRIES } from '../server-rules';
import { DEMO_PRINT_SUBSCRIBER, DEMO_READER } from '../seed/demo-users';
import { startServer } from '../server';
import { post, registrationBody, STRONG_PASSWORD, uniqueEmail, WRONG_PASSWORD } from '../test/accounts';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

const SECRET = 'server-secret';
const SITE_KEY = 'site-key-123';
const SCRIPT_URL = 'https://captcha.example.test/recaptcha/api.js';

/** What the stand-in answers for a token: `{action}:{score}`, 'forged' (not the provider's), 'down' (500). */
function answerFor(token: string): { status: number; body: unknown } {
  if (token === 'down') return { status: 500, body: {} };
  if (token === 'forged') return { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } };
  const [action, score] = token.split(':');
  return { status: 200, body: { success: true, action, score: Number(score), hostname: 'localhost' } };
}

let provider: http.Server;
let verifyUrl: string;
const asked: Array<{ secret: string | null; response: string | null; type: string | undefined }> = [];
let t: TestApp;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      asked.push({ secret: form.get('secret'), response: form.get('response'), type: req.headers['content-type'] });
      const answer = answerFor(form.get('response') ?? '');
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  const captcha = new RecaptchaVerifier(SECRET, { verifyUrl, browser: { siteKey: SITE_KEY, scriptUrl: SCRIPT_URL } });
  t = await createTestApp({ rateLimits: UNLIMITED }, { captcha });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
});

const signIn = (token: string | undefined, email: string = DEMO_READER.email, password: string = DEMO_READER.password) =>
  post(t.app, '/authenticate', { username: email, password, deviceType: 'WEB_SITE', ...(token === undefined ? {} : { reCaptchaToken: token }) });
const refused = { message: MESSAGES.captcha.required, errors: [{ field: 'reCaptchaToken', errorMessage: MESSAGES.captcha.required }] };

describe('GET /api/recaptcha/enabled in reCAPTCHA mode', () => {
  it('gives the browser the site key and the script to load', async () => {
    expect((await request(t.app).get('/api/recaptcha/enabled').expect(200)).body).toEqual({
      enabled: true,
      provider: 'recaptcha',
      siteKey: SITE_KEY,
      scriptUrl: SCRIPT_URL,
    });
  });
});

describe('sign-in with the real captcha', () => {
  it("passes a token the provider vouches for, for this form's action, asking with the secret", async () => {
    await signIn('sign_in_modal:0.9').expect(200);
    expect(asked).toEqual([{ secret: SECRET, response: 'sign_in_modal:0.9', type: 'application/x-www-form-urlencoded' }]);
    await signIn('sign_in_paywall:0.5').expect(200);
  });

  it('refuses a token minted for another form (replayed from registration), before any password is checked', async () => {
    const email = uniqueEmail('replay');
    await post(t.app, '/api/user/register', registrationBody({ emailAddress: email, reCaptchaToken: 'register_modal:0.9' })).expect(201);
    expect((await signIn('register_modal:0.9', email, WRONG_PASSWORD).expect(400)).body).toEqual(refused);
    // No try was spent on it.
    expect((await signIn('sign_in_modal:0.9', email, WRONG_PASSWORD).expect(401)).body).toMatchObject({ tries_left: SIGN_IN_MAX_TRIES - 1 });
  });

  it("refuses a bot's low score, a forged token and no token", async () => {
    expect((await signIn('sign_in_modal:0.1').expect(400)).body).toEqual(refused);
    expect((await signIn('forged').expect(400)).body).toEqual(refused);
    expect((await signIn(undefined).expect(400)).body).toEqual(refused);
    expect(asked.map((a) => a.response)).toEqual(['sign_in_modal:0.1', 'forged']);
  });

  it('fails closed with 503 when the provider cannot be asked', async () => {
    expect((await signIn('down').expect(503)).body).toMatchObject({ message: MESSAGES.captcha.unavailable });
  });
});

describe('registration, forgot-password and subscriber registration with the real captcha', () => {
  it('registration needs a register token', async () => {
    await post(t.app, '/api/user/register', registrationBody({ reCaptchaToken: 'sign_in_modal:0.9' })).expect(400);
    await post(t.app, '/api/user/register', registrationBody({ reCaptchaToken: 'register_paywall:0.9' })).expect(201);
  });

  it('forgot-password needs a forgot_pass token', async () => {
    const forgot = (reCaptchaToken: string) =>
      post(t.app, '/api/user/forgotpassword', { emailAddress: DEMO_READER.email, deviceType: 'WEB_SITE', reCaptchaToken });
    expect((await forgot('register_modal:0.9').expect(400)).body).toEqual(refused);
    expect((await forgot('forgot_pass_modal:0.9').expect(200)).body).toEqual({ message: MESSAGES.forgotPassword.success });
  });

  it("the subscriber page's registration (register_sync_sub) passes; without a token it is refused before the record is looked at", async () => {
    const body = { emailAddress: DEMO_PRINT_SUBSCRIBER.email, accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber, password: STRONG_PASSWORD };
    expect((await post(t.app, '/api/user/subscribe', body).expect(400)).body).toEqual(refused);
    expect((await post(t.app, '/api/user/subscribe', { ...body, accountNumber: '1', reCaptchaToken: 'forged' }).expect(400)).body).toEqual(refused);
    await post(t.app, '/api/user/subscribe', { ...body, reCaptchaToken: 'register_sync_sub:0.8', deviceType: 'WEB_SITE' }).expect(201);
  });
});

describe('the settings of the real captcha (config.ts)', () => {
  it('come from the environment: the site key and script for the browser, the verify URL, and the CSP allows the script only then', async () => {
    const env = { CAPTCHA_SECRET: SECRET, CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SCRIPT_URL: SCRIPT_URL, CAPTCHA_VERIFY_URL: verifyUrl, SHELL_DIST: '' };
    const server = await startServer({ ...settingsFromEnv(env, '/repo'), logLevel: 'silent', port: 0, host: '127.0.0.1', databaseFile: ':memory:' });
    try {
      const res = await request(server.app).get('/api/recaptcha/enabled').expect(200);
      expect(res.body).toMatchObject({ provider: 'recaptcha', siteKey: SITE_KEY, scriptUrl: SCRIPT_URL });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/captcha\.example\.test/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/captcha\.example\.test/);
      // The token is checked at the configured endpoint.
      await request(server.app)
        .post('/api/user/forgotpassword')
        .set(CSRF_HEADER, CSRF_VALUE)
        .send({ emailAddress: DEMO_READER.email, reCaptchaToken: 'forgot_pass_modal:0.9' })
        .expect(200);
      expect(asked.map((a) => a.response)).toEqual(['forgot_pass_modal:0.9']);
    } finally {
      await server.close();
    }
    const local = await startServer({
      ...settingsFromEnv({ SHELL_DIST: '' }, '/repo'),
      logLevel: 'silent',
      port: 0,
      host: '127.0.0.1',
      databaseFile: ':memory:',
    });
    try {
      const csp = String((await request(local.app).get('/api/recaptcha/enabled').expect(200)).headers['content-security-policy']);
      expect(csp).not.toContain('captcha.example.test');
      expect(csp).not.toContain('google');
    } finally {
      await local.close();
    }
  }, 30_000); // two servers, each seeding its database

  it('refuse a secret without a site key, settings without a secret, and unsafe URLs or scores', () => {
    expect(() => settingsFromEnv({ CAPTCHA_SECRET: 's' }, '/repo')).toThrow(/CAPTCHA_SITE_KEY must be set with CAPTCHA_SECRET/);
    expect(() => settingsFromEnv({ CAPTCHA_SITE_KEY: 'k' }, '/repo')).toThrow('CAPTCHA_SITE_KEY need CAPTCHA_SECRET (without it the local captcha is used)');
    const withKey = { CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' };
    expect(() => settingsFromEnv({ ...withKey, CAPTCHA_SCRIPT_URL: 'http://evil.example/api.js' }, '/repo')).toThrow(/CAPTCHA_SCRIPT_URL must be an https URL/);
    expect(() => settingsFromEnv({ ...withKey, CAPTCHA_VERIFY_URL: 'not a url' }, '/repo')).toThrow(/CAPTCHA_VERIFY_URL must be an absolute URL/);
    expect(() => settingsFromEnv({ ...withKey, CAPTCHA_SITE_KEY: 'k"><script>' }, '/repo')).toThrow(/CAPTCHA_SITE_KEY/);
    expect(() => settingsFromEnv({ ...withKey, CAPTCHA_MIN_SCORE: '2' }, '/repo')).toThrow(/CAPTCHA_MIN_SCORE must be a number from 0 to 1/);
    expect(settingsFromEnv(withKey, '/repo').captchaSettings).toEqual({
      siteKey: 'k',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
    });
  });
});
