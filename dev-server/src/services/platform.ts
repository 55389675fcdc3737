/** What the browser asks about the platform: the captcha in use, the visitor's country, the dev outbox. */
import { type CaptchaStatus, type Geolocation } from 'shared-contracts/server';
import type { CaptchaVerifier, GeoRequestInfo, Geolocator } from '../deps';
import type { OutboxRepository } from '../repositories/outbox';

/** How many mails GET /dev/outbox answers at most. */
export const OUTBOX_PAGE = 20;

export interface OutboxMail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  createdAt: string;
  /** Which template wrote it ('other' when none). */
  kind: string;
  /** Where it is in the queue: 'pending', 'sending', 'sent' or 'failed'. */
  status: string;
}

export function createPlatformService(deps: { captcha: CaptchaVerifier; geolocation: Geolocator; outbox: OutboxRepository }) {
  return {
    /** The captcha in use; a real provider adds what the browser needs to get tokens (siteKey, scriptUrl). */
    captchaStatus(): CaptchaStatus & { siteKey?: string; scriptUrl?: string } {
      const browser = deps.captcha.browser;
      return { enabled: true, provider: deps.captcha.provider, ...(browser ? { siteKey: browser.siteKey, scriptUrl: browser.scriptUrl } : {}) };
    },

    async geolocation(info: GeoRequestInfo): Promise<Geolocation> {
      return { country: await deps.geolocation.countryFor(info) };
    },

    /** The newest mails (to one address when given), newest first. */
    async outbox(to: string | undefined): Promise<OutboxMail[]> {
      const rows = await deps.outbox.newest(to?.trim().toLowerCase(), OUTBOX_PAGE);
      return rows.map((r) => ({ to: r.to_address, subject: r.subject, body: r.body, createdAt: r.created_at, kind: r.kind, status: r.status }));
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
