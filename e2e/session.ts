import type { Page } from '@playwright/test';

/** Seeded demo account (dev-server seed). */
export const DEMO_READER = { email: 'reader@example.com', password: 'Reader#2025pass' };

/** Signs the page's browser context in through the API, as the modal would, without clicking. */
export async function signIn(page: Page, who = DEMO_READER) {
  const res = await page.request.post('/authenticate', {
    headers: { 'X-Requested-With': 'magazine-site' },
    data: { username: who.email, password: who.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}
