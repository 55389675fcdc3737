/**
 * Google reCAPTCHA (v2 or v3) behind the CaptchaVerifier interface: the token is checked with
 * POST https://www.google.com/recaptcha/api/siteverify and the secret. Picked by main.ts when
 * CAPTCHA_SECRET is set. For v3 tokens the answer's action must match and the score reach minScore.
 */
import { MESSAGES } from 'shared-contracts/server';
import type { CaptchaAction, CaptchaVerifier } from '../deps';
import { UnavailableError } from '../services/errors';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  fetchImpl?: typeof fetch;
  /** Lowest v3 score accepted (0..1); default 0.5. */
  minScore?: number;
  /** Give up on Google after this long; default 5 s. */
  timeoutMs?: number;
}

interface SiteVerifyAnswer {
  success?: unknown;
  action?: unknown;
  score?: unknown;
}

export class RecaptchaVerifier implements CaptchaVerifier {
  readonly provider = 'recaptcha' as const;
  private readonly fetchImpl: typeof fetch;
  private readonly minScore: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly secret: string,
    options: RecaptchaOptions = {},
  ) {
    if (!secret) throw new Error('RecaptchaVerifier needs a secret');
    this.fetchImpl = options.fetchImpl ?? globalThis.fetch;
    this.minScore = options.minScore ?? 0.5;
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  async verify(token: string | undefined, action: CaptchaAction): Promise<boolean> {
    if (typeof token !== 'string' || token.trim() === '' || token.length > 4096) return false;
    let answer: SiteVerifyAnswer;
    try {
      const res = await this.fetchImpl(RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
      answer = (await res.json()) as SiteVerifyAnswer;
    } catch (cause) {
      throw new UnavailableError(MESSAGES.captcha.unavailable, { cause });
    }
    if (answer.success !== true) return false;
    // v3 answers carry the action the page executed and a score; v2 answers carry neither.
    if (typeof answer.action === 'string' && answer.action !== action && !answer.action.startsWith(`${action}_`)) return false;
    if (typeof answer.score === 'number' && answer.score < this.minScore) return false;
    return true;
  }
}
