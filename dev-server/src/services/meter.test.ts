/** The meter's counting rules under concurrency, without HTTP in between (all calls start together). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { createFakeClock } from '../deps';
import { createGiftRepository } from '../repositories/gifts';
import { createMeterRepository } from '../repositories/meter';
import { seededDatabase, TEST_NOW } from '../test/harness';
import { deviceGuid, deviceSubject, meterPeriod, monthStart, newDeviceToken, createMeterService } from './meter';

let db: Kysely<Database>;
let ids: string[];
beforeAll(async () => {
  db = await seededDatabase();
  ids = (await db.selectFrom('articles').select('id').where('free', '=', 0).where('ascend', '=', 0).orderBy('id').limit(12).execute()).map((r) => r.id);
});
afterAll(() => db.destroy());

describe('meter service', () => {
  const clock = createFakeClock(TEST_NOW);

  it('lets exactly `limit` of many simultaneous views of distinct articles through', async () => {
    const meter = createMeterService({ meter: createMeterRepository(db), clock });
    const subject = deviceSubject(newDeviceToken());
    const outcomes = await Promise.all(ids.map((id) => meter.view(subject, id, 'article')));
    expect(outcomes.filter((o) => o.outcome === 'metered')).toHaveLength(4);
    expect(outcomes.filter((o) => o.outcome === 'walled')).toHaveLength(ids.length - 4);
    expect((await meter.quotas(subject)).quota).toEqual({ limit: 4, count: 4, remaining: 0 });
  });

  it('counts simultaneous views of one article once', async () => {
    const meter = createMeterService({ meter: createMeterRepository(db), clock });
    const subject = deviceSubject(newDeviceToken());
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => meter.view(subject, ids[0]!, 'article')));
    expect(outcomes.filter((o) => o.outcome === 'metered')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'reread')).toHaveLength(7);
  });

  it('keeps the device token out of the subject key and the guid', () => {
    const token = newDeviceToken();
    expect(deviceSubject(token).key).toMatch(/^d:[0-9a-f]{64}$/);
    expect(deviceSubject(token).key).not.toContain(token);
    expect(deviceGuid(token)).toBe(deviceGuid(token));
    expect(deviceGuid(token)).not.toBe(deviceSubject(token).key.slice(2, 38));
  });

  it('uses calendar months in UTC', () => {
    expect(meterPeriod(new Date('2025-07-31T23:59:59.999Z'))).toBe('2025-07');
    expect(meterPeriod(new Date('2025-08-01T00:00:00.000Z'))).toBe('2025-08');
    expect(monthStart(new Date('2025-12-31T23:00:00.000Z')).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });
});

describe('gift repository', () => {
  it('gives at most the allowance when many gifts are given at once', async () => {
    const gifts = createGiftRepository(db);
    const giver = await db.selectFrom('users').select('id').where('status', '=', 'subscriber').executeTakeFirstOrThrow();
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        gifts.insertUnderAllowance(
          { token_hash: `h${i}`, article_id: ids[0]!, giver_id: giver.id, created_at: TEST_NOW, expires_at: '2025-08-01T00:00:00.000Z' },
          '2025-07-01T00:00:00.000Z',
          5,
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
  });
});
