/**
 * npm run bench: the performance figures, on every page type, against the production builds
 * (each remote on its own port), each figure next to its target and marked met / not met (worst of
 * the runs; reported, never enforced). Sections (BENCH_SECTIONS=firstview,lighthouse,... picks a
 * subset; default all), each timed:
 *
 * - firstview: bytes, requests, time to live and React copies of every page type's first view
 *   (scripts/bench-firstview.ts; budget 150 KB gzip);
 * - lighthouse: Lighthouse mobile, 4x CPU, LIGHTHOUSE_RUNS runs per page type (scripts/bench-lighthouse.ts);
 * - ssr: article, store and product HTML under load next to their JSON answers (scripts/bench-load.ts);
 * - interactions: click to next paint at 4x CPU (scripts/bench-interactions.ts);
 * - memory: the site process's RSS through releases of remotes and mixed load (scripts/bench-memory.ts;
 *   BENCH_SOAK_SECONDS, default 60, after BENCH_MEMORY_WARMUP_SECONDS of warm-up, default 30);
 * - accounts: sign-in timing and the on-demand auth modal;
 * - api: the API under load against a bare Express route (scripts/bench-load.ts);
 * - search: search, auto-suggest and the other hot reads at 50 connections on the default seed and
 *   on SEED_ARTICLES=100000, on SQLite and (when Debian's postgresql is installed) PostgreSQL (the API
 *   alone on ports BENCH_SEARCH_PORT.., default 3470; scripts/bench-search.ts). It needs no build:
 *   `BENCH_SECTIONS=search npm run bench` runs it alone.
 *
 * The remotes are served from a copy of their builds made at start (by a static host process of
 * their own, scripts/serve-static.mjs): the memory section releases them by editing the copy, and a
 * rebuild in the working tree during a run does not change what is measured. The site (API and
 * shell) is `node --import tsx scripts/run-site.ts` on BENCH_PORT (default 4300), remotes on the next
 * five ports. Writes the generated block of docs/performance.md: a subset run replaces its sections
 * only and keeps the others' last figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { chromiumExecutable } from '../e2e/browser';
import { REMOTES } from './apps.mjs';
import { firstViewFigures } from './bench-firstview';
import { interactionFigures, interactionsFor, slowLineFigures } from './bench-interactions';
import { lighthouseFigures } from './bench-lighthouse';
import { loadFigures, ssrFigures, type MixRequest } from './bench-load';
import { descendsFrom, listeningPid, memoryFigures, portInUse, type ServedRemote } from './bench-memory';
import { articleApiPath, CSRF, signIn, sitePages, type Session, type SitePages } from './bench-pages';
import { searchFigures } from './bench-search';
import { envCount, formatDuration, markdownTable, mergeBlock, parseSections, replaceBlock, SECTIONS, type Section } from './bench-report';

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const origin = `http://localhost:${PORT}`;
const SOAK_SECONDS = envCount(process.env.BENCH_SOAK_SECONDS, 60);
/** The site's inspector port while the memory section runs (127.0.0.1 only). */
const INSPECT_PORT = PORT + 9;
const MEMORY_WARMUP_SECONDS = envCount(process.env.BENCH_MEMORY_WARMUP_SECONDS, 30);

type Figures = { console: string; markdown: string };

async function waitForHealth(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start within 60 s`);
}

/** Serves every remote from a copy of its build on the site's port + 1..5, in one process of its own. */
const STATIC_HOST = `const { serveStatic } = await import(process.env.BENCH_SERVE_STATIC);
for (const r of JSON.parse(process.env.BENCH_REMOTES)) await serveStatic(r.dir, r.port, undefined, { shellOrigin: process.env.BENCH_SHELL_ORIGIN });
process.on('SIGTERM', () => process.exit(0));`;

function copyRemotes(tmp: string): { name: string; env: string; dir: string; port: number; manifest: string }[] {
  return REMOTES.map((remote, i) => {
    const from = path.join(root, remote.dir, 'dist');
    if (!fs.existsSync(path.join(from, 'mf-manifest.json'))) throw new Error(`no build of ${remote.dir}: run \`npm run build\` first`);
    const dir = path.join(tmp, remote.dir);
    fs.cpSync(from, dir, { recursive: true });
    const port = PORT + i + 1;
    return { name: remote.name, env: remote.env, dir, port, manifest: `http://localhost:${port}/mf-manifest.json` };
  });
}

