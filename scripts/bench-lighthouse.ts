/**
 * Lighthouse for npm run bench: the npm CLI (lighthouse, which launches the browser through
 * chrome-launcher) pointed at Debian's Chromium by CHROME_PATH, Lighthouse's default mobile form
 * factor and screen emulation, simulated throttling with a 4x CPU slowdown. Scores and LCP / CLS next
 * to issue 10's targets, each marked met or not met; reported, never enforced. When Lighthouse
 * cannot run here, the section says why and the bench goes on.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable } from '../e2e/browser';

const root = path.resolve(__dirname, '..');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Target = { label: string; test: (v: number) => boolean; format: (v: number) => string };
const TARGETS: Record<string, Target> = {
  performance: { label: '>= 95', test: (v) => v >= 95, format: String },
  accessibility: { label: '100', test: (v) => v >= 100, format: String },
  'best-practices': { label: '>= 95', test: (v) => v >= 95, format: String },
  seo: { label: '>= 95', test: (v) => v >= 95, format: String },
  'LCP (ms)': { label: '<= 1500', test: (v) => v <= 1500, format: (v) => String(Math.round(v)) },
  CLS: { label: '<= 0.02', test: (v) => v <= 0.02, format: (v) => v.toFixed(3) },
};

type Lhr = {
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
};

type PageResult = { page: string; path: string; figures: Record<string, number | undefined>; failed?: string; retried?: string };

/** Lighthouse's own flaky trace failures, worth one more run of the page. */
export function isTraceFailure(message: string): boolean {
  return /NO_NAVSTART|NO_FCP|recording the trace|run Lighthouse again/i.test(message);
}

function runLighthouse(url: string, chromePath: string, outFile: string): Promise<void> {
  const cli = path.join(root, 'node_modules/lighthouse/cli/index.js');
  const args = [
    cli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--form-factor=mobile',
    '--throttling-method=simulate',
    '--throttling.cpuSlowdownMultiplier=4',
    `--only-categories=${CATEGORIES.join(',')}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(signal ? `lighthouse timed out (${signal})` : `lighthouse exited with ${code}: ${lastLines(err)}`));
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').slice(0, 300);
}

async function auditPage(page: string, url: string, chromePath: string, dir: string): Promise<PageResult> {
  const result: PageResult = { page, path: new URL(url).pathname, figures: {} };
  const outFile = path.join(dir, `${page}.json`);
  try {
    await runLighthouse(url, chromePath, outFile);
    const lhr = JSON.parse(fs.readFileSync(outFile, 'utf8')) as Lhr;
    if (lhr.runtimeError) result.failed = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    for (const c of CATEGORIES) {
      const score = lhr.categories[c]?.score;
      result.figures[c] = typeof score === 'number' ? Math.round(score * 100) : undefined;
    }
    result.figures['LCP (ms)'] = lhr.audits['largest-contentful-paint']?.numericValue;
    result.figures.CLS = lhr.audits['cumulative-layout-shift']?.numericValue;
  } catch (error) {
    result.failed = error instanceof Error ? error.message : String(error);
  }
  return result;
}

/** Audits each page in turn; returns the section for the console and for docs/performance.md. */
export async function lighthouseFigures(pages: [string, string][]): Promise<{ console: string; markdown: string }> {
  const heading = '## Lighthouse (mobile, 4x CPU)';
  const chromePath = chromiumExecutable();
  if (!chromePath) {
    const why = 'Lighthouse did not run: no Chromium found (set CHROMIUM_PATH, or install Debian chromium).';
    return { console: `\n${why}`, markdown: `${heading}\n\n${why}` };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const results: PageResult[] = [];
  try {
    for (const [page, url] of pages) {
      let result = await auditPage(page, url, chromePath, dir);
      // Lighthouse sometimes fails to record the trace (NO_NAVSTART, "Please run Lighthouse
      // again"): that page is audited once more, and the report says so.
      if (result.failed && isTraceFailure(result.failed)) {
        const first = result.failed;
        result = await auditPage(page, url, chromePath, dir);
        result.retried = first;
      }
      results.push(result);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const names = Object.keys(TARGETS);
  const header = `| figure | target | ${results.map((r) => `${r.page} (\`${r.path}\`)`).join(' | ')} |`;
  const rule = `|---|---|${results.map(() => '---|').join('')}`;
  const rows = names.map((name) => {
    const target = TARGETS[name] as Target;
    const cells = results.map((r) => {
      const v = r.figures[name];
      if (v === undefined) return 'n/a';
      return `${target.format(v)} (${target.test(v) ? 'met' : 'not met'})`;
    });
    return `| ${name} | ${target.label} | ${cells.join(' | ')} |`;
  });
  const table = [header, rule, ...rows].join('\n');
  const failures = results.filter((r) => r.failed).map((r) => `Lighthouse on ${r.page} (${r.path}) failed: ${r.failed}`);
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  const intro = `Lighthouse ${version} (npm CLI) with ${path.basename(chromePath)} at ${chromePath}, headless; Lighthouse's default mobile
form factor and screen emulation, simulated throttling (throttlingMethod 'simulate') with a 4x CPU slowdown, one
run per page against the production builds served locally. Scores are 0-100. Reported, not enforced.`;
  const retries = results
    .filter((r) => r.retried)
    .map((r) => `Lighthouse on ${r.page} (${r.path}) was run twice: the first run failed (${(r.retried ?? '').slice(0, 120)}).`);
  const notes = [...failures, ...retries];
  const failText = notes.length ? `\n\n${notes.join('\n')}` : '';
  return {
    console: `\nLighthouse (mobile, 4x CPU, simulated throttling)\n${table}${failText}`,
    markdown: `${heading}\n\n${intro}\n\n${table}${failText}`,
  };
}
