/** Helpers for the account API tests: CSRF-carrying POSTs, fresh accounts, mail links. */
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, type User, UserSchema } from 'shared-contracts/server';
import { sidFrom, type TestApp } from './harness';

export const STRONG_PASSWORD = 'Fresh#Pass2026';
export const WRONG_PASSWORD = 'Wrong#password1';

/** POST JSON as the site's client does (CSRF header), with an optional session cookie. */
export function post(app: TestApp['app'], path: string, body: unknown, sid?: string) {
  const req = request(app).post(path).set(CSRF_HEADER, CSRF_VALUE);
  if (sid !== undefined) req.set('Cookie', `sid=${sid}`);
  return req.send(body as object);
}

export function get(app: TestApp['app'], path: string, sid?: string) {
  const req = request(app).get(path);
  return sid === undefined ? req : req.set('Cookie', `sid=${sid}`);
}

let counter = 0;
export function uniqueEmail(prefix = 'new'): string {
  counter += 1;
  return `${prefix}.${counter}@example.org`;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Nadia',
    lastName: 'Okafor',
    emailAddress: uniqueEmail(),
    password: STRONG_PASSWORD,
    optIn: true,
    deviceType: 'WEB_SITE',
    reCaptchaToken: 'test-token',
    ...overrides,
  };
}

/** Registers a fresh account; returns its email, password, session id and User. */
export async function registerFresh(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string; sid: string; user: User }> {
  const body = registrationBody(overrides);
  const res = await post(t.app, '/api/user/register', body).expect(201);
  const sid = sidFrom(res);
  if (!sid) throw new Error('registration set no session cookie');
  return { email: body.emailAddress, password: body.password, sid, user: UserSchema.parse(res.body.user) };
}

/** The reset token of the newest mail to `to` in the memory mailer. */
export function resetTokenFor(t: TestApp, to: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === to);
  const token = mail && /\/reset-password\?token=([\w-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no reset mail for ${to}`);
  return token;
}
