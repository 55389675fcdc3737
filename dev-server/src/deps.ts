/**
 * What createApp needs from the outside world, as small interfaces, plus the local
 * implementations that work offline. Real third-party implementations (a captcha service, an SMTP
 * mailer) implement the same interfaces and are picked by configuration in main.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RemoteName } from 'shared-contracts';
import type { Database } from './db/database';
import { createOutboxRepository } from './repositories/outbox';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export interface FakeClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createFakeClock(start: Date | string): FakeClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(date) {
      current = new Date(date).getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SentMail extends MailMessage {
  id: string;
  createdAt: string;
}

/** Keeps mail in memory; tests read `sent`. */
export interface MemoryMailer extends Mailer {
  readonly sent: readonly SentMail[];
}

export function createMemoryMailer(clock: Clock = systemClock): MemoryMailer {
  const sent: SentMail[] = [];
  return {
    sent,
    async send(message) {
      sent.push({ ...message, id: randomUUID(), createdAt: clock.now().toISOString() });
    },
  };
}

/** Writes mail to the `outbox` table, where a developer (or an e2e test) reads it. */
export function createOutboxMailer(db: Kysely<Database>, clock: Clock = systemClock): Mailer {
  const outbox = createOutboxRepository(db);
  return {
    async send(message) {
      await outbox.insert({
        id: randomUUID(),
        to_address: message.to,
        subject: message.subject,
        body: message.body,
        created_at: clock.now().toISOString(),
      });
    },
  };
}

/** Captcha actions of spec 2 section 9 (sign_in, register, forgot_pass). */
export type CaptchaAction = 'sign_in' | 'register' | 'forgot_pass';

export interface CaptchaVerifier {
  /** True when the token proves a person for this action. */
  verify(token: string | undefined, action: CaptchaAction): Promise<boolean>;
}

/** Offline verifier: any non-empty token passes. */
export const localCaptchaVerifier: CaptchaVerifier = {
  async verify(token) {
    return typeof token === 'string' && token.trim().length > 0;
  },
};

export interface AppConfig {
  /** Scheme, host and port the browser uses; state-changing requests must come from it. */
  publicOrigin: string;
  /** Where each remote's mf-manifest.json lives (served to the shell as /remotes.json). */
  remotes: Record<RemoteName, string>;
  /** Folder of the built shell, or null to serve the API only (tests). */
  shellDist: string | null;
  /** Set the Secure flag on cookies (true behind HTTPS). */
  cookieSecure: boolean;
  /** Per-client request limits; defaults in http/rate-limit.ts (DEFAULT_RATE_LIMITS). */
  rateLimits?: Partial<RateLimits>;
}

/** How many requests one client (IP address) may make in a window. */
export interface RateLimit {
  windowMs: number;
  limit: number;
}
export interface RateLimits {
  /** POST /authenticate. */
  signIn: RateLimit;
}

export interface AppDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  captcha: CaptchaVerifier;
}
