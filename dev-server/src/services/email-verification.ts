/**
 * Proof that a member owns their email address.
 *
 * A new account starts unverified: it works as a registered reader's, but nothing that depends on
 * owning the address happens (no subscriber record is linked to it). Registration mails a link
 * holding a random token (32 bytes) whose SHA-256 alone is stored; following it within
 * EMAIL_VERIFICATION_TTL_HOURS marks the address verified and links every eligible, unlinked
 * subscriber record of that address. A link works once, and a newer link of the same kind retires
 * the older ones.
 *
 * An email change never switches the address at once: it mails a link to the new address and a
 * notice to the old one. Following the link switches the address (if nobody took it meanwhile),
 * marks it verified, links its records and tells the old address the change is done.
 * Links are built from the configured public origin only, never from the request. Every mail
 * comes from its template (mail/templates.ts), and a stored link and its mails are one
 * transaction: when either fails, neither is kept.
 *
 * Following a password-reset link proves the address too (it was mailed there): the reset calls
 * `addressProven`, which does what following a confirmation link does for the current address.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ApiMessage, MESSAGES } from 'shared-contracts/server';
import type { Clock, Mailer, MailMessage } from '../deps';
import type { UserRow } from '../db/database';
import { emailChangeConfirmationMail, emailChangeNoticeMail, emailVerificationMail, mailMessage } from '../mail/templates';
import type { AccountRepository } from '../repositories/accounts';
import type { SubscriberRepository } from '../repositories/subscribers';
import { ForbiddenError, InvalidInputError } from './errors';
import { emailTaken } from './field-rules';
import { linkOwnedRecords } from './subscriptions';

/** How long a mailed confirmation link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
const TTL_MINUTES = EMAIL_VERIFICATION_TTL_HOURS * 60;
/** The site page that follows a confirmation link (both kinds); the token is its `token` value. */
export const VERIFY_EMAIL_PATH = '/verify-email';

/** NOT IN SPEC: the answers of the confirmation page, the resend button and the email change. */
export const EMAIL_VERIFICATION_MESSAGES = {
  confirmed: 'Your email address is confirmed.',
  changed: 'Your email address is confirmed and your account now uses it.',
  unknown: 'This confirmation link is not valid. Please ask for a new one.',
  used: 'This confirmation link has already been used.',
  expired: 'This confirmation link has expired. Please ask for a new one.',
  alreadyVerified: 'Your email address is already confirmed.',
  changeRequested: (email: string) => `We sent a link to ${email}. Your email address changes when you follow it.`,
  sent: (email: string) => `We sent a new link to ${email}.`,
} as const;

/** What a link proves: the registered address, or the new address of an email change. */
export type EmailVerificationKind = 'register' | 'change';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashVerificationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function badToken(message: string): InvalidInputError {
  return new InvalidInputError(message, [{ field: 'token', errorMessage: message }]);
}

