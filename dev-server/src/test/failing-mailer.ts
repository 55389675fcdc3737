/** An outbox mailer that fails on purpose, for the tests that a mail and its change commit together. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { createOutboxMailer, type Clock, type Mailer, type MailMessage } from '../deps';

/** How a mail fails: its outbox insert fails, or the mailer throws once the mail is queued. */
export type MailFailure = 'insert-fails' | 'throws-after-insert';

/** The outbox mailer (as the harness's `mailer` part), failing as `failureOf` says for each mail. */
export function failingOutboxMailer(failureOf: (message: MailMessage) => MailFailure | null) {
  return (db: Kysely<Database>, clock: Clock): Mailer => {
    const outbox = createOutboxMailer(db, clock);
    return {
      async send(message, options) {
        const failing = failureOf(message);
        // A row the outbox refuses (its address is NOT NULL): the database fails the insert.
        await outbox.send(failing === 'insert-fails' ? { ...message, to: null as unknown as string } : message, options);
        if (failing === 'throws-after-insert') throw new Error('failure after the mail was queued');
      },
    };
  };
}
