/**
 * Profile settings (paywall §3, §5, §7): display name, email and the attributes industry, jobTitle,
 * companySize (each '' or one of the spec's lists) and optIn ('true' / 'false'). Every accepted
 * change bumps updated_at, the profile's Last-Modified. Quotas are the meter's counts of the current
 * calendar month (services/meter.ts), with the limits of the user's row.
 */
import { MESSAGES, type Quota } from 'shared-contracts';
import { maxLengthMessage } from 'shared-contracts/forms';
import { COMPANY_SIZES, INDUSTRIES, JOB_TITLES } from 'shared-contracts/forms';
import type { ProfileUpdateRequest } from 'shared-contracts/forms';
import { validateEmail } from 'shared-contracts/forms';
import type { Updateable } from 'kysely';
import type { Clock } from '../deps';
import type { UserTable } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { AuthService, Viewer } from './auth';
import { invalidFields, type FieldError } from './errors';
import { emailTaken, normalizeEmail } from './field-rules';

export const DISPLAY_NAME_MAX_LENGTH = 100;

const SELECTS = {
  industry: { column: 'industry', choices: INDUSTRIES },
  jobTitle: { column: 'job_title', choices: JOB_TITLES },
  companySize: { column: 'company_size', choices: COMPANY_SIZES },
} as const;

export function quotaOf(viewer: Viewer): Quota {
  return viewer.quotas.quota;
}

export function ascendQuotaOf(viewer: Viewer): Quota {
  return viewer.quotas.ascendQuota;
}

/** The row changes a profile update asks for, or the field errors that refuse it. */
export function profilePatch(input: ProfileUpdateRequest): { patch: Updateable<UserTable>; errors: FieldError[] } {
  const patch: Updateable<UserTable> = {};
  const errors: FieldError[] = [];
  if (input.displayName !== undefined) {
    const name = input.displayName.trim();
    if (name === '') errors.push({ field: 'displayName', errorMessage: MESSAGES.required });
    else if (name.length > DISPLAY_NAME_MAX_LENGTH) errors.push({ field: 'displayName', errorMessage: maxLengthMessage(DISPLAY_NAME_MAX_LENGTH) });
    else patch.display_name = name;
  }
  if (input.emailAddress !== undefined) {
    const error = validateEmail(input.emailAddress, 'modal');
    if (error) errors.push({ field: 'emailAddress', errorMessage: error });
    else patch.email = normalizeEmail(input.emailAddress);
  }
  for (const { name, value } of input.attributes ?? []) {
    if (name === 'optIn') {
      if (value === 'true' || value === 'false') patch.opt_in = value === 'true' ? 1 : 0;
      else errors.push({ field: name, errorMessage: MESSAGES.shared.selectValid });
    } else if (Object.hasOwn(SELECTS, name)) {
      const select = SELECTS[name as keyof typeof SELECTS];
      if (value === '') patch[select.column] = null;
      else if ((select.choices as readonly string[]).includes(value)) patch[select.column] = value;
      else errors.push({ field: name, errorMessage: MESSAGES.shared.selectValid });
    } else {
      errors.push({ field: 'attributes', errorMessage: MESSAGES.shared.selectValid });
    }
  }
  return { patch, errors };
}

export function createProfileService(deps: { accounts: AccountRepository; auth: AuthService; clock: Clock }) {
  const { accounts, auth, clock } = deps;
  return {
    async update(viewer: Viewer, input: ProfileUpdateRequest): Promise<Viewer> {
      const { patch, errors } = profilePatch(input);
      if (errors.length > 0) throw invalidFields(errors);
      if (patch.email !== undefined && patch.email !== viewer.user.email) {
        const holder = await accounts.findUserByEmail(patch.email);
        if (holder && holder.id !== viewer.user.id) throw emailTaken();
      }
      if (Object.keys(patch).length === 0) return viewer;
      patch.updated_at = clock.now().toISOString();
      if (!(await accounts.updateUser(viewer.user.id, patch))) throw emailTaken();
      return auth.reload(viewer);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
