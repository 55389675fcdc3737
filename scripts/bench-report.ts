/**
 * Pure helpers shared by the bench's sections (scripts/bench*.ts): verdicts next to targets, the
 * worst of several runs, markdown tables, which sections to run (BENCH_SECTIONS), cookies for
 * signed-in measurements, and the generated block of docs/performance.md, which a run of a subset
 * of sections updates section by section. Unit-tested in bench-report.test.ts.
 */

/** A figure's target: `worst` is the direction in which a run is worse (a score's min, a time's max). */
export type Target = { label: string; test: (v: number) => boolean; format: (v: number) => string; worst: 'min' | 'max' };

export const atMost = (limit: number, format: (v: number) => string = (v) => String(Math.round(v))): Target => ({
  label: `<= ${format(limit)}`,
  test: (v) => v <= limit,
  format,
  worst: 'max',
});

export const atLeast = (limit: number, format: (v: number) => string = (v) => String(Math.round(v))): Target => ({
  label: limit === 100 ? '100' : `>= ${format(limit)}`,
  test: (v) => v >= limit,
  format,
  worst: 'min',
});

export function verdict(met: boolean): string {
  return met ? 'met' : '**not met**';
}

/** The worst value over the runs in the target's direction (undefined when there is none). */
export function worstOf(target: Pick<Target, 'worst'>, values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  return target.worst === 'min' ? Math.min(...values) : Math.max(...values);
}

/**
 * A compact cell for one figure over the runs: the worst run's value, the range when there were
 * several runs, and the verdict (met only when every run meets the target), e.g. `1340 (812-1340) **not met**`.
 */
export function compactCell(target: Target, values: number[]): string {
  const worst = worstOf(target, values);
  if (worst === undefined) return 'n/a';
  const low = Math.min(...values);
  const high = Math.max(...values);
  const range = values.length > 1 && low !== high ? ` (${target.format(low)}-${target.format(high)})` : '';
  return `${target.format(worst)}${range} ${verdict(values.every(target.test))}`;
}

/** A markdown table; `align` is one of 'l' / 'r' per column. */
export function markdownTable(header: string[], align: ('l' | 'r')[], rows: (string | number)[][]): string {
  const rule = align.map((a) => (a === 'r' ? '---:' : '---'));
  return [header, rule, ...rows.map((r) => r.map(String))].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** `12.3 s`, `4 min 05 s`. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** The bench's sections, in the order docs/performance.md lists them. */
export const SECTIONS = ['firstview', 'lighthouse', 'ssr', 'interactions', 'memory', 'accounts', 'api', 'search'] as const;
export type Section = (typeof SECTIONS)[number];

/** BENCH_SECTIONS=firstview,lighthouse picks sections (default every one); an unknown name is an error. */
export function parseSections(value: string | undefined): Section[] {
  if (!value || !value.trim()) return [...SECTIONS];
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`BENCH_SECTIONS: unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  return SECTIONS.filter((s) => names.includes(s));
}

/** A positive whole number from the environment, else the default. */
export function envCount(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;
}

/** The `name=value` pairs of Set-Cookie headers, as one Cookie header (attributes dropped). */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/** Set-Cookie headers as Playwright cookies for `origin` (name, value and path kept). */
export function browserCookies(setCookies: string[], origin: string): { name: string; value: string; domain: string; path: string }[] {
  const host = new URL(origin).hostname;
  return setCookies.flatMap((c) => {
    const [pair = '', ...attrs] = c.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    if (eq <= 0) return [];
    const pathAttr = attrs.find((a) => /^path=/i.test(a));
    return [{ name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: host, path: pathAttr ? pathAttr.slice(5) || '/' : '/' }];
  });
}

export const BLOCK_START = '<!-- bench:start (written by npm run bench) -->';
export const BLOCK_END = '<!-- bench:end -->';
const sectionStart = (name: string) => `<!-- bench:section ${name} -->`;
const sectionEnd = (name: string) => `<!-- /bench:section ${name} -->`;

/** The sections found in a generated block, by name. */
export function readSections(block: string): Map<string, string> {
  const found = new Map<string, string>();
  const re = /<!-- bench:section ([a-z]+) -->\n?([\s\S]*?)\n?<!-- \/bench:section \1 -->/g;
  for (const m of block.matchAll(re)) found.set(m[1] as string, m[2] as string);
  return found;
}

/**
 * The new generated block: the intro, then every section in `order`, each from this run when it ran,
 * else as the file had it (a subset run keeps the other sections' last figures, each dated).
 */
export function mergeBlock(oldFile: string, intro: string, fresh: Map<string, string>, order: readonly string[]): string {
  const start = oldFile.indexOf(BLOCK_START);
  const end = oldFile.indexOf(BLOCK_END);
  const old = start >= 0 && end > start ? readSections(oldFile.slice(start, end)) : new Map<string, string>();
  const parts = order.flatMap((name) => {
    const text = fresh.get(name) ?? old.get(name);
    return text === undefined ? [] : [`${sectionStart(name)}\n${text.trim()}\n${sectionEnd(name)}`];
  });
  return `${BLOCK_START}\n${intro.trim()}\n\n${parts.join('\n\n')}\n${BLOCK_END}`;
}

/** The file with its generated block replaced (or a new file holding the block). */
export function replaceBlock(oldFile: string, block: string): string {
  const start = oldFile.indexOf(BLOCK_START);
  const end = oldFile.indexOf(BLOCK_END);
  if (start >= 0 && end > start) return oldFile.slice(0, start) + block + oldFile.slice(end + BLOCK_END.length);
  return `# Performance\n\n${block}\n`;
}
