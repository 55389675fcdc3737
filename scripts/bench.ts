/**
 * npm run bench: first-view cost of each kind of page, measured in Chromium against the production
 * builds (each remote on its own port). For every page: gzipped JavaScript bytes (gzip -9 of each
 * script as served), JavaScript and total request counts, time until every remote slot settled, and
 * how many copies of React / React DOM the page ran. Prints a table and writes docs/performance.md.
 * Cold cache: a new browser context per page.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumExecutable } from '../e2e/browser';
import { countReactDomRenderers, readCopies } from '../e2e/instrumentation';

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const origin = `http://localhost:${PORT}`;

type Row = {
  page: string;
  path: string;
  jsKb: number;
  jsFiles: number;
  requests: number;
  settledMs: number;
  reactCopies: number;
  reactDomCopies: number;
  remotes: string;
};

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the site did not start within 60 s');
}

async function main() {
  for (const dir of ['shell', 'mfe-paywall', 'mfe-library', 'mfe-store', 'mfe-video', 'mfe-visual-library']) {
    if (!fs.existsSync(path.join(root, dir, 'dist'))) throw new Error(`no build of ${dir}: run \`npm run build\` first`);
  }
  const site = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/run-site.ts')], {
    env: { ...process.env, PORT: String(PORT), DATABASE_FILE: ':memory:' },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    const latest = (await (await fetch(`${origin}/service/stream/latest?page=1&size=1`)).json()) as { entry: { url: string }[] };
    const playlist = (await (await fetch(`${origin}/api/playlists/what-to-watch-next`)).json()) as { videos: { id: string; slug: string }[] };
    const article = latest.entry[0]?.url ?? '/';
    const video = playlist.videos[0];
    const pages: [string, string][] = [
      ['home', '/'],
      ['article', article],
      ['store', '/store'],
      ['my-library (guest)', '/my-library'],
      ['video', video ? `/video/${video.id}/${video.slug}` : '/video'],
      ['visual-library', '/visual-library'],
    ];
    const browser = await chromium.launch({
      executablePath: chromiumExecutable(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const rows: Row[] = [];
    for (const [name, p] of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(countReactDomRenderers);
      const scripts: Promise<number>[] = [];
      const origins = new Set<string>();
      let requests = 0;
      page.on('request', (r) => {
        requests++;
        const u = new URL(r.url());
        if (u.port !== String(PORT)) origins.add(u.port);
      });
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') {
          scripts.push(res.body().then((b) => zlib.gzipSync(b, { level: 9 }).length, () => 0));
        }
      });
      const started = Date.now();
      await page.goto(origin + p);
      await page.waitForFunction(() => {
        const slots = [...document.querySelectorAll('[data-mfe-status]')];
        return slots.length > 0 && slots.every((s) => s.getAttribute('data-mfe-status') !== 'loading');
      });
      const settledMs = Date.now() - started;
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all(scripts);
      const copies = await page.evaluate(readCopies);
      rows.push({
        page: name,
        path: p,
        jsKb: Math.round(sizes.reduce((a, b) => a + b, 0) / 102.4) / 10,
        jsFiles: sizes.length,
        requests,
        settledMs,
        reactCopies: copies.react,
        reactDomCopies: copies.reactDom,
        remotes: [...origins].sort().map((port) => remoteName(Number(port) - PORT)).join(', ') || 'none',
      });
      await context.close();
    }
    await browser.close();
    report(rows);
  } finally {
    site.kill('SIGTERM');
  }
}

function remoteName(offset: number): string {
  return ['?', 'paywall', 'library', 'store', 'video', 'visual-library'][offset] ?? `port+${offset}`;
}

const START = '<!-- bench:start (written by npm run bench) -->';
const END = '<!-- bench:end -->';

function report(rows: Row[]) {
  const header = '| page | JS gzip (KB) | JS files | requests | slots settled (ms) | React copies | React DOM copies | remotes fetched |';
  const lines = rows.map(
    (r) =>
      `| ${r.page} | ${r.jsKb.toFixed(1)} | ${r.jsFiles} | ${r.requests} | ${r.settledMs} | ${r.reactCopies} | ${r.reactDomCopies} | ${r.remotes} |`,
  );
  const table = [header, '|---|---:|---:|---:|---:|---:|---:|---|', ...lines].join('\n');
  console.log(table);
  const generated = `${START}
Measured by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}: production builds, each remote
on its own port, headless Chromium, a cold cache per page, on this project's 2-core machine. JS gzip is
gzip -9 of every script the first view loaded (our static servers send them uncompressed; a CDN would
compress them). "Slots settled" is the time from navigation until every remote slot on the page left
\`loading\`. React copies counts distinct React instances reported by the parts (one expected);
React DOM copies counts renderers registered with the React DevTools hook (one expected).

${table}
${END}`;
  const file = path.join(root, 'docs/performance.md');
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const md =
    old.includes(START) && old.includes(END)
      ? old.slice(0, old.indexOf(START)) + generated + old.slice(old.indexOf(END) + END.length)
      : `# Performance\n\n${generated}\n`;
  fs.writeFileSync(file, md);
  console.log('\nwrote docs/performance.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
