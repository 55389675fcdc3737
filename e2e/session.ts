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
 * own account, so the shared demo accounts are never locked. The reader then follows the link
 * mailed to the address (confirmEmail), unless `confirm` is false: an unconfirmed account is
 * linked to no subscription and sees the prompt to confirm.
 */
export async function registerAccount(request: APIRequestContext, prefix = 'e2e', { confirm = true } = {}): Promise<NewAccount> {
  const account = { email: uniqueEmail(prefix), password: 'Journey#2026ok', firstName: 'Noor', lastName: 'Haddad' };
  const res = await request.post('/api/user/register', {
    headers: CSRF,
    data: { ...account, emailAddress: account.email, optIn: false, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  if (res.status() !== 201) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
  if (confirm) await confirmEmail(request, account.email);
  return account;
}

/** The email-confirmation link of the newest mail to an address. */
export async function confirmationLink(request: APIRequestContext, to: string): Promise<string> {
  const mail = await newestMail(request, to);
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.body)?.[0];
  if (!link) throw new Error(`no confirmation link in the newest mail to ${to}: ${mail.body}`);
  return link;
}

/** Follows the confirmation link mailed to an address through the API, as the reader's click would. */
export async function confirmEmail(request: APIRequestContext, to: string): Promise<void> {
  const token = new URL(await confirmationLink(request, to)).searchParams.get('token') ?? '';
  const res = await request.post('/service/user/verify-email', { headers: CSRF, data: { token } });
  if (!res.ok()) throw new Error(`email confirmation failed: ${res.status()} ${await res.text()}`);
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

/**
 * Spends `count` reads of the meter of the request's context (a guest's device cookie or a member's
 * session) through the article content call, as that many article pages would.
 */
export async function spendMeter(request: APIRequestContext, count: number): Promise<void> {
  let spent = 0;
  for (let page = 0; spent < count && page < 10; page++) {
    const stream = (await (await request.get(`/service/stream/latest/${page}/20`)).json()) as { entry: { url: string }[] };
    for (const entry of stream.entry) {
      const a = (await (await request.get(`/api/article${entry.url}`)).json()) as { year: number; month: number; slug: string; free: boolean; ascend: boolean };
      if (a.free || a.ascend) continue;
      const q = new URLSearchParams({ year: String(a.year), month: String(a.month).padStart(2, '0'), seotitle: a.slug });
      const res = await request.post(`/api/article/piano/content?${q.toString()}`, { headers: CSRF, data: {} });
      if (!res.ok()) throw new Error(`content call: ${res.status()} ${await res.text()}`);
      spent += 1;
      if (spent === count) return;
    }
  }
  if (spent < count) throw new Error('not enough metered articles in the seed');
}
