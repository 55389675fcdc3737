/**
 * Small helpers the account services share: e-mail normalisation, running the spec's field rules
 * (shared-contracts/validation.ts) into one 400 with errors[] naming each bad field, and the captcha.
 */
import { MESSAGES } from 'shared-contracts/server';
import type { CaptchaAction, CaptchaVerifier } from '../deps';
import { ConflictError, InvalidInputError, invalidFields, type FieldError } from './errors';

/** How emails are compared and stored: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Throws one InvalidInputError listing every field whose rule failed (in the order given). */
export function checkFields(checks: ReadonlyArray<readonly [field: string, error: string | null]>): void {
  const errors: FieldError[] = checks.flatMap(([field, errorMessage]) => (errorMessage === null ? [] : [{ field, errorMessage }]));
  if (errors.length > 0) throw invalidFields(errors);
}

/** 400 'reCAPTCHA is required.' on reCaptchaToken unless the captcha proves a person for this action. */
export async function requireCaptcha(captcha: CaptchaVerifier, token: string | undefined, action: CaptchaAction): Promise<void> {
  if (!(await captcha.verify(token, action))) {
    throw new InvalidInputError(MESSAGES.captcha.required, [{ field: 'reCaptchaToken', errorMessage: MESSAGES.captcha.required }]);
  }
}

/** 409 on the email field: the spec's 'That username is unavailable...' (PAY-08). */
export function emailTaken(): ConflictError {
  return new ConflictError(MESSAGES.registration.usernameUnavailable, [{ field: 'emailAddress', errorMessage: MESSAGES.registration.usernameUnavailable }]);
}
