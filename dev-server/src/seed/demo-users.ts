/**
 * The two demo accounts every fresh database has. Tests and e2e import these instead of
 * repeating the strings.
 */
export const DEMO_PASSWORD = 'Reader#2025pass';

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
} as const;

export const DEMO_USERS = [DEMO_READER, DEMO_SUBSCRIBER] as const;

/** Folders each demo account starts with; 'My Library' is the read-only folder of every save. */
export const DEMO_FOLDERS = [
  { name: 'My Library', slug: 'my-library', readOnly: true, description: 'Everything you have saved' },
  { name: 'Strategy reads', slug: 'strategy-reads', readOnly: false, description: 'Pieces to discuss with the leadership group' },
  { name: 'Team offsite', slug: 'team-offsite', readOnly: false, description: '' },
] as const;
