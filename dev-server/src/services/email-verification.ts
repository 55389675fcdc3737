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
 * Links are built from the configured public origin only, never from the request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, type ApiMessage } from 'shared-contracts';
import type { Clock, Mailer } from '../deps';
import type { UserRow } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { SubscriberRepository } from '../repositories/subscribers';
import { ForbiddenError, InvalidInputError } from './errors';
import { emailTaken } from './field-rules';
import { linkOwnedRecords } from './subscribers';

/** How long a mailed confirmation link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

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

export const VERIFY_MAIL_SUBJECT = 'Confirm your email address';
export const CHANGE_MAIL_SUBJECT = 'Confirm your new email address';
export const CHANGE_NOTICE_SUBJECT = 'Your email address is being changed';
export const CHANGED_NOTICE_SUBJECT = 'Your email address has been changed';

/** What a link proves: the registered address, or the new address of an email change. */
export type EmailVerificationKind = 'register' | 'change';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashVerificationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function badToken(message: string): InvalidInputError {
  return new InvalidInputError(message, [{ field: 'token', errorMessage: message }]);
}

export function verifyMailBody(link: string): string {
  return [
    'Please confirm that this is your email address by following this link:',
    link,
    '',
    `The link works once, within ${EMAIL_VERIFICATION_TTL_HOURS} hours. A subscription held under this address is linked to your account when you follow it.`,
    '',
    'If you did not create an account with us, do not follow the link: ignore this mail and nothing will be linked.',
  ].join('\n');
}

export function changeMailBody(link: string): string {
  return [
    'Someone (we hope you) asked to use this address for their account. Confirm it by following this link:',
    link,
    '',
    `The link works once, within ${EMAIL_VERIFICATION_TTL_HOURS} hours. If this was not you, do not follow the link: ignore this mail.`,
  ].join('\n');
}

export function changeNoticeBody(newEmail: string): string {
  return [
    `Your email address is being changed to ${newEmail}; it changes once a link we sent there is followed.`,
    '',
    'If this was not you, change your password now and contact our Customer Service team.',
  ].join('\n');
}

export function changedNoticeBody(newEmail: string): string {
  return [
    `Your email address has been changed to ${newEmail}. We will write to that address from now on.`,
    '',
    'If this was not you, contact our Customer Service team.',
  ].join('\n');
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

  /** Stores a new link of this kind for the address (retiring older ones) and answers the link. */
  async function newLink(user: Pick<UserRow, 'id'>, email: string, kind: EmailVerificationKind): Promise<string> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    await accounts.replaceEmailVerification({
      token_hash: hashVerificationToken(token),
      user_id: user.id,
      email,
      kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000).toISOString(),
      used_at: null,
    });
    return `${origin}/verify-email?token=${token}`;
  }

  /** Mails the user a link that proves their current address. */
  async function sendVerificationLink(user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
    const link = await newLink(user, user.email, 'register');
    await mailer.send({ to: user.email, subject: VERIFY_MAIL_SUBJECT, body: verifyMailBody(link) });
  }

  return {
    sendVerificationLink,

    /** Mails a link to the new address and a notice to the current one; the address stays as it is. */
    async requestEmailChange(user: Pick<UserRow, 'id' | 'email'>, newEmail: string): Promise<void> {
      const link = await newLink(user, newEmail, 'change');
      await mailer.send({ to: newEmail, subject: CHANGE_MAIL_SUBJECT, body: changeMailBody(link) });
      await mailer.send({ to: user.email, subject: CHANGE_NOTICE_SUBJECT, body: changeNoticeBody(newEmail) });
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
        await mailer.send({ to: user.email, subject: CHANGED_NOTICE_SUBJECT, body: changedNoticeBody(row.email) });
      }
      await linkOwnedRecords(subscribers, user.id, row.email, nowIso);
      return { message: change ? EMAIL_VERIFICATION_MESSAGES.changed : EMAIL_VERIFICATION_MESSAGES.confirmed };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