export function createEmailVerificationService(deps: {
  accounts: AccountRepository;
  subscribers: SubscriberRepository;
  mailer: Mailer;
  clock: Clock;
  publicOrigin: string;
}) {
  const { accounts, subscribers, mailer, clock } = deps;
  const origin = new URL(deps.publicOrigin).origin;

  /**
   * Stores a new link of this kind for the address (retiring older ones) and queues the mails that
   * `mails` writes for its token, in one transaction: no mail for a link that was not stored, and
   * no stored link whose mail was not queued.
   */
  async function storeLinkAndMail(
    user: Pick<UserRow, 'id'>,
    email: string,
    kind: EmailVerificationKind,
    mails: (token: string) => MailMessage[],
  ): Promise<void> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    const messages = mails(token);
    await accounts.replaceEmailVerification(
      {
        token_hash: hashVerificationToken(token),
        user_id: user.id,
        email,
        kind,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TTL_MINUTES * 60_000).toISOString(),
        used_at: null,
      },
      async (trx) => {
        for (const message of messages) await mailer.send(message, { db: trx });
      },
    );
  }

  /** Mails the user a link that proves their current address. */
  async function sendVerificationLink(user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
    await storeLinkAndMail(user, user.email, 'register', (token) => [
      mailMessage(user.email, emailVerificationMail({ origin, token, path: VERIFY_EMAIL_PATH, ttlMinutes: TTL_MINUTES })),
    ]);
  }

  /**
   * The member has shown they receive mail at their account's current address (they followed a
   * link mailed there): marks it verified if it was not, and links its eligible, unlinked records.
   * Returns how many records were linked.
   */
  async function addressProven(user: Pick<UserRow, 'id' | 'email' | 'email_verified_at'>, nowIso: string): Promise<number> {
    if (user.email_verified_at === null) await accounts.updateUser(user.id, { email_verified_at: nowIso, updated_at: nowIso });
    return linkOwnedRecords(subscribers, user.id, user.email, nowIso);
  }

  return {
    sendVerificationLink,
    addressProven,

    /** Mails a link to the new address and a notice to the current one; the address stays as it is. */
    async requestEmailChange(user: Pick<UserRow, 'id' | 'email'>, newEmail: string): Promise<void> {
      await storeLinkAndMail(user, newEmail, 'change', (token) => [
        mailMessage(newEmail, emailChangeConfirmationMail({ origin, token, path: VERIFY_EMAIL_PATH, ttlMinutes: TTL_MINUTES })),
        mailMessage(user.email, emailChangeNoticeMail({ origin, newEmail })),
      ]);
    },

    /** POST /service/user/verify-email/resend: a new link for an unverified address. */
    async resend(user: UserRow): Promise<ApiMessage> {
      if (user.email_verified_at !== null) return { message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified };
      await sendVerificationLink(user);
      return { message: EMAIL_VERIFICATION_MESSAGES.sent(user.email) };
    },

    /** POST /service/user/verify-email: follows a mailed link. */
    async verify(input: { token: string }): Promise<ApiMessage> {
      const nowIso = clock.now().toISOString();
      const tokenHash = TOKEN_PATTERN.test(input.token) ? hashVerificationToken(input.token) : null;
      const row = tokenHash ? await accounts.findEmailVerification(tokenHash) : undefined;
      if (!tokenHash || !row) throw badToken(EMAIL_VERIFICATION_MESSAGES.unknown);
      if (row.used_at !== null) throw badToken(EMAIL_VERIFICATION_MESSAGES.used);
      if (row.expires_at <= nowIso) throw badToken(EMAIL_VERIFICATION_MESSAGES.expired);
      const user = await accounts.findUserById(row.user_id);
      if (!user) throw badToken(EMAIL_VERIFICATION_MESSAGES.unknown);
      if (user.restricted === 1) throw new ForbiddenError(MESSAGES.signIn.restricted);
      const change = row.kind === 'change';
      // A registration link proves the address the account had when it was mailed, and only that one.
      if (!change && row.email !== user.email) throw badToken(EMAIL_VERIFICATION_MESSAGES.unknown);
      if (change) {
        const holder = await accounts.findUserByEmail(row.email);
        if (holder && holder.id !== user.id) throw emailTaken();
      }
      // The conditional update is what makes the link single-use when two requests race.
      if (!(await accounts.consumeEmailVerification(row.token_hash, nowIso))) throw badToken(EMAIL_VERIFICATION_MESSAGES.used);

      const switched = await accounts.updateUser(user.id, {
        ...(change ? { email: row.email } : {}),
        email_verified_at: nowIso,
        updated_at: nowIso,
      });
      // Another account took the new address between the check and the update (its unique index).
      if (!switched) throw emailTaken();
      if (change) {
        await accounts.retireEmailVerifications(user.id, nowIso);
        await mailer.send(mailMessage(user.email, emailChangeNoticeMail({ origin, newEmail: row.email, changed: true })));
      }
      await linkOwnedRecords(subscribers, user.id, row.email, nowIso);
      return { message: change ? EMAIL_VERIFICATION_MESSAGES.changed : EMAIL_VERIFICATION_MESSAGES.confirmed };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
