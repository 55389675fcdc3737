/**
 * Captcha tokens for the account forms. The enabled flag is fetched once per page; on failure it
 * is assumed enabled (PAY-04). With the 'local' provider (the offline verifier of the dev
 * server) the token is a fixed string; a real reCAPTCHA client plugs in with setCaptchaClient.
 */
import { api } from 'shared-contracts';
import type { CaptchaStatus } from 'shared-contracts/contracts';

export const LOCAL_CAPTCHA_TOKEN = 'local-captcha';

/** Returns a token for an action name such as 'sign_in_modal' (CAPTCHA_ACTIONS in captcha-actions.ts). */
export type CaptchaClient = (action: string) => Promise<string>;

export class CaptchaUnavailableError extends Error {
  constructor() {
    super('captcha unavailable');
    this.name = 'CaptchaUnavailableError';
  }
}

let status: Promise<CaptchaStatus> | null = null;
let client: CaptchaClient | null = null;

function captchaStatus(): Promise<CaptchaStatus> {
  status ??= api.captchaStatus().catch((): CaptchaStatus => ({ enabled: true, provider: 'local' }));
  return status;
}

/** Starts the one status request early (a form calls this when it shows). */
export function prefetchCaptcha(): void {
  void captchaStatus();
}

/** Plugs in the real reCAPTCHA client (for provider 'recaptcha'). */
export function setCaptchaClient(next: CaptchaClient | null): void {
  client = next;
}

/** The token to send as reCaptchaToken, or undefined when the captcha is off. */
export async function captchaToken(action: string): Promise<string | undefined> {
  const s = await captchaStatus();
  if (!s.enabled) return undefined;
  if (s.provider === 'local') return LOCAL_CAPTCHA_TOKEN;
  if (!client) throw new CaptchaUnavailableError();
  return client(action);
}

/** Tests: forget the fetched status and the client. */
export function resetCaptcha(): void {
  status = null;
  client = null;
}
