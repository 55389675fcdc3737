/** Helpers for tests that need a member who proved their email address: read and follow the mailed link. */
import { type User } from 'shared-contracts/server';
import { post, registerFresh } from './accounts';
import type { TestApp } from './harness';

/** The token of the newest email-confirmation mail to `to` in the memory mailer. */
export function verificationTokenFor(t: TestApp, to: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === to && /\/verify-email\?token=/.test(m.body));
  const token = mail && /\/verify-email\?token=([\w-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no email-confirmation mail for ${to}`);
  return token;
}

/** Follows the newest confirmation link mailed to `to` (expects 200). */
export async function followVerificationLink(t: TestApp, to: string): Promise<void> {
  await post(t.app, '/service/user/verify-email', { token: verificationTokenFor(t, to) }).expect(200);
}

/** Registers a fresh account and confirms its address, as a reader who follows the mailed link. */
export async function registerVerified(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string; sid: string; user: User }> {
  const account = await registerFresh(t, overrides);
  await followVerificationLink(t, account.email);
  return { ...account, user: { ...account.user, emailVerified: true } };
}
