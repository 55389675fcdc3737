/**
 * Profile settings (PAY-03, PAY-05, PAY-07): display name, email and the attributes industry, jobTitle,
 * companySize (each '' or one of the spec's lists) and optIn ('true' / 'false'). Every accepted
 * change bumps updated_at, the profile's Last-Modified. Quotas are the meter's counts of the current
 * calendar month (services/meter.ts), with the limits of the user's row.
 *
 * A different email address needs the current password and is not switched here: a link goes to
 * the new address and a notice to the current one (services/email-verification.ts); the address
 * changes when the link is followed.
 *
 * The account page's order history (PLAT-15): the member's own orders, newest first, each with its
 * number, date, total, status ('Purchased' or 'Cancelled', SITE-04) and its own links (order page and
 * receipt). Maintenance takes order history offline as in My Library (SITE-08).
 */
import {
  COMPANY_SIZES,
  INDUSTRIES,
  JOB_TITLES,
  maxLengthMessage,
  MESSAGES,
  type ProfileUpdateRequest,
  orderPath,
  orderStatusLabel,
  type Quota,
  validateEmail,
} from 'shared-contracts/server';
import type { Updateable } from 'kysely';
import type { Clock } from '../deps';
import type { OrderRow, UserTable } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { ActivityRepository } from '../repositories/activity';
import type { AuthService, Viewer } from './auth';
import type { EmailVerificationService } from './email-verification';
import { InvalidInputError, invalidFields, type FieldError } from './errors';
import { emailTaken, normalizeEmail } from './field-rules';
import { verifyPassword } from './passwords';

export const DISPLAY_NAME_MAX_LENGTH = 100;

/** How many of the newest orders the account page lists (the rest are in My Library's Ordered tab). */
export const ACCOUNT_ORDERS_LIMIT = 20;

/** One order of GET /service/user/orders. */
export interface AccountOrder {
  id: string;
  orderNumber: string;
  title: string;
  createdAt: string;
  grandTotalCents: number;
  itemCount: number;
  status: 'Purchased' | 'Cancelled';
  orderUrl: string;
  receiptUrl: string;
}

/** GET /service/user/orders: the newest orders, how many there are, and whether history is offline. */
export interface AccountOrders {
  orders: AccountOrder[];
  total: number;
  maintenance: boolean;
}

export function accountOrder(row: OrderRow, itemCount: number): AccountOrder {
  return {
    id: row.id,
    orderNumber: row.order_number ?? row.id,
    title: row.title,
    createdAt: row.created_at,
    grandTotalCents: row.grand_total_inc_tax,
    itemCount,
    status: orderStatusLabel(row.status),
    orderUrl: orderPath(row.id),
    receiptUrl: orderPath(row.id, { receipt: true }),
  };
}

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

/** A different address needs the current password: required, then checked. */
async function requireCurrentPassword(viewer: Viewer, currentPassword: string | undefined): Promise<void> {
  if (currentPassword === undefined || currentPassword === '') {
    throw invalidFields([{ field: 'currentPassword', errorMessage: MESSAGES.changePassword.currentRequired }]);
  }
  if (!(await verifyPassword(currentPassword, viewer.user.password_hash))) {
    throw new InvalidInputError(MESSAGES.changePassword.currentInvalid, [{ field: 'currentPassword', errorMessage: MESSAGES.changePassword.currentInvalid }]);
  }
}

export function createProfileService(deps: {
  accounts: AccountRepository;
  auth: AuthService;
  clock: Clock;
  verification: Pick<EmailVerificationService, 'requestEmailChange'>;
  orders?: Pick<ActivityRepository, 'countOrders' | 'listOrders' | 'orderLines'>;
  maintenance?: boolean;
}) {
  const { accounts, auth, clock, verification, orders: orderRows, maintenance = false } = deps;
  return {
    /** The viewer's own orders only: the query is keyed by the session's user, never by a parameter. */
    async orders(viewer: Viewer): Promise<AccountOrders> {
      if (maintenance || !orderRows) return { orders: [], total: 0, maintenance };
      const userId = viewer.user.id;
      const total = await orderRows.countOrders(userId);
      const rows = total === 0 ? [] : await orderRows.listOrders(userId, 0, ACCOUNT_ORDERS_LIMIT);
      const lines = await orderRows.orderLines(rows.map((r) => r.id));
      const items = (id: string) => lines.reduce((n, l) => (l.order_id === id ? n + l.quantity : n), 0);
      return { orders: rows.map((r) => accountOrder(r, items(r.id))), total, maintenance: false };
    },

    async update(viewer: Viewer, input: ProfileUpdateRequest): Promise<Viewer> {
      const { patch, errors } = profilePatch(input);
      if (errors.length > 0) throw invalidFields(errors);
      const { email: requestedEmail, ...rest } = patch;
      const newEmail = requestedEmail !== undefined && requestedEmail !== viewer.user.email ? requestedEmail : undefined;
      if (newEmail !== undefined) {
        await requireCurrentPassword(viewer, input.currentPassword);
        const holder = await accounts.findUserByEmail(newEmail);
        if (holder && holder.id !== viewer.user.id) throw emailTaken();
      }
      let updated = viewer;
      if (Object.keys(rest).length > 0) {
        rest.updated_at = clock.now().toISOString();
        await accounts.updateUser(viewer.user.id, rest);
        updated = await auth.reload(viewer);
      }
      if (newEmail !== undefined) await verification.requestEmailChange(viewer.user, newEmail);
      return updated;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
