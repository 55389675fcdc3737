/** The row of a new web account, from registration or from a subscriber record. */
import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_ASCEND_QUOTA_LIMIT, DEFAULT_QUOTA_LIMIT } from '../server-rules';
import type { NewUser, UserRow } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { EmailVerificationService } from './email-verification';
import { emailTaken } from './field-rules';
import type { SignInLockout } from './lockout';

export function newUserRow(input: {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  status: 'registered' | 'subscriber';
  optIn: boolean;
  now: Date;
}): NewUser & { id: string } {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const now = input.now.toISOString();
  return {
    id: `u-${randomBytes(6).toString('hex')}`,
    guid: randomUUID(),
    email: input.email,
    first_name: firstName,
    last_name: lastName,
    display_name: `${firstName} ${lastName}`.trim(),
    password_hash: input.passwordHash,
    status: input.status,
    created_at: now,
    updated_at: now,
    opt_in: input.optIn ? 1 : 0,
    // Unverified until the member follows the link mailed to the address.
    email_verified_at: null,
    quota_limit: DEFAULT_QUOTA_LIMIT,
    ascend_quota_limit: DEFAULT_ASCEND_QUOTA_LIMIT,
  };
}

/**
 * Stores a new account and starts its life: a race with another account of the same email ends on
 * the unique index (409); tries spent on the email before it had an account must not lock the new
 * one; the confirmation link goes to the address. Returns the stored row.
 */
export async function insertNewAccount(
  deps: {
    accounts: AccountRepository;
    lockout: SignInLockout;
    verification: Pick<EmailVerificationService, 'sendVerificationLink'>;
  },
  user: NewUser & { id: string },
): Promise<UserRow> {
  if (!(await deps.accounts.insertUser(user))) throw emailTaken();
  await deps.lockout.clear(user.email);
  const created = await deps.accounts.findUserById(user.id);
  if (!created) throw new Error(`user ${user.id} vanished after creation`);
  await deps.verification.sendVerificationLink(created);
  return created;
}
