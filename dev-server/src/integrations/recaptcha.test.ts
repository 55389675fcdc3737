import { RecaptchaVerifier, RECAPTCHA_VERIFY_URL } from './recaptcha';
import { UnavailableError } from '../services/errors';

function fakeGoogle(answer: unknown, status = 200) {
  const calls: Array<{ url: string; body: string }> = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: String(init?.body) });
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const v3 = (answer: unknown, options: { minScore?: number } = {}) => new RecaptchaVerifier('s', { fetchImpl: fakeGoogle(answer).fetchImpl, ...options });

describe('RecaptchaVerifier', () => {
  it('posts the secret and the token to siteverify and passes a successful v3 answer for the action', async () => {
    const google = fakeGoogle({ success: true, action: 'sign_in_modal', score: 0.9 });
    const verifier = new RecaptchaVerifier('s3cret', { fetchImpl: google.fetchImpl });
    expect(verifier.provider).toBe('recaptcha');
    expect(await verifier.verify('tok en', 'sign_in')).toBe(true);
    expect(google.calls).toEqual([{ url: RECAPTCHA_VERIFY_URL, body: 'secret=s3cret&response=tok+en' }]);
  });

  it('asks the configured verify endpoint', async () => {
    const google = fakeGoogle({ success: true, action: 'forgot_pass_paywall', score: 0.7 });
    expect(await new RecaptchaVerifier('s', { fetchImpl: google.fetchImpl, verifyUrl: 'http://127.0.0.1:9/check' }).verify('t', 'forgot_pass')).toBe(true);
    expect(google.calls[0]?.url).toBe('http://127.0.0.1:9/check');
  });

  it('accepts every variant of the screen asked for (PAY-09), and no other action', async () => {
    for (const action of ['register_modal', 'register_paywall', 'register_sub', 'register_sync_sub']) {
      expect(await v3({ success: true, action, score: 0.9 }).verify('t', 'register')).toBe(true);
    }
    for (const action of ['sign_in_modal', 'register', 'register_modal_x', 'forgot_pass_sub', '']) {
      expect(await v3({ success: true, action, score: 0.9 }).verify('t', 'register')).toBe(false);
    }
  });

  it('refuses an unsuccessful answer, a low score, a v2 answer (no action or score) and a blank token without asking', async () => {
    expect(await v3({ success: false, action: 'register_modal', score: 0.9 }).verify('t', 'register')).toBe(false);
    expect(await v3({ success: true, action: 'register_modal', score: 0.49 }).verify('t', 'register')).toBe(false);
    expect(await v3({ success: true, action: 'register_modal', score: 0.2 }, { minScore: 0.1 }).verify('t', 'register')).toBe(true);
    expect(await v3({ success: true }).verify('t', 'register')).toBe(false);
    expect(await v3({ success: true, action: 'register_modal' }).verify('t', 'register')).toBe(false);
    expect(await v3(null).verify('t', 'register')).toBe(false);
    const never = fakeGoogle({ success: true });
    expect(await new RecaptchaVerifier('s', { fetchImpl: never.fetchImpl }).verify('  ', 'register')).toBe(false);
    expect(await new RecaptchaVerifier('s', { fetchImpl: never.fetchImpl }).verify('x'.repeat(4097), 'register')).toBe(false);
    expect(never.calls).toHaveLength(0);
  });

  it('throws UnavailableError when the provider cannot be asked', async () => {
    const down = new RecaptchaVerifier('s', { fetchImpl: fakeGoogle({}, 500).fetchImpl });
    await expect(down.verify('t', 'forgot_pass')).rejects.toBeInstanceOf(UnavailableError);
  });
});
