/**
 * The outbox: the queue of every mail the site sends. Written by the outbox mailer (in the caller's
 * transaction when it has one), delivered by the mail worker, read by developers and tests.
 *
 * A worker takes a row only through `claim`, one conditional UPDATE that succeeds for one caller:
 * a due 'pending' row, or a 'sending' row whose lease has run out (its worker died). Every later
 * change names the lease it holds, so a worker whose lease was taken over changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxRow, OutboxTable } from '../db/database';

/** Longest last_error kept (the transport's message, cut). */
export const LAST_ERROR_MAX = 500;

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  html?: string;
  kind?: string;
}

export function createOutboxRepository(db: Kysely<Database>) {
  /** Only while the row is still ours: 'sending' under the lease we were given. */
  const ours = (id: string, leaseUntil: string) =>
    db.updateTable('outbox').where('id', '=', id).where('status', '=', 'sending').where('claimed_until', '=', leaseUntil);

  return {
    async insert(row: Insertable<OutboxTable>): Promise<void> {
      await db.insertInto('outbox').values(row).execute();
    },

    /** Queues one mail, due at once; returns its id. */
    async enqueue(message: OutboxMessage, now: Date): Promise<string> {
      const id = randomUUID();
      const at = now.toISOString();
      await db
        .insertInto('outbox')
        .values({
          id,
          to_address: message.to,
          subject: message.subject,
          body: message.body,
          html: message.html ?? null,
          kind: message.kind ?? 'other',
          created_at: at,
          next_attempt_at: at,
        })
        .execute();
      return id;
    },

    async find(id: string): Promise<OutboxRow | undefined> {
      return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Oldest first; only mail to `toAddress` when given. */
    async list(toAddress?: string): Promise<OutboxRow[]> {
      let q = db.selectFrom('outbox').selectAll();
      if (toAddress !== undefined) q = q.where('to_address', '=', toAddress);
      return q.orderBy('created_at').orderBy('id').execute();
    },

    /** The newest `limit` mails, newest first; only mail to `toAddress` when given. */
    async newest(toAddress: string | undefined, limit: number): Promise<OutboxRow[]> {
      let q = db.selectFrom('outbox').selectAll();
      if (toAddress !== undefined) q = q.where('to_address', '=', toAddress);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Ids of rows a worker may claim at `nowIso`, the longest-waiting first (a hint: `claim` decides). */
    async claimable(nowIso: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', nowIso)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Takes the row for one attempt, until `leaseUntil`, if it is claimable at `nowIso`; counts the
     * attempt. Returns the row as claimed, or undefined when another worker took it first.
     */
    async claim(id: string, nowIso: string, leaseUntil: string): Promise<OutboxRow | undefined> {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ status: 'sending', claimed_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', nowIso)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
      return row && row.status === 'sending' && row.claimed_until === leaseUntil ? row : undefined;
    },

    /** The attempt under `leaseUntil` delivered the mail. */
    async markSent(id: string, leaseUntil: string, sentAt: string): Promise<boolean> {
      const result = await ours(id, leaseUntil).set({ status: 'sent', sent_at: sentAt, claimed_until: null, last_error: null }).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The attempt failed; try again at `nextAttemptAt`. */
    async markRetry(id: string, leaseUntil: string, nextAttemptAt: string, error: string): Promise<boolean> {
      const result = await ours(id, leaseUntil)
        .set({ status: 'pending', next_attempt_at: nextAttemptAt, claimed_until: null, last_error: error.slice(0, LAST_ERROR_MAX) })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Given up: the mail is never tried again. */
    async markFailed(id: string, leaseUntil: string, error: string): Promise<boolean> {
      const result = await ours(id, leaseUntil)
        .set({ status: 'failed', claimed_until: null, last_error: error.slice(0, LAST_ERROR_MAX) })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
