/**
 * The meter (paywall §3 quota, §9): who is counted, and how.
 *
 * - A subject is a signed-in user ('u:{userId}', limits from the user's row, 4 and 3 by default) or
 *   a guest device ('d:{SHA-256 of the mid cookie}', the default limits). The cookie value itself is
 *   never stored.
 * - A distinct article counts once per calendar month (UTC; not in the spec, decision 011); reading it again that
 *   month is free. Ascend articles count against the ascend quota, every other metered article
 *   against the quota. Free articles and subscribers are never metered (the access service decides).
 * - Counting is one statement (repositories/meter.ts), so parallel requests never pass the limit.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_ASCEND_QUOTA_LIMIT, DEFAULT_QUOTA_LIMIT, type Quota } from 'shared-contracts';
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

export function createMeterService(deps: { meter: MeterRepository; clock: Clock }) {
  const { meter, clock } = deps;

  async function quotas(subject: MeterSubject): Promise<Quotas> {
    const counts = await meter.countsOf(subject.key, meterPeriod(clock.now()));
    return {
      quota: quotaOfCount(subject.limits.article, counts.article),
      ascendQuota: quotaOfCount(subject.limits.ascend, counts.ascend),
    };
  }

  return {
    quotas,

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