/** A section in the report's shape: its heading, the time it was measured and took, its figures. */
function stamped(figures: Figures, ms: number): string {
  const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; the section took ${formatDuration(ms)}.`;
  const [heading, ...rest] = figures.markdown.split('\n');
  return [heading, '', stamp, ...rest].join('\n');
}

/** The sections that need no site (the search section starts its own API processes). */
async function siteless(wanted: readonly Section[], fresh: Map<string, string>, took: [Section, number][]): Promise<void> {
  if (!wanted.includes('search')) return;
  console.log(`\n[${new Date().toISOString().slice(11, 19)}] search...`);
  const started = Date.now();
  let figures: Figures;
  try {
    figures = await searchFigures();
  } catch (error) {
    const why = `The search section did not run to the end: ${error instanceof Error ? error.message : String(error)}`;
    figures = { console: `\n${why}`, markdown: `## search\n\n${why}` };
  }
  const ms = Date.now() - started;
  took.push(['search', ms]);
  console.log(figures.console);
  fresh.set('search', stamped(figures, ms));
}

async function main() {
  const wanted = parseSections(process.env.BENCH_SECTIONS);
  if (wanted.every((s) => s === 'search')) {
    const fresh = new Map<string, string>();
    const took: [Section, number][] = [];
    const started = Date.now();
    await siteless(wanted, fresh, took);
    report(wanted, fresh, took, Date.now() - started);
    return;
  }
  for (const dir of ['shell/dist', 'shell/dist-server']) {
    if (!fs.existsSync(path.join(root, dir))) throw new Error(`no ${dir}: run \`npm run build\` first`);
  }
  const benchStarted = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-remotes-'));
  const children: ChildProcess[] = [];
  const cleanUp = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  // Interrupted (Ctrl-C): the site, the static host and the copies of the builds go too.
  const interrupted = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    // Another server on these ports would answer in the site's place (its health check included).
    const ports = [0, 1, 2, 3, 4, 5].map((i) => PORT + i).concat(wanted.includes('memory') ? [INSPECT_PORT] : []);
    const busy = ports.filter(portInUse);
    if (busy.length) throw new Error(`port(s) ${busy.join(', ')} already in use: stop what listens there or set BENCH_PORT`);
    const remotes = copyRemotes(tmp);
    const host = spawn(process.execPath, ['--input-type=module', '-e', STATIC_HOST], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_SERVE_STATIC: pathToFileURL(path.join(root, 'scripts/serve-static.mjs')).href,
        BENCH_REMOTES: JSON.stringify(remotes.map((r) => ({ dir: r.dir, port: r.port }))),
        BENCH_SHELL_ORIGIN: origin,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(host);
    // The site itself: node with tsx's loader (no tsx wrapper process), so its pid is the listener's.
    // With the memory section, the site's inspector listens on 127.0.0.1 only, so that each memory
    // reading can follow a full garbage collection (bench-memory.ts `collectGarbage`).
    const inspect = wanted.includes('memory') ? [`--inspect=127.0.0.1:${INSPECT_PORT}`] : [];
    const site = spawn(process.execPath, [...inspect, '--import', 'tsx', path.join(root, 'scripts/run-site.ts')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(PORT),
        DATABASE_FILE: ':memory:',
        RATE_LIMIT_MULTIPLIER: '20',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...Object.fromEntries(remotes.map((r) => [r.env, r.manifest])),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(site);
    for (const r of remotes) await waitForHealth(`http://localhost:${r.port}/healthz`, host, "the remotes' static host");
    await waitForHealth(`${origin}/healthz`, site, 'the site');
    const session = await signIn(origin);
    const site_ = await sitePages(origin);
    const needsBrowser = wanted.some((s) => s === 'firstview' || s === 'accounts' || s === 'interactions');
    const browser = needsBrowser
      ? await chromium.launch({
          executablePath: chromiumExecutable(),
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        })
      : undefined;
    const fresh = new Map<string, string>();
    const took: [Section, number][] = [];
    const run = async (section: Section, measure: () => Promise<Figures>) => {
      if (!wanted.includes(section)) return;
      console.log(`\n[${new Date().toISOString().slice(11, 19)}] ${section}...`);
      const started = Date.now();
      let figures: Figures;
      try {
        figures = await measure();
      } catch (error) {
        const why = `The ${section} section did not run to the end: ${error instanceof Error ? error.message : String(error)}`;
        figures = { console: `\n${why}`, markdown: `## ${section}\n\n${why}` };
      }
      const ms = Date.now() - started;
      took.push([section, ms]);
      console.log(figures.console);
      console.log(`(${section} took ${formatDuration(ms)})`);
      const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; the section took ${formatDuration(ms)}.`;
      const [heading, ...rest] = figures.markdown.split('\n');
      fresh.set(section, [heading, '', stamp, ...rest].join('\n'));
    };
    try {
      // Browser sections first, then the loads (memory last: it releases remotes and soaks the site).
      await run('firstview', () => firstViewFigures(browser as Browser, origin, site_.pages, session));
      await run('accounts', () => accountFigures(browser as Browser));
      await run('interactions', async () => {
        const interactions = interactionsFor(site_.article, site_.product);
        const fast = await interactionFigures(browser as Browser, origin, interactions, session);
        // The slow line's row (decision 047): Add to cart and Save before their code has arrived.
        const slow = await slowLineFigures(browser as Browser, origin, interactions, session);
        return { console: fast.console + slow.console, markdown: `${fast.markdown}\n\n${slow.markdown}` };
      });
    } finally {
      await browser?.close();
    }
    await run('lighthouse', () =>
      lighthouseFigures(site_.pages.map((p) => ({ name: p.name, url: origin + p.path, cookie: p.signedIn ? session.cookie : undefined }))),
    );
    await run('ssr', () => ssrFigures(ssrPairs(site_, session)));
    await run('api', () => {
      const api = articleApiPath(site_.article);
      return loadFigures([...(api ? [{ name: 'article', url: origin + api }] : []), { name: 'latest stream', url: `${origin}/service/stream/latest/0/10` }]);
    });
    await run('memory', async () => {
      // The process actually listening on the site's port (found through /proc, as `ss -ltnp` would),
      // which must be the spawned process or a child of it (tsx run as a CLI would add a wrapper).
      const pid = listeningPid(PORT);
      if (pid === undefined || site.pid === undefined) throw new Error(`no process of this user listens on port ${PORT}`);
      if (!descendsFrom(pid, site.pid)) throw new Error(`process ${pid} listens on port ${PORT}, not the site the bench spawned (${site.pid})`);
      const pidHow = `the process listening on port ${PORT}: its socket's inode (/proc/net/tcp{,6}, state LISTEN) held among /proc/{pid}/fd, as \`ss -ltnp\` shows it; ${pid === site.pid ? 'the very process the bench spawned (`node --import tsx scripts/run-site.ts`, no wrapper)' : `a child of the spawned process ${site.pid}`}`;
      return memoryFigures({
        origin,
        pid,
        pidHow,
        remotes: servedRemotes(remotes, site_),
        mix: memoryMix(site_, session),
        soakSeconds: SOAK_SECONDS,
        warmupSeconds: MEMORY_WARMUP_SECONDS,
        inspector: `http://127.0.0.1:${INSPECT_PORT}`,
      });
    });
    await siteless(wanted, fresh, took);
    report(wanted, fresh, took, Date.now() - benchStarted);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    cleanUp();
  }
}

function ssrPairs(site: SitePages, session: Session) {
  const api = articleApiPath(site.article) ?? '/api/article';
  const cookie = { Cookie: session.cookie };
  return [
    { name: 'article', html: { name: 'html', url: origin + site.article }, json: { name: 'json', url: origin + api } },
    { name: 'store', html: { name: 'html', url: `${origin}/store` }, json: { name: 'json', url: `${origin}/api/store/products` } },
    {
      name: 'product',
      html: { name: 'html', url: origin + site.product },
      json: { name: 'json', url: `${origin}/api/store/product/${encodeURIComponent(site.availabilityId)}` },
    },
    {
      name: 'article, signed in',
      html: { name: 'html', url: origin + site.article, headers: cookie },
      json: { name: 'json', url: origin + api, headers: cookie },
    },
  ];
}

/** The mixed load of the memory section: every page type's HTML, signed-in pages, and API answers. */
function memoryMix(site: SitePages, session: Session): MixRequest[] {
  const html = { Accept: 'text/html' };
  const signedIn = { ...html, Cookie: session.cookie };
  return [
    ...site.pages.map((p) => ({ path: p.path, headers: p.signedIn ? signedIn : html })),
    { path: site.article, headers: signedIn },
    { path: '/shopping-cart', headers: signedIn },
    { path: articleApiPath(site.article) ?? '/api/article' },
    { path: '/api/store/products' },
    { path: `/api/store/product/${encodeURIComponent(site.availabilityId)}` },
    { path: '/service/stream/latest/0/10' },
  ];
}

function servedRemotes(remotes: { name: string; dir: string; manifest: string }[], site: SitePages): ServedRemote[] {
  const pageOf: Record<string, string> = {
    paywall: site.article,
    library: '/email-newsletters',
    store: '/store',
    video: site.video,
    visualLibrary: '/visual-library',
  };
  return remotes.map((r) => ({
    name: r.name,
    dist: r.dir,
    serverBuildUrl: new URL('server/remote.js', r.manifest).href,
    page: pageOf[r.name] ?? '/',
    slot: `${r.name}/App`,
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timedSignIn(email: string, password: string): Promise<{ ms: number; status: number; keys: string }> {
  const started = performance.now();
  const res = await fetch(`${origin}/authenticate`, {
    method: 'POST',
    headers: CSRF,
    body: JSON.stringify({ username: email, password, reCaptchaToken: 'bench', deviceType: 'WEB_SITE' }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { ms: performance.now() - started, status: res.status, keys: Object.keys(body).sort().join(',') };
}

/**
 * Accounts: (1) a wrong password for a real account against an unknown email, first try each, so
 * both check a password (the ratio should be near 1: timing must not reveal which emails have
 * accounts); (2) the time from a click on 'Sign in' to the dialog on a cold page, since the modal's
 * code loads on demand.
 */
async function accountFigures(browser: Browser): Promise<{ console: string; markdown: string }> {
  const N = 15;
  const known: string[] = [];
  for (let i = 0; i < N; i++) {
    const email = `bench.${Date.now().toString(36)}.${i}@example.com`;
    const res = await fetch(`${origin}/api/user/register`, {
      method: 'POST',
      headers: CSRF,
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Reader', emailAddress: email, password: 'Bench#Pass2026', reCaptchaToken: 'bench' }),
    });
    if (res.status !== 201) throw new Error(`bench registration failed: ${res.status}`);
    known.push(email);
  }
  const knownRuns: number[] = [];
  const unknownRuns: number[] = [];
  const shapes = new Set<string>();
  for (let i = 0; i < N; i++) {
    const a = await timedSignIn(known[i] ?? '', 'Wrong#Pass2026');
    const b = await timedSignIn(`nobody.${Date.now().toString(36)}.${i}@example.com`, 'Wrong#Pass2026');
    knownRuns.push(a.ms);
    unknownRuns.push(b.ms);
    shapes.add(`${a.status}:${a.keys}`);
    shapes.add(`${b.status}:${b.keys}`);
  }
  const k = median(knownRuns);
  const u = median(unknownRuns);

  // Measured in the page, from the click to the dialog in the DOM (code not yet fetched).
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin + '/');
  await page.waitForFunction(() => !!document.querySelector('header button:not([disabled])'));
  await page.waitForLoadState('networkidle');
  const modalMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Sign in');
        if (!button) throw new Error('no Sign in button');
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('[role="dialog"]')) {
            observer.disconnect();
            resolve(Math.round(performance.now() - started));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        button.click();
      }),
  );
  await context.close();

  const table = [
    '| accounts | figure |',
    '|---|---:|',
    `| wrong password, real account (median of ${N}) | ${k.toFixed(1)} ms |`,
    `| unknown email (median of ${N}) | ${u.toFixed(1)} ms |`,
    `| unknown / real ratio | ${(u / k).toFixed(2)} |`,
    `| distinct answer shapes (status and fields) | ${shapes.size} |`,
    `| click on 'Sign in' to the dialog in the page, modal code not yet fetched | ${modalMs} ms |`,
  ].join('\n');
  return {
    console: `\nAccounts\n${table}`,
    markdown: `## Sign-in timing and the on-demand auth modal\n\nSign-ins over HTTP from the bench process; the dialog measured in the page (unthrottled).\n\n${table}`,
  };
}

function report(wanted: Section[], fresh: Map<string, string>, took: [Section, number][], totalMs: number) {
  const timing = markdownTable(
    ['section', 'took'],
    ['l', 'r'],
    [...took.map(([s, ms]) => [s, formatDuration(ms)]), ['whole run (with start-up)', formatDuration(totalMs)]],
  );
  console.log(`\n${timing}`);
  const cpus = os.cpus();
  const intro = `Written by \`npm run bench\` (scripts/bench.ts): production builds, each remote on its own port (served from a
copy of its build), the site (API and shell renderer) on an in-memory database, on ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}),
Node ${process.version}. Each figure is next to its target and marked met or not met, with the worst of the runs; reported,
never enforced. Sections: ${SECTIONS.join(', ')} (\`BENCH_SECTIONS\` runs a subset; the sections it did not run keep
their last figures below, each dated). The last run (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC) ran ${wanted.join(', ')}:

${timing}`;
  const file = path.join(root, 'docs/performance.md');
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.writeFileSync(file, replaceBlock(old, mergeBlock(old, intro, fresh, SECTIONS)));
  console.log('\nwrote docs/performance.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
