/**
 * Registration (PAY-03 Registration payload, PAY-04, PAY-05, PAY-08): the field rules, the captcha, then
 * one of: 403 for a restricted account's email, 409 for a taken one, the subscriber route for an
 * email with an active subscription and no web account (nothing is created), or a new registered
 * account, signed in, whose address is unverified until the member follows the link mailed to it.
 */
import { MESSAGES, type RegistrationRequest, validateEmail, validateFirstName, validateLastName, validateRegistrationPassword } from 'shared-contracts/server';
import type { CaptchaVerifier, Clock } from '../deps';
import type { AccountRepository } from '../repositories/accounts';
import type { AuthService, StartedSession } from './auth';
import type { EmailVerificationService } from './email-verification';
import { ForbiddenError } from './errors';
import { checkFields, emailTaken, normalizeEmail, requireCaptcha } from './field-rules';
import type { SignInLockout } from './lockout';
import { insertNewAccount, newUserRow } from './new-users';
import { hashPassword } from './passwords';
import type { SubscriberService } from './subscribers';

export type RegistrationOutcome = ({ outcome: 'created' } & StartedSession) | { outcome: 'subscriber'; location: string };

/** Where a subscriber without a web account registers: the email base64-encoded (PAY-04). */
export function subscriberRegistrationPath(email: string): string {
  return `/subscriber-registration?emailAddress=${encodeURIComponent(Buffer.from(email, 'utf8').toString('base64'))}`;
}

export function createRegistrationService(deps: {
  accounts: AccountRepository;
  subscribers: SubscriberService;
  lockout: SignInLockout;
  auth: AuthService;
  captcha: CaptchaVerifier;
  clock: Clock;
  verification: Pick<EmailVerificationService, 'sendVerificationLink'>;
}) {
  const { accounts, subscribers, lockout, auth, captcha, clock, verification } = deps;
  return {
    async register(input: RegistrationRequest, previousToken: string | undefined): Promise<RegistrationOutcome> {
      checkFields([
        ['firstName', validateFirstName(input.firstName)],
        ['lastName', validateLastName(input.lastName)],
        ['emailAddress', validateEmail(input.emailAddress, 'modal')],
        ['password', validateRegistrationPassword(input.password)],
      ]);
      await requireCaptcha(captcha, input.reCaptchaToken, 'register');

      const email = normalizeEmail(input.emailAddress);
      const existing = await accounts.findUserByEmail(email);
      if (existing?.restricted === 1) throw new ForbiddenError(MESSAGES.signIn.restricted);
      if (existing) throw emailTaken();
      const subscription = await subscribers.findEligible(email);
      if (subscription && subscription.record.linked_user_id === null) {
        return { outcome: 'subscriber', location: subscriberRegistrationPath(email) };
      }

      const user = newUserRow({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.password),
        status: 'registered',
        optIn: input.optIn ?? false,
        now: clock.now(),
      });
      const created = await insertNewAccount({ accounts, lockout, verification }, user);
      return { outcome: 'created', ...(await auth.startSession(created, previousToken)) };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
