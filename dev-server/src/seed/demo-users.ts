/**
 * The demo accounts every fresh database has, one of each kind, all with DEMO_PASSWORD, plus the
 * subscriber lookup records without a web account. Tests, e2e and the README use these instead of
 * repeating the strings.
 */
import { SIGN_IN_MAX_TRIES } from '../server-rules';

export const DEMO_PASSWORD = 'Reader#2025pass';

export interface DemoUser {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly status: 'registered' | 'subscriber';
  readonly tiers: readonly string[];
  /** Subscribers: their linked CDS_US lookup record (account number, subscription code). */
  readonly subscription?: { readonly accountNumber: string; readonly code: string };
  /** Restricted: may not sign in (user_restricted after the right password). */
  readonly restricted?: boolean;
  /** Failed sign-in tries already counted (locking@: one more wrong password locks it). */
  readonly failedSignIns?: number;
}

export const DEMO_READER = {
  email: 'reader@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Robin',
  lastName: 'Quarles',
  status: 'registered',
  tiers: [] as readonly string[],
} as const;

export const DEMO_SUBSCRIBER = {
  email: 'subscriber@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Sasha',
  lastName: 'Lindqvist',
  status: 'subscriber',
  tiers: ['ROLE_HBRG_BEST'] as readonly string[],
  subscription: { accountNumber: '700000103', code: 'BEST' },
} as const;

export const DEMO_GOOD = {
  email: 'good@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Gale',
  lastName: 'Okonkwo',
  status: 'subscriber',
  tiers: ['ROLE_HBRG_GOOD'] as readonly string[],
  subscription: { accountNumber: '700000101', code: 'GOOD' },
} as const;

export const DEMO_BETTER = {
  email: 'better@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Bea',
  lastName: 'Marchetti',
  status: 'subscriber',
  tiers: ['ROLE_HBRG_BETTER'] as readonly string[],
  subscription: { accountNumber: '700000102', code: 'BETTER' },
} as const;

export const DEMO_EXECUTIVE = {
  email: 'executive@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Evan',
  lastName: 'Castellanos',
  status: 'subscriber',
  tiers: ['ROLE_HBRG_EXECUTIVE'] as readonly string[],
  subscription: { accountNumber: '700000104', code: 'EXECUTIVE' },
} as const;

export const DEMO_ALLACCESS = {
  email: 'allaccess@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Ada',
  lastName: 'Nakamura',
  status: 'subscriber',
  tiers: ['ROLE_HBRG_ALLACCESS'] as readonly string[],
  subscription: { accountNumber: '700000105', code: 'ALLACCESS' },
} as const;

export const DEMO_RESTRICTED = {
  email: 'restricted@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Remy',
  lastName: 'Halvorsen',
  status: 'registered',
  tiers: [] as readonly string[],
  restricted: true,
} as const;

export const DEMO_LOCKING = {
  email: 'locking@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Lou',
  lastName: 'Petrakis',
  status: 'registered',
  tiers: [] as readonly string[],
  /** SIGN_IN_MAX_TRIES - 1: the next wrong password locks the account for 24 hours. */
  failedSignIns: SIGN_IN_MAX_TRIES - 1,
} as const;

/** Every demo account; reader and subscriber first (their seeded folders stay as they were). */
export const DEMO_USERS: readonly DemoUser[] = [
  DEMO_READER,
  DEMO_SUBSCRIBER,
  DEMO_GOOD,
  DEMO_BETTER,
  DEMO_EXECUTIVE,
  DEMO_ALLACCESS,
  DEMO_RESTRICTED,
  DEMO_LOCKING,
];

/** Folders each demo account starts with; 'My Library' is the read-only folder of every save. */
export const DEMO_FOLDERS = [
  { name: 'My Library', slug: 'my-library', readOnly: true, description: 'Everything you have saved' },
  { name: 'Strategy reads', slug: 'strategy-reads', readOnly: false, description: 'Pieces to discuss with the leadership group' },
  { name: 'Team offsite', slug: 'team-offsite', readOnly: false, description: '' },
] as const;

/** A subscriber lookup record with no web account (the subscriber registration journey). */
export interface DemoSubscriberRecord {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly accountNumber: string;
  readonly source: 'CDS_US' | 'CDS_UK' | 'ACCESS_CODE';
  readonly code: string;
  readonly active: boolean;
}

/** Eligible: active CDS_US, no web account. Registering with this email goes to /subscriber-registration. */
export const DEMO_PRINT_SUBSCRIBER = {
  email: 'print.subscriber@example.com',
  firstName: 'Priya',
  lastName: 'Sundaram',
  accountNumber: '800000201',
  source: 'CDS_US',
  code: 'BETTER',
  active: true,
} as const satisfies DemoSubscriberRecord;

/** Not eligible: the subscription has lapsed (inactive). The lookup answers 404. */
export const DEMO_LAPSED_SUBSCRIBER = {
  email: 'lapsed.subscriber@example.com',
  firstName: 'Lars',
  lastName: 'Eriksen',
  accountNumber: '800000202',
  source: 'CDS_US',
  code: 'GOOD',
  active: false,
} as const satisfies DemoSubscriberRecord;

/** Not eligible: only an ACCESS_CODE subscription. The lookup answers 404. */
export const DEMO_ACCESS_CODE_SUBSCRIBER = {
  email: 'access.code@example.com',
  firstName: 'Aiko',
  lastName: 'Tanaka',
  accountNumber: '800000203',
  source: 'ACCESS_CODE',
  code: 'GOOD',
  active: true,
} as const satisfies DemoSubscriberRecord;

export const DEMO_SUBSCRIBER_RECORDS: readonly DemoSubscriberRecord[] = [DEMO_PRINT_SUBSCRIBER, DEMO_LAPSED_SUBSCRIBER, DEMO_ACCESS_CODE_SUBSCRIBER];
