/**
 * The bench's Lighthouse report against its targets: one row per page, a target is met only when
 * every run meets it, and the cell shows the worst run's figure with the range.
 */
import { figuresOf, isTraceFailure, lighthouseTable, meetsEveryTarget, TARGETS, type Lhr, type PageResult } from './bench-lighthouse';
import { compactCell } from './bench-report';

const run = (figures: Record<string, number>): PageResult => ({ page: 'store', path: '/store', figures });
const good = { performance: 98, accessibility: 100, 'LCP (ms)': 900, CLS: 0, 'TBT (ms)': 40, 'best-practices': 100, seo: 100 };

it('holds the targets: LCP at most 1200 ms, TBT at most 150 ms', () => {
  const lcp = TARGETS['LCP (ms)'];
  const tbt = TARGETS['TBT (ms)'];
  expect(lcp?.label).toBe('<= 1200');
  expect(compactCell(lcp!, [812.4, 1304.2, 963])).toBe('1304 (812-1304) **not met**');
  expect(compactCell(lcp!, [812.4, 903, 963])).toBe('963 (812-963) met');
  expect(compactCell(tbt!, [151])).toBe('151 **not met**');
  expect(compactCell(TARGETS.performance!, [100, 94, 99])).toBe('94 (94-100) **not met**');
  expect(TARGETS.accessibility?.label).toBe('100');
});

it('reads the figures, TBT included, from a report', () => {
  const lhr: Lhr = {
    categories: { performance: { score: 0.97 }, accessibility: { score: 1 }, 'best-practices': { score: null }, seo: { score: 1 } },
    audits: {
      'largest-contentful-paint': { numericValue: 1011.5 },
      'cumulative-layout-shift': { numericValue: 0.004 },
      'total-blocking-time': { numericValue: 182 },
    },
  };
  expect(figuresOf(lhr)).toEqual({
    performance: 97,
    accessibility: 100,
    'best-practices': undefined,
    seo: 100,
    'LCP (ms)': 1011.5,
    CLS: 0.004,
    'TBT (ms)': 182,
  });
});

it('lists one row per page, and says whether every run met every target', () => {
  const runs = [run(good), run({ ...good, 'TBT (ms)': 170 })];
  expect(meetsEveryTarget([run(good)])).toBe(true);
  expect(meetsEveryTarget(runs)).toBe(false);
  // A run that recorded nothing does not count as met.
  expect(meetsEveryTarget([run(good), { page: 'store', path: '/store', figures: {}, failed: 'boom' }])).toBe(false);
  const table = lighthouseTable([runs]).split('\n');
  expect(table[0]).toBe(
    '| page | path | performance >= 95 | accessibility 100 | LCP (ms) <= 1200 | CLS <= 0.020 | TBT (ms) <= 150 | best-practices >= 95 | seo >= 95 | every target met |',
  );
  expect(table).toHaveLength(3);
  expect(table[2]).toBe('| store | `/store` | 98 met | 100 met | 900 met | 0.000 met | 170 (40-170) **not met** | 100 met | 100 met | **no** |');
});

it("repeats a run only for Lighthouse's own trace failures", () => {
  expect(isTraceFailure('NO_NAVSTART: Your page did not start navigating')).toBe(true);
  expect(isTraceFailure('lighthouse exited with 1: ECONNREFUSED')).toBe(false);
});
