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

describe('RecaptchaVerifier', () => {
  it('posts the secret and the token to siteverify and passes a successful answer', async () => {
    const google = fakeGoogle({ success: true });
    const verifier = new RecaptchaVerifier('s3cret', { fetchImpl: google.fetchImpl });
    expect(verifier.provider).toBe('recaptcha');
    expect(await verifier.verify('tok en', 'sign_in')).toBe(true);
    expect(google.calls).toEqual([{ url: RECAPTCHA_VERIFY_URL, body: 'secret=s3cret&response=tok+en' }]);
  });

  it('refuses an unsuccessful answer, a blank token without asking, a v3 action or score that does not fit', async () => {
    expect(await new RecaptchaVerifier('s', { fetchImpl: fakeGoogle({ success: false }).fetchImpl }).verify('t', 'register')).toBe(false);
    const never = fakeGoogle({ success: true });
    expect(await new RecaptchaVerifier('s', { fetchImpl: never.fetchImpl }).verify('  ', 'register')).toBe(false);
    expect(never.calls).toHaveLength(0);
    const v3 = (answer: unknown) => new RecaptchaVerifier('s', { fetchImpl: fakeGoogle(answer).fetchImpl });
    expect(await v3({ success: true, action: 'register_modal', score: 0.9 }).verify('t', 'register')).toBe(true);
    expect(await v3({ success: true, action: 'sign_in_modal', score: 0.9 }).verify('t', 'register')).toBe(false);
    expect(await v3({ success: true, action: 'register', score: 0.1 }).verify('t', 'register')).toBe(false);
  });

  it('throws UnavailableError when Google cannot be asked', async () => {
    const down = new RecaptchaVerifier('s', { fetchImpl: fakeGoogle({}, 500).fetchImpl });
    await expect(down.verify('t', 'forgot_pass')).rejects.toBeInstanceOf(UnavailableError);
  });
});
