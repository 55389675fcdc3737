import type { APIRequestContext, Page } from '@playwright/test';

/** Seeded demo account (dev-server seed). */
export const DEMO_READER = { email: 'reader@example.com', password: 'Reader#2025pass' };

const CSRF = { 'X-Requested-With': 'magazine-site' };

/** Signs the page's browser context in through the API, as the modal would, without clicking. */
export async function signIn(page: Page, who = DEMO_READER) {
  const res = await page.request.post('/authenticate', {
    headers: CSRF,
    data: { username: who.email, password: who.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

let counter = 0;
/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Registers a fresh account through the API. With a page's request context the page is signed in
 * as that account; with the `request` fixture it is not. Tests that spend sign-in tries use their
 * own account, so the shared demo accounts are never locked.
 */
export async function registerAccount(request: APIRequestContext, prefix = 'e2e'): Promise<NewAccount> {
  const account = { email: uniqueEmail(prefix), password: 'Journey#2026ok', firstName: 'Noor', lastName: 'Haddad' };
  const res = await request.post('/api/user/register', {
    headers: CSRF,
    data: { ...account, emailAddress: account.email, optIn: false, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  if (res.status() !== 201) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
  return account;
}

/** The newest mail the server's outbox holds for an address (GET /dev/outbox, on only in e2e). */
export async function newestMail(request: APIRequestContext, to: string): Promise<{ subject: string; body: string }> {
  const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!res.ok()) throw new Error(`outbox: ${res.status()} ${await res.text()}`);
  const mails = (await res.json()) as { subject: string; body: string }[];
  const mail = mails[0];
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}
