/**
 * Forgot password, reset by mailed link, and change password (PAY-07, PAY-08; SITE-05, SITE-08).
 *
 * Forgot-password answers every email alike (200, the spec's success text) unless the account is
 * restricted (403) or locked by sign-in tries (423); only a known email gets a mail, and at most
 * PASSWORD_RESET_MAILS_PER_WINDOW an hour, counted per account in the database whatever address
 * asks (PLAT-06: every API process shares the count); over it the answer is the same 200, with no
 * mail and no new link (the last one mailed still works). The link holds a random token whose
 * SHA-256 alone is stored; it works once, for PASSWORD_RESET_TTL_MINUTES, and a newer link retires
 * older ones. Resetting never lifts the account's lock (its unknown-browser bucket); it lifts only
 * the locks of browsers the account recognises. The stored token and its mail (plain text and HTML,
 * mail/templates.ts) are one transaction.
 *
 * Following a reset link proves the reader receives mail at the account's address: a successful
 * reset marks the address verified (if it was not) and links its eligible subscriber records, as
 * following an email-confirmation link does (services/email-verification.ts `addressProven`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ApiMessage, MESSAGES, validateChangedPassword, validateEmail, validateRegistrationPassword } from 'shared-contracts/server';
import { PASSWORD_RESET_MAIL_WINDOW_MS, PASSWORD_RESET_MAILS_PER_WINDOW, PASSWORD_RESET_TTL_MINUTES } from '../server-rules';
import type { CaptchaVerifier, Clock, Mailer } from '../deps';
import { mailMessage, passwordResetMail, RESET_MAIL_SUBJECT } from '../mail/templates';
import type { AccountRepository } from '../repositories/accounts';
import type { PasswordResetRepository } from '../repositories/password-resets';
import type { RateLimitRepository } from '../repositories/rate-limits';
import type { AuthService, Viewer } from './auth';
import type { EmailVerificationService } from './email-verification';
import { ForbiddenError, InvalidInputError, LockedError } from './errors';
import { checkFields, normalizeEmail, requireCaptcha } from './field-rules';
import type { SignInLockout } from './lockout';
import { hashPassword, verifyPassword } from './passwords';

/** NOT IN SPEC: the answers of the reset page and its refusals. */
export const RESET_MESSAGES = {
  success: 'Your password has been reset. You can now sign in with your new password.',
  unknown: 'This password reset link is not valid. Please ask for a new one.',
  used: 'This password reset link has already been used. Please ask for a new one.',
  expired: 'This password reset link has expired. Please ask for a new one.',
} as const;

export { RESET_MAIL_SUBJECT };
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The counter of one account's reset mails (rate_limit_hits). */
export const RESET_MAILS_COUNTER = 'passwordResetMails:user:';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function badToken(message: string): InvalidInputError {
  return new InvalidInputError(message, [{ field: 'token', errorMessage: message }]);
}

