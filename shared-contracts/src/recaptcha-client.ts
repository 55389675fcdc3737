/**
 * The browser side of a real captcha provider (reCAPTCHA v3 style), loaded only when
 * GET /api/recaptcha/enabled names the provider 'recaptcha' (captcha.ts imports this module on
 * demand, so no page pays for it otherwise).
 *
 * The answer of GET /api/recaptcha/enabled carries, in that mode, the site key and the provider's
 * script URL (CAPTCHA_SITE_KEY, CAPTCHA_SCRIPT_URL). The script is added once, as
 * `{scriptUrl}?render={siteKey}`; a token is `grecaptcha.ready` then
 * `grecaptcha.execute(siteKey, { action })` with the screen's action name (CAPTCHA_ACTIONS).
 * A script that fails or never gets ready within RECAPTCHA_LOAD_TIMEOUT_MS rejects, so the form
 * shows the captcha error instead of waiting forever; the next try loads it again.
 */
import type { CaptchaClient } from './captcha';

/** The provider's global, as reCAPTCHA v3 defines it. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

export interface RecaptchaSettings {
  siteKey: string;
  scriptUrl: string;
}

/** How long the provider's script may take to load and get ready. */
export const RECAPTCHA_LOAD_TIMEOUT_MS = 10_000;

const STATUS_PATH = '/api/recaptcha/enabled';

function text(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The provider's settings in the status answer, or null when they are missing or malformed. */
export function recaptchaSettingsOf(body: unknown): RecaptchaSettings | null {
  if (typeof body !== 'object' || body === null) return null;
  const { provider, siteKey, scriptUrl } = body as Record<string, unknown>;
  if (provider !== 'recaptcha' || !text(siteKey) || !text(scriptUrl)) return null;
  return { siteKey, scriptUrl };
}

/** The script's address: the configured URL with `render={siteKey}`. */
export function recaptchaScriptSrc(settings: RecaptchaSettings, base: string): string {
  const url = new URL(settings.scriptUrl, base);
  url.searchParams.set('render', settings.siteKey);
  return url.href;
}

let loading: Promise<Grecaptcha> | null = null;

/** Adds the provider's script once and resolves with its global once ready. */
export function loadRecaptcha(settings: RecaptchaSettings, timeoutMs = RECAPTCHA_LOAD_TIMEOUT_MS): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the captcha script did not get ready')), timeoutMs);
    const done = (g: Grecaptcha) => {
      clearTimeout(timer);
      resolve(g);
    };
    const script = document.createElement('script');
    script.src = recaptchaScriptSrc(settings, window.location.href);
    script.async = true;
    script.addEventListener('load', () => {
      const g = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g && typeof g.ready === 'function' && typeof g.execute === 'function') g.ready(() => done(g));
      else {
        clearTimeout(timer);
        reject(new Error('the captcha script defines no grecaptcha'));
      }
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('the captcha script failed to load'));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Reads the provider's settings, loads its script, and returns a client that gets a token per action. */
export async function createRecaptchaClient(): Promise<CaptchaClient> {
  const res = await fetch(STATUS_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`captcha settings answered ${res.status}`);
  const settings = recaptchaSettingsOf(await res.json());
  if (!settings) throw new Error('the captcha settings name no site key or script');
  const grecaptcha = await loadRecaptcha(settings);
  return async (action) => {
    const token = await grecaptcha.execute(settings.siteKey, { action });
    if (!text(token)) throw new Error('the captcha gave no token');
    return token;
  };
}

/** Tests: forget the loaded script. */
export function resetRecaptchaLoader(): void {
  loading = null;
}
