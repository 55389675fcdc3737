/**
 * Subscribers (PAY-03, PAY-06, PAY-07): the lookup of a subscription by email (and account number),
 * creating the web account of a subscriber, and linking subscriptions after a checkout.
 * The lookup accepts only active CDS_US / CDS_UK records, and the latest subscription is picked
 * with ACCESS_CODE ones ignored; a record with nothing else counts as no active subscription.
 *
 * A record is only ever linked to an account whose member has proved they own the record's email
 * address (users.email_verified_at; services/email-verification.ts): knowing an address and an
 * account number is not enough.
 */
import { MESSAGES, type SubscriberLookup, validateEmail, validateRegistrationPassword, validateRequired } from 'shared-contracts/server';
import type { CaptchaVerifier, Clock } from '../deps';
import type { SubscriberRecordRow, SubscriptionRow } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { SubscriberRepository } from '../repositories/subscribers';
import type { AuthService, StartedSession, Viewer } from './auth';
import type { EmailVerificationService } from './email-verification';
import { ConflictError, ForbiddenError, NotFoundError } from './errors';
import { consentedOptIn } from './consent';
import { checkFields, emailTaken, normalizeEmail, requireCaptcha } from './field-rules';
import type { SignInLockout } from './lockout';
import { insertNewAccount, newUserRow } from './new-users';
import { hashPassword } from './passwords';
import { isEligibleRecord, latestFirst, latestSubscription, linkOwnedRecords, toSubscriptionAnswer } from './subscriptions';

export interface EligibleSubscriber {
  record: SubscriberRecordRow;
  /** The record's subscriptions: the latest (never ACCESS_CODE) first, then newest purchase first. */
  subscriptions: SubscriptionRow[];
}

const noActiveSubscription = () => new NotFoundError(MESSAGES.subscriberLookup.noActiveSubscriptions);

export function createSubscriberService(deps: {
  accounts: AccountRepository;
  subscribers: SubscriberRepository;
  lockout: SignInLockout;
  auth: AuthService;
  clock: Clock;
  captcha: CaptchaVerifier;
  verification: Pick<EmailVerificationService, 'sendVerificationLink'>;
}) {
  const { accounts, subscribers, lockout, auth, clock, captcha, verification } = deps;

  /**
   * The eligible record of an email (optionally with this account number) that holds the latest
   * non-ACCESS_CODE subscription, or null.
   */
  async function findEligible(email: string, accountNumber?: string): Promise<EligibleSubscriber | null> {
    const records = (await subscribers.findRecordsByEmail(email)).filter(
      (r) => isEligibleRecord(r) && (accountNumber === undefined || r.account_number === accountNumber),
    );
    const all = await subscribers.listSubscriptions(records.map((r) => r.id));
    const latest = latestSubscription(all);
    const record = latest && records.find((r) => r.id === latest.record_id);
    if (!record) return null;
    return { record, subscriptions: latestFirst(all.filter((s) => s.record_id === record.id)) };
  }

  return {
    findEligible,

    /**
     * POST /api/user/subscriber/search: the details only when the email and the account number
     * both match one eligible record. A missing or wrong number gets the same 404 as an unknown
     * email, after the same queries, so the answer never tells whether the email has a record.
     */
    async search(input: { emailAddress: string; accountNumber: string }): Promise<SubscriberLookup> {
      checkFields([['emailAddress', validateEmail(input.emailAddress, 'modal')]]);
      const email = normalizeEmail(input.emailAddress);
      const accountNumber = input.accountNumber.trim();
      const found = await findEligible(email, accountNumber);
      if (!found || accountNumber === '') throw noActiveSubscription();
      const user = await accounts.findUserByEmail(email);
      return {
        active: true,
        subscriptions: found.subscriptions.map(toSubscriptionAnswer),
        firstName: found.record.first_name,
        lastName: found.record.last_name,
        emailAddress: found.record.email,
        new: found.record.linked_user_id === null,
        userAccountExists: user !== undefined,
      };
    },

    /**
     * POST /api/user/subscribe: the web account of an eligible, unlinked record, signed in as a
     * registered reader with an unverified address. The record is linked (and the account made a
     * subscriber) when the member follows the link mailed to the address.
     */
    async subscribe(
      input: { emailAddress: string; accountNumber: string; password: string; optIn?: boolean; reCaptchaToken?: string },
      previousToken: string | undefined,
      visitor: { country: string | null } = { country: null },
    ): Promise<StartedSession> {
      checkFields([
        ['emailAddress', validateEmail(input.emailAddress, 'modal')],
        ['accountNumber', validateRequired(input.accountNumber)],
        ['password', validateRegistrationPassword(input.password)],
      ]);
      // A registration (PAY-09: the subscriber page asks with 'register_sync_sub'): a person, before any record is looked at.
      await requireCaptcha(captcha, input.reCaptchaToken, 'register');
      const email = normalizeEmail(input.emailAddress);
      const found = await findEligible(email, input.accountNumber.trim());
      if (!found) throw noActiveSubscription();
      const existing = await accounts.findUserByEmail(email);
      if (existing?.restricted === 1) throw new ForbiddenError(MESSAGES.signIn.restricted);
      if (existing) throw emailTaken();
      if (found.record.linked_user_id !== null) throw alreadyLinked();

      const { record } = found;
      const user = newUserRow({
        email,
        firstName: record.first_name,
        lastName: record.last_name,
        passwordHash: await hashPassword(input.password),
        status: 'registered',
        // EU readers are opted in only by their own tick (PAY-05, services/consent.ts).
        optIn: consentedOptIn(input.optIn, visitor.country, record.opt_in === 1),
        now: clock.now(),
      });
      const created = await insertNewAccount({ accounts, lockout, verification }, user);
      return auth.startSession(created, previousToken);
    },

    /**
     * POST /api/user/subscribe/checkoutComplete: links every eligible, unlinked record of the
     * viewer's email to them and makes them a subscriber. Nothing to link leaves them unchanged
     * (the subscription may not have reached the fulfilment system yet), and so does an address
     * the viewer has not proved they own: its records are linked when they follow the mailed link.
     */
    async checkoutComplete(viewer: Viewer): Promise<Viewer> {
      if (viewer.user.email_verified_at === null) return viewer;
      const linked = await linkOwnedRecords(subscribers, viewer.user.id, viewer.user.email, clock.now().toISOString());
      return linked > 0 ? auth.reload(viewer) : viewer;
    },
  };
}

/** NOT IN SPEC: the record already has a web account under another email. */
export const ALREADY_LINKED_MESSAGE = 'This subscription is already linked to a web account.';
const alreadyLinked = () => new ConflictError(ALREADY_LINKED_MESSAGE, [{ field: 'accountNumber', errorMessage: ALREADY_LINKED_MESSAGE }]);

export type SubscriberService = ReturnType<typeof createSubscriberService>;
