/**
 * The bench's Lighthouse report (issue 10's targets): a target is met only when every run meets it,
 * and the cell shows the worst run's figure with the range.
 */
import { figureCell, isTraceFailure } from './bench-lighthouse';

const LCP = { label: '<= 1500', test: (v: number) => v <= 1500, format: (v: number) => String(Math.round(v)), worst: 'max' as const };
const PERFORMANCE = { label: '>= 95', test: (v: number) => v >= 95, format: String, worst: 'min' as const };

it('reports the worst of the runs, not met when any run misses the target', () => {
  expect(figureCell(LCP, [812.4, 1704.2, 963])).toBe('1704 (not met; 812-1704 in 3 runs)');
  expect(figureCell(LCP, [812.4, 903, 963])).toBe('963 (met; 812-963 in 3 runs)');
  expect(figureCell(PERFORMANCE, [100, 94, 99])).toBe('94 (not met; 94-100 in 3 runs)');
});

it('shows one run as it is, and no run as n/a', () => {
  expect(figureCell(PERFORMANCE, [98])).toBe('98 (met)');
  expect(figureCell(PERFORMANCE, [])).toBe('n/a');
});

it("repeats a run only for Lighthouse's own trace failures", () => {
  expect(isTraceFailure('NO_NAVSTART: Your page did not start navigating')).toBe(true);
  expect(isTraceFailure('lighthouse exited with 1: ECONNREFUSED')).toBe(false);
});
