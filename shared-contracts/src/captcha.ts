/**
 * Captcha tokens for the account forms. The enabled flag is fetched once per page; on failure it
 * is assumed enabled (PAY-04). With the 'local' provider (the offline verifier of the dev
 * server) the token is a fixed string. With 'recaptcha' the provider's browser client
 * (recaptcha-client.ts: its script, then `grecaptcha.execute(siteKey, { action })`) is loaded on
 * demand, when a form shows (prefetchCaptcha) or at the latest when it is sent; a client that
 * cannot load or answer raises CaptchaUnavailableError. setCaptchaClient replaces it (tests).
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
let providerClient: Promise<CaptchaClient> | null = null;

function captchaStatus(): Promise<CaptchaStatus> {
  status ??= api.captchaStatus().catch((): CaptchaStatus => ({ enabled: true, provider: 'local' }));
  return status;
}

/** The real provider's client: the one set, else recaptcha-client.ts, loaded once (again after a failure). */
function realClient(): Promise<CaptchaClient> {
  if (client) return Promise.resolve(client);
  providerClient ??= import('./recaptcha-client')
    .then((m) => m.createRecaptchaClient())
    .catch(() => {
      providerClient = null;
      throw new CaptchaUnavailableError();
    });
  return providerClient;
}

/** Starts the status request early, and the provider's client when there is one (a form calls this when it shows). */
export function prefetchCaptcha(): void {
  void captchaStatus().then((s) => {
    if (s.enabled && s.provider === 'recaptcha') realClient().catch(() => undefined);
  });
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
  const get = await realClient();
  try {
    return await get(action);
  } catch {
    throw new CaptchaUnavailableError();
  }
}

/** Tests: forget the fetched status and the client. */
export function resetCaptcha(): void {
  status = null;
  client = null;
  providerClient = null;
}
