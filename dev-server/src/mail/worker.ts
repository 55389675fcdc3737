/**
 * The mail worker: delivers the outbox's due mails through a MailTransport, in the API process,
 * when SMTP_URL is set (server.ts starts it; close() stops it).
 *
 * - A row is taken by one conditional UPDATE (repositories/outbox.ts `claim`) with a lease of
 *   MAIL_LEASE_MS: when several API processes run a worker over one database, one mail is sent by
 *   one of them. A worker that dies mid-send leaves a 'sending' row that another takes once the
 *   lease has run out (the mail may then go twice; it carries the same Message-ID both times).
 * - A failed attempt is tried again after MAIL_RETRY_BASE_MS * MAIL_RETRY_FACTOR^(attempts - 1);
 *   after MAIL_MAX_ATTEMPTS attempts, or on a refusal for good (a 5xx answer), the mail is 'failed'.
 * - A mail older than MAIL_MAX_AGE_MS is never sent (its links would be stale): it is 'failed'.
 * - Time is the injected clock, so tests drive retries by moving it.
 * - Logs carry the mail's id, kind and attempt, never its address or content.
 */
import type { Kysely } from 'kysely';
import type { Database, OutboxRow } from '../db/database';
import type { Clock } from '../deps';
import { errorFields, type Logger } from '../http/logger';
import { createOutboxRepository } from '../repositories/outbox';
import { PermanentMailError, type MailTransport } from './smtp';

/** Wait before the second attempt; each later wait is MAIL_RETRY_FACTOR times the one before. */
export const MAIL_RETRY_BASE_MS = 30_000;
export const MAIL_RETRY_FACTOR = 2;
/** Attempts before a mail is given up ('failed'). */
export const MAIL_MAX_ATTEMPTS = 6;
/** How long a claimed row is the claiming worker's alone (longer than any one SMTP attempt). */
export const MAIL_LEASE_MS = 2 * 60_000;
/** A queued mail older than this is given up instead of sent. */
export const MAIL_MAX_AGE_MS = 24 * 60 * 60_000;
/** How often the worker looks for due mail. */
export const MAIL_POLL_INTERVAL_MS = 5_000;
/** Mails one run looks at, at most. */
export const MAIL_BATCH_SIZE = 20;

/** The wait after the `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return MAIL_RETRY_BASE_MS * MAIL_RETRY_FACTOR ** Math.max(0, attempts - 1);
}

export interface MailRunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /** One pass over the due mails; resolves when each claimed mail has been tried. */
  runOnce(): Promise<MailRunResult>;
  /** Runs now, then every `intervalMs` on an unref'd timer (never keeps the process alive). */
  start(intervalMs?: number): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function createMailWorker(deps: {
  db: Kysely<Database>;
  clock: Clock;
  transport: MailTransport;
  /** The From of every mail (MAIL_FROM). */
  from: string;
  logger?: Logger;
  batchSize?: number;
}): MailWorker {
  const outbox = createOutboxRepository(deps.db);
  const { clock, transport, logger } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<MailRunResult> | null = null;

  async function attempt(row: OutboxRow, leaseUntil: string, result: MailRunResult): Promise<void> {
    const fields = { mailId: row.id, kind: row.kind, attempt: row.attempts };
    const now = clock.now();
    if (row.attempts > MAIL_MAX_ATTEMPTS || now.getTime() - new Date(row.created_at).getTime() > MAIL_MAX_AGE_MS) {
      const reason = row.attempts > MAIL_MAX_ATTEMPTS ? 'no attempts left' : 'too old to send';
      if (await outbox.markFailed(row.id, leaseUntil, reason)) result.failed++;
      logger?.warn('mail given up', { ...fields, reason });
      return;
    }
    try {
      await transport.deliver({ id: row.id, from: deps.from, to: row.to_address, subject: row.subject, text: row.body, html: row.html });
    } catch (error) {
      const message = describeError(error);
      if (error instanceof PermanentMailError || row.attempts >= MAIL_MAX_ATTEMPTS) {
        if (await outbox.markFailed(row.id, leaseUntil, message)) result.failed++;
        logger?.error('mail failed', { ...fields, error: errorFields(error) });
      } else {
        const next = new Date(clock.now().getTime() + retryDelayMs(row.attempts)).toISOString();
        if (await outbox.markRetry(row.id, leaseUntil, next, message)) result.retried++;
        logger?.warn('mail attempt failed; will retry', { ...fields, next, error: errorFields(error) });
      }
      return;
    }
    if (await outbox.markSent(row.id, leaseUntil, clock.now().toISOString())) result.sent++;
    logger?.info('mail sent', fields);
  }

  async function run(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, retried: 0, failed: 0 };
    const ids = await outbox.claimable(clock.now().toISOString(), deps.batchSize ?? MAIL_BATCH_SIZE);
    for (const id of ids) {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + MAIL_LEASE_MS).toISOString();
      const row = await outbox.claim(id, now.toISOString(), leaseUntil);
      if (row) await attempt(row, leaseUntil, result);
    }
    return result;
  }

  function runOnce(): Promise<MailRunResult> {
    // One run at a time per worker: a timer tick during a slow run joins it.
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    start(intervalMs = MAIL_POLL_INTERVAL_MS) {
      if (timer) return;
      const tick = () => {
        runOnce().catch((error: unknown) => logger?.error('mail worker run failed', { error: errorFields(error) }));
      };
      // A first pass at once: mail queued while no process was delivering goes out at start.
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running.catch(() => undefined);
    },
  };
}