export function createPasswordRecoveryService(deps: {
  accounts: AccountRepository;
  resets: PasswordResetRepository;
  /** The database counters of the rate limits, for the account's reset mails. */
  counters: Pick<RateLimitRepository, 'hit'>;
  lockout: SignInLockout;
  auth: AuthService;
  captcha: CaptchaVerifier;
  mailer: Mailer;
  clock: Clock;
  publicOrigin: string;
  verification: Pick<EmailVerificationService, 'addressProven'>;
}) {
  const { accounts, resets, counters, lockout, auth, captcha, mailer, clock, verification } = deps;
  const origin = new URL(deps.publicOrigin).origin;

  /**
   * Counts a reset mail for the account, in one statement (concurrent requests from any process are
   * all counted); false once the account has had PASSWORD_RESET_MAILS_PER_WINDOW this hour.
   */
  async function mayMail(userId: string, now: Date): Promise<boolean> {
    const resetIso = new Date(now.getTime() + PASSWORD_RESET_MAIL_WINDOW_MS).toISOString();
    const { hits } = await counters.hit(`${RESET_MAILS_COUNTER}${userId}`, now.toISOString(), resetIso);
    return hits <= PASSWORD_RESET_MAILS_PER_WINDOW;
  }

  return {
    async forgotPassword(input: { emailAddress: string; reCaptchaToken?: string }): Promise<ApiMessage> {
      await requireCaptcha(captcha, input.reCaptchaToken, 'forgot_pass');
      checkFields([['emailAddress', validateEmail(input.emailAddress, 'modal')]]);
      const email = normalizeEmail(input.emailAddress);
      const now = clock.now();
      const user = await accounts.findUserByEmail(email);
      if (user?.restricted === 1) throw new ForbiddenError(MESSAGES.signIn.restricted);
      if ((await lockout.lockedFor(email, now)) > 0) throw new LockedError(MESSAGES.forgotPassword.locked);
      // Over the account's hourly mails, the same answer as for a mail sent or an unknown email.
      if (user && (await mayMail(user.id, now))) {
        const token = randomBytes(32).toString('base64url');
        const mail = mailMessage(user.email, passwordResetMail({ origin, token, ttlMinutes: PASSWORD_RESET_TTL_MINUTES }));
        // The token and its mail commit together: no link is mailed for a token that was not stored.
        await resets.replaceForUser(
          {
            token_hash: hashToken(token),
            user_id: user.id,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
            used_at: null,
          },
          (trx) => mailer.send(mail, { db: trx }),
        );
      }
      return { message: MESSAGES.forgotPassword.success };
    },

    /** POST /service/user/reset-password: sets the new password and ends the user's other sessions. */
    async resetPassword(input: { token: string; password: string }, currentToken: string | undefined): Promise<ApiMessage> {
      const now = clock.now();
      const tokenHash = TOKEN_PATTERN.test(input.token) ? hashToken(input.token) : null;
      const row = tokenHash ? await resets.find(tokenHash) : undefined;
      if (!tokenHash || !row) throw badToken(RESET_MESSAGES.unknown);
      if (row.used_at !== null) throw badToken(RESET_MESSAGES.used);
      if (row.expires_at <= now.toISOString()) throw badToken(RESET_MESSAGES.expired);
      checkFields([['password', validateRegistrationPassword(input.password)]]);

      const passwordHash = await hashPassword(input.password);
      // The conditional update is what makes the link single-use when two requests race.
      const userId = await resets.consume(tokenHash, clock.now().toISOString());
      if (userId === undefined) throw badToken(RESET_MESSAGES.used);
      const user = await accounts.findUserById(userId);
      if (!user) throw badToken(RESET_MESSAGES.unknown);
      if (user.restricted === 1) throw new ForbiddenError(MESSAGES.signIn.restricted);
      await accounts.updateUser(user.id, { password_hash: passwordHash });
      // The reader proved they read the account's mail: their recognised browsers' locks lift (the
      // sign-in answer told them so with code 401); the unknown-browser lock stays (PAY-08 423).
      await lockout.unlockDevices(user.id);
      await verification.addressProven(user, clock.now().toISOString());
      await auth.endOtherSessions(user.id, currentToken);
      return { message: RESET_MESSAGES.success };
    },

    /** POST /service/user/password: checks the current password, keeps this session, ends the others. */
    async changePassword(viewer: Viewer, input: { current: string; password: string }, currentToken: string | undefined): Promise<ApiMessage> {
      checkFields([
        ['current', input.current === '' ? MESSAGES.changePassword.currentRequired : null],
        // The site password pattern and then the registration rule, as the change-password flyout
        // checks: a changed password is never weaker than registration allows.
        ['password', input.password.trim() === '' ? MESSAGES.changePassword.newRequired : validateChangedPassword(input.password)],
      ]);
      if (!(await verifyPassword(input.current, viewer.user.password_hash))) {
        throw new InvalidInputError(MESSAGES.changePassword.currentInvalid, [{ field: 'current', errorMessage: MESSAGES.changePassword.currentInvalid }]);
      }
      await accounts.updateUser(viewer.user.id, { password_hash: await hashPassword(input.password) });
      await auth.endOtherSessions(viewer.user.id, currentToken);
      return { message: MESSAGES.changePassword.success };
    },
  };
}

export type PasswordRecoveryService = ReturnType<typeof createPasswordRecoveryService>;
