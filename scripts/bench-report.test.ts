/** The bench's shared helpers: verdicts, tables, sections and the generated block of docs/performance.md. */
import {
  atLeast,
  atMost,
  BLOCK_END,
  BLOCK_START,
  browserCookies,
  compactCell,
  cookieHeader,
  envCount,
  formatDuration,
  markdownTable,
  mergeBlock,
  parseSections,
  readSections,
  replaceBlock,
  worstOf,
} from './bench-report';

it('picks the worst run in the target direction and marks the verdict over every run', () => {
  expect(worstOf(atMost(100), [40, 120, 80])).toBe(120);
  expect(worstOf(atLeast(95), [99, 93])).toBe(93);
  expect(worstOf(atLeast(95), [])).toBeUndefined();
  expect(compactCell(atMost(100), [40, 120, 80])).toBe('120 (40-120) **not met**');
  expect(compactCell(atMost(100), [48, 48])).toBe('48 met');
  expect(compactCell(atMost(100), [])).toBe('n/a');
});

it('draws a markdown table with aligned columns', () => {
  expect(markdownTable(['a', 'b'], ['l', 'r'], [['x', 1]])).toBe('| a | b |\n| --- | ---: |\n| x | 1 |');
});

it('formats durations', () => {
  expect(formatDuration(12_345)).toBe('12.3 s');
  expect(formatDuration(245_000)).toBe('4 min 05 s');
});

it('parses BENCH_SECTIONS, in the report order, and refuses unknown names', () => {
  expect(parseSections(undefined)).toEqual(['firstview', 'lighthouse', 'ssr', 'interactions', 'memory', 'accounts', 'api', 'search']);
  expect(parseSections(' memory, firstview ')).toEqual(['firstview', 'memory']);
  expect(() => parseSections('firstview,speed')).toThrow(/unknown section\(s\) speed/);
  expect(envCount('5', 3)).toBe(5);
  expect(envCount('zero', 3)).toBe(3);
  expect(envCount('0', 3)).toBe(3);
});

const SET_COOKIES = [
  'sid=abc-123; Path=/; Expires=Sat, 26 Dec 2026 09:41:27 GMT; HttpOnly; SameSite=Lax',
  'signed_in=1; Path=/; SameSite=Lax',
  'known_device=xyz; Path=/authenticate; HttpOnly',
  'gone=; Path=/; Max-Age=0',
];

it('turns Set-Cookie headers into a Cookie header and browser cookies', () => {
  expect(cookieHeader(SET_COOKIES.slice(0, 2))).toBe('sid=abc-123; signed_in=1');
  expect(cookieHeader(SET_COOKIES)).toBe('sid=abc-123; signed_in=1; known_device=xyz');
  expect(browserCookies(SET_COOKIES.slice(0, 3), 'http://localhost:4300')).toEqual([
    { name: 'sid', value: 'abc-123', domain: 'localhost', path: '/' },
    { name: 'signed_in', value: '1', domain: 'localhost', path: '/' },
    { name: 'known_device', value: 'xyz', domain: 'localhost', path: '/authenticate' },
  ]);
});

it('replaces the sections a run measured and keeps the others', () => {
  const first = replaceBlock(
    '# Performance\n\nbefore\n\n' + `${BLOCK_START}\nold\n${BLOCK_END}` + '\n\nafter\n',
    mergeBlock(
      '',
      'Intro 1',
      new Map([
        ['firstview', '## First\nA'],
        ['memory', '## Memory\nB'],
      ]),
      ['firstview', 'lighthouse', 'memory'],
    ),
  );
  expect(first.startsWith('# Performance\n\nbefore\n\n<!-- bench:start')).toBe(true);
  expect(first.endsWith(`${BLOCK_END}\n\nafter\n`)).toBe(true);
  expect([...readSections(first).entries()]).toEqual([
    ['firstview', '## First\nA'],
    ['memory', '## Memory\nB'],
  ]);
  const second = replaceBlock(
    first,
    mergeBlock(
      first,
      'Intro 2',
      new Map([
        ['memory', '## Memory\nC'],
        ['lighthouse', '## LH\nD'],
      ]),
      ['firstview', 'lighthouse', 'memory'],
    ),
  );
  expect(second).toContain('Intro 2');
  expect(second).not.toContain('Intro 1');
  expect([...readSections(second).entries()]).toEqual([
    ['firstview', '## First\nA'],
    ['lighthouse', '## LH\nD'],
    ['memory', '## Memory\nC'],
  ]);
  expect(second.match(/bench:start/g)).toHaveLength(1);
  expect(replaceBlock('', 'BLOCK')).toBe('# Performance\n\nBLOCK\n');
});
