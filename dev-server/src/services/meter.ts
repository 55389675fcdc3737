/**
 * The meter (PAY-03 quota, PAY-09): who is counted, and how.
 *
 * - A subject is a signed-in user ('u:{userId}', limits from the user's row, 4 and 3 by default) or
 *   a guest device ('d:{SHA-256 of the mid cookie}', the default limits). The cookie value itself is
 *   never stored.
 * - A distinct article counts once per calendar month (UTC; not in the spec, decision 011); reading it again that
 *   month is free. Ascend articles count against the ascend quota, every other metered article
 *   against the quota. Free articles and subscribers are never metered (the access service decides).
 * - Counting is one statement (repositories/meter.ts), so parallel requests never pass the limit.
 * - Guests are also counted by their network ('n:{HMAC-SHA-256 of month and network}', limits
 *   NETWORK_QUOTA_MULTIPLIER times a guest's): a guest whose network has spent its quota meets the
 *   wall even with a fresh device cookie. The network is the IPv4 address, or the /64 of an IPv6
 *   address; the raw address is never stored, and the key changes every month. Loopback and unknown
 *   addresses (the app's own machine, a local proxy without TRUST_PROXY) are not network-metered.
 *   Signed-in readers are metered by their account only.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { type Quota } from 'shared-contracts/server';
import { DEFAULT_ASCEND_QUOTA_LIMIT, DEFAULT_QUOTA_LIMIT } from '../server-rules';
import type { Clock } from '../deps';
import type { UserRow } from '../db/database';
import type { MeterKind, MeterRepository } from '../repositories/meter';

export type { MeterKind } from '../repositories/meter';

export interface MeterSubject {
  key: string;
  limits: Record<MeterKind, number>;
}

export interface Quotas {
  quota: Quota;
  ascendQuota: Quota;
}

export type ViewOutcome = 'metered' | 'reread' | 'walled';

const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A network's quota is this many times a guest device's (an office of guests behind one address). */
export const NETWORK_QUOTA_MULTIPLIER = 5;

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const v4 = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const octets = v4[2]!.split('.').map(Number);
    text = `${v4[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...new Array<number>(Math.max(0, fill)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The network a client address stands for: an IPv4 address itself (IPv4-mapped IPv6 included), the
 * /64 prefix of an IPv6 address (one subscriber line rotates addresses inside it), or null for a
 * loopback, malformed or missing address, which is not network-metered.
 */
export function networkOf(address: string | undefined): string | null {
  if (address === undefined) return null;
  const plain = address.replace(/%.*$/, '');
  if (isIPv4(plain)) return plain.startsWith('127.') ? null : plain;
  if (!isIPv6(plain)) return null;
  const g = ipv6Groups(plain.toLowerCase());
  if (g === null) return null;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return networkOf(`${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`);
  }
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return null;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** The meter period of an instant: 'YYYY-MM' in UTC. */
export function meterPeriod(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first instant of the instant's calendar month (UTC). */
export function monthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function quotaOfCount(limit: number, count: number): Quota {
  return { limit, count, remaining: Math.max(0, limit - count) };
}

export function userSubject(user: Pick<UserRow, 'id' | 'quota_limit' | 'ascend_quota_limit'>): MeterSubject {
  return { key: `u:${user.id}`, limits: { article: user.quota_limit, ascend: user.ascend_quota_limit } };
}

/** A new guest device id: 32 random bytes, base64url (the `mid` cookie). */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True for a value newDeviceToken could have made. */
export function isDeviceToken(token: string | undefined): token is string {
  return typeof token === 'string' && DEVICE_TOKEN.test(token);
}

export function deviceSubject(token: string): MeterSubject {
  const hash = createHash('sha256').update(token).digest('hex');
  return { key: `d:${hash}`, limits: { article: DEFAULT_QUOTA_LIMIT, ascend: DEFAULT_ASCEND_QUOTA_LIMIT } };
}

/** A stable, UUID-shaped guid of a guest device (not its subject key, not the cookie). */
export function deviceGuid(token: string): string {
  const h = createHash('sha256').update(`device-guid:${token}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The untouched quotas of a subject that has read nothing. */
export function freshQuotas(limits: Record<MeterKind, number> = { article: DEFAULT_QUOTA_LIMIT, ascend: DEFAULT_ASCEND_QUOTA_LIMIT }): Quotas {
  return { quota: quotaOfCount(limits.article, 0), ascendQuota: quotaOfCount(limits.ascend, 0) };
}

/** The limits of a network: NETWORK_QUOTA_MULTIPLIER times a guest device's. */
export const NETWORK_LIMITS: Record<MeterKind, number> = {
  article: DEFAULT_QUOTA_LIMIT * NETWORK_QUOTA_MULTIPLIER,
  ascend: DEFAULT_ASCEND_QUOTA_LIMIT * NETWORK_QUOTA_MULTIPLIER,
};

/** Key of the network meter's HMAC when none is given (development only). */
const DEV_NETWORK_SECRET = 'magazine-site-development-network-meter-key';

export function createMeterService(deps: { meter: MeterRepository; clock: Clock; networkSecret?: string }) {
  const { meter, clock } = deps;
  const networkSecret = deps.networkSecret ?? DEV_NETWORK_SECRET;

  /** The network meter of a guest's address this month, or null when the address is not metered. */
  function networkSubject(address: string | undefined): MeterSubject | null {
    const network = networkOf(address);
    if (network === null) return null;
    const mac = createHmac('sha256', networkSecret)
      .update(`network-meter:${meterPeriod(clock.now())}:${network}`)
      .digest('hex');
    return { key: `n:${mac}`, limits: NETWORK_LIMITS };
  }

  async function quotas(subject: MeterSubject): Promise<Quotas> {
    const counts = await meter.countsOf(subject.key, meterPeriod(clock.now()));
    return {
      quota: quotaOfCount(subject.limits.article, counts.article),
      ascendQuota: quotaOfCount(subject.limits.ascend, counts.ascend),
    };
  }

  /** The guest's quotas: the device's, with nothing left while their network's meter of that kind is spent. */
  async function guestQuotas(deviceToken: string | undefined, address: string | undefined): Promise<Quotas> {
    const own = deviceToken === undefined ? freshQuotas() : await quotas(deviceSubject(deviceToken));
    const network = networkSubject(address);
    if (network === null) return own;
    const shared = await quotas(network);
    const capped = (q: Quota, n: Quota): Quota => (n.remaining > 0 ? q : { ...q, remaining: 0 });
    return { quota: capped(own.quota, shared.quota), ascendQuota: capped(own.ascendQuota, shared.ascendQuota) };
  }

  return {
    quotas,
    networkSubject,
    guestQuotas,

    /** True when the subject has already counted the article this month (reading it again is free). */
    async hasViewed(subject: MeterSubject, articleId: string): Promise<boolean> {
      return meter.hasView(subject.key, articleId, meterPeriod(clock.now()));
    },

    /** The quota of one kind, now. */
    async quotaOf(subject: MeterSubject, kind: MeterKind): Promise<Quota> {
      const q = await quotas(subject);
      return kind === 'ascend' ? q.ascendQuota : q.quota;
    },

    /**
     * Counts a view of the article: 'metered' (counted now), 'reread' (already counted this month)
     * or 'walled' (the quota is spent); with the quota of that kind after the view.
     */
    async view(subject: MeterSubject, articleId: string, kind: MeterKind): Promise<{ outcome: ViewOutcome; quota: Quota }> {
      const now = clock.now();
      const period = meterPeriod(now);
      const limit = subject.limits[kind];
      let outcome: ViewOutcome;
      if (await meter.hasView(subject.key, articleId, period)) outcome = 'reread';
      else if (await meter.recordViewUnderLimit({ subjectKey: subject.key, articleId, kind, period, nowIso: now.toISOString(), limit })) outcome = 'metered';
      // A parallel request of the same article may have counted it between the two statements.
      else outcome = (await meter.hasView(subject.key, articleId, period)) ? 'reread' : 'walled';
      const counts = await meter.countsOf(subject.key, period);
      return { outcome, quota: quotaOfCount(limit, counts[kind]) };
    },
  };
}

export type MeterService = ReturnType<typeof createMeterService>;
