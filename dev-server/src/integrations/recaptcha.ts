/**
 * Google reCAPTCHA v3 (or a compatible provider) behind the CaptchaVerifier interface, picked by
 * main.ts when CAPTCHA_SECRET is set (with CAPTCHA_SITE_KEY; config.ts).
 *
 * The browser (shared-contracts/src/recaptcha-client.ts) loads the provider's script
 * (CAPTCHA_SCRIPT_URL, default Google's api.js) with the site key, and asks it for a token per
 * action (`grecaptcha.execute(siteKey, { action })`, CAPTCHA_ACTIONS: 'sign_in_modal'...). The server
 * posts the secret and the token to the verify endpoint (CAPTCHA_VERIFY_URL, default Google's
 * siteverify) and passes the token only when the answer says success, names an action of the
 * screen asked for (sign_in, register or forgot_pass, in any of its variants), and scores at least
 * minScore. A v2 answer (no action, no score) is refused: the browser client is v3.
 */
import { CAPTCHA_ACTIONS, MESSAGES } from 'shared-contracts/server';
import type { CaptchaAction, CaptchaBrowserClient, CaptchaVerifier } from '../deps';
import { UnavailableError } from '../services/errors';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
export const DEFAULT_MIN_SCORE = 0.5;

export interface RecaptchaOptions {
  fetchImpl?: typeof fetch;
  /** The verify endpoint; default Google's siteverify. */
  verifyUrl?: string;
  /** Lowest score accepted (0..1); default 0.5. */
  minScore?: number;
  /** Give up on the provider after this long; default 5 s. */
  timeoutMs?: number;
  /** What the browser needs to get tokens (GET /api/recaptcha/enabled tells it). */
  browser?: CaptchaBrowserClient;
}

interface SiteVerifyAnswer {
  success?: unknown;
  action?: unknown;
  score?: unknown;
}

/** The action names a token for `screen` may carry: the screen's variants (PAY-09). */
function actionsOf(screen: CaptchaAction): readonly string[] {
  return Object.values(CAPTCHA_ACTIONS[screen]);
}

export class RecaptchaVerifier implements CaptchaVerifier {
  readonly provider = 'recaptcha' as const;
  readonly browser: CaptchaBrowserClient | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly verifyUrl: string;
  private readonly minScore: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly secret: string,
    options: RecaptchaOptions = {},
  ) {
    if (!secret) throw new Error('RecaptchaVerifier needs a secret');
    this.fetchImpl = options.fetchImpl ?? globalThis.fetch;
    this.verifyUrl = options.verifyUrl ?? RECAPTCHA_VERIFY_URL;
    this.minScore = options.minScore ?? DEFAULT_MIN_SCORE;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.browser = options.browser;
  }

  async verify(token: string | undefined, action: CaptchaAction): Promise<boolean> {
    if (typeof token !== 'string' || token.trim() === '' || token.length > 4096) return false;
    let answer: SiteVerifyAnswer;
    try {
      const res = await this.fetchImpl(this.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
      answer = (await res.json()) as SiteVerifyAnswer;
    } catch (cause) {
      throw new UnavailableError(MESSAGES.captcha.unavailable, { cause });
    }
    if (typeof answer !== 'object' || answer === null || answer.success !== true) return false;
    if (typeof answer.action !== 'string' || !actionsOf(action).includes(answer.action)) return false;
    return typeof answer.score === 'number' && answer.score >= this.minScore;
  }
}
