/**
 * Demo users, their tiers, folders and saved items; the subscriber lookup records (linked to the
 * demo subscribers, plus the ones without a web account) with their subscriptions; and the sign-in
 * counter of the account that is one wrong password away from its lockout.
 */
import type { Insertable } from 'kysely';
import { folderNameKey, SUBSCRIBER_TIERS, type SubscriberRoleCode } from 'shared-contracts/server';
import type {
  FolderTable,
  LibraryItemTable,
  NewArticle,
  NewSubscriberRecord,
  NewSubscription,
  NewUser,
  SignInCounterTable,
  UserTierTable,
} from '../db/database';
import { hashPassword } from '../services/passwords';
import type { Rng } from './prng';
import { seededUuid } from './prng';
import { DEMO_FOLDERS, DEMO_SUBSCRIBER_RECORDS, DEMO_USERS, type DemoSubscriberRecord } from './demo-users';

export interface UserSeed {
  users: NewUser[];
  tiers: Insertable<UserTierTable>[];
  folders: Insertable<FolderTable>[];
  /** Saved articles (library_items, kind 'article'). */
  libraryItems: Insertable<LibraryItemTable>[];
  subscriberRecords: NewSubscriberRecord[];
  subscriptions: NewSubscription[];
  signInCounters: Insertable<SignInCounterTable>[];
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 12)).toISOString();

/** A record's subscriptions: its own (source = the record's), and an ACCESS_CODE grant for some. */
function subscriptionsOf(record: NewSubscriberRecord, index: number, withAccessCode: boolean): NewSubscription[] {
  const role = `ROLE_HBRG_${record.subscription_code}` as SubscriberRoleCode;
  const tier = SUBSCRIBER_TIERS[role] ?? { label: record.subscription_code, caption: null };
  const title = tier.caption ? `${tier.label}: ${tier.caption}, 12 months` : `${tier.label}, 12 months`;
  const active = record.subscription_active === 1;
  const rows: NewSubscription[] = [
    {
      id: `${record.id}-s1`,
      record_id: record.id,
      source_code: record.source,
      status: active ? 'ACTIVE' : 'EXPIRED',
      times_renewed: index % 4,
      order_value: 99 + index * 20,
      country: 'US',
      term_title: title,
      account_number: record.account_number,
      most_recent_purchase_date: active ? iso(2025, 1 + (index % 5), 15) : iso(2023, 3, 1),
      first_purchase_date: iso(2021 + (index % 3), 3, 1),
      access_start_date: active ? iso(2025, 1 + (index % 5), 15) : iso(2023, 3, 1),
      access_expiration_date: active ? iso(2026, 1 + (index % 5), 14) : iso(2024, 2, 29),
    },
  ];
  if (withAccessCode) {
    // Newer than the paid one, yet never "the latest": ACCESS_CODE is ignored when picking it.
    rows.push({
      id: `${record.id}-s2`,
      record_id: record.id,
      source_code: 'ACCESS_CODE',
      status: 'ACTIVE',
      times_renewed: 0,
      order_value: 0,
      country: 'US',
      term_title: 'Access code, 3 months',
      account_number: record.account_number,
      most_recent_purchase_date: iso(2025, 6, 1),
      first_purchase_date: iso(2025, 6, 1),
      access_start_date: iso(2025, 6, 1),
      access_expiration_date: iso(2025, 9, 1),
    });
  }
  return rows;
}

function recordRow(
  r: Pick<DemoSubscriberRecord, 'email' | 'firstName' | 'lastName' | 'accountNumber' | 'source' | 'code' | 'active'>,
  index: number,
  linkedUserId: string | null,
): NewSubscriberRecord {
  return {
    id: `sr-${String(index + 1).padStart(4, '0')}`,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    source: r.source,
    account_number: r.accountNumber,
    subscription_code: r.code,
    subscription_active: r.active ? 1 : 0,
    linked_user_id: linkedUserId,
    issues: JSON.stringify(r.code === 'GOOD' ? ['digital'] : ['digital', 'print']),
    opt_in: index % 2,
    created_at: iso(2024, 1, 1 + index),
  };
}

export async function buildUsers(rng: Rng, articles: readonly NewArticle[]): Promise<UserSeed> {
  const out: UserSeed = { users: [], tiers: [], folders: [], libraryItems: [], subscriberRecords: [], subscriptions: [], signInCounters: [] };
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  DEMO_USERS.forEach((demo, index) => {
    const id = `u-${rng.hex(12)}`;
    const created = new Date(Date.UTC(2024, index * 2, 10, 15)).toISOString();
    out.users.push({
      id,
      guid: seededUuid(rng),
      email: demo.email,
      first_name: demo.firstName,
      last_name: demo.lastName,
      display_name: `${demo.firstName} ${demo.lastName}`,
      password_hash: hashes[index] ?? '',
      status: demo.status,
      created_at: created,
      updated_at: created,
      restricted: demo.restricted ? 1 : 0,
      email_verified_at: created,
    });
    for (const role of demo.tiers) out.tiers.push({ user_id: id, role_code: role });
    if (demo.subscription) {
      const record = recordRow({ ...demo, ...demo.subscription, source: 'CDS_US', active: true }, out.subscriberRecords.length, id);
      out.subscriberRecords.push(record);
      out.subscriptions.push(...subscriptionsOf(record, index, demo.subscription.code === 'BEST'));
    }
    if (demo.failedSignIns) {
      out.signInCounters.push({ email_key: demo.email, failures: demo.failedSignIns, locked_until: null, updated_at: created });
    }

    // Saves: every save is in My Library; some are also in the user's own folders.
    const saved = rng.sample(articles, 6 + index * 3);
    const savedAt = (i: number) => new Date(Date.UTC(2025, 5, 1 + i, 9)).toISOString();
    const membership: Record<string, readonly NewArticle[]> = {
      'my-library': saved,
      'strategy-reads': saved.slice(0, 3 + index),
      'team-offsite': saved.slice(-2),
    };
    DEMO_FOLDERS.forEach((f, position) => {
      const folderId = `f-${rng.hex(12)}`;
      out.folders.push({
        id: folderId,
        user_id: id,
        name: f.name,
        description: f.description,
        slug: f.slug,
        name_key: folderNameKey(f.name),
        read_only: f.readOnly ? 1 : 0,
        position,
        created_at: created,
      });
      (membership[f.slug] ?? []).forEach((a, i) =>
        out.libraryItems.push({ folder_id: folderId, content_id: a.id, content_kind: 'article', added_at: savedAt(i) }),
      );
    });
  });

  // Lookup records without a web account.
  DEMO_SUBSCRIBER_RECORDS.forEach((demo) => {
    const index = out.subscriberRecords.length;
    const record = recordRow(demo, index, null);
    out.subscriberRecords.push(record);
    out.subscriptions.push(...subscriptionsOf(record, index, demo.source === 'CDS_US' && demo.active));
  });
  return out;
}
