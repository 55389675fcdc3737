/**
 * API and server rendering under load, for npm run bench: autocannon (the npm CLI, in a child process so the load
 * generator never shares a thread with a server) against a bare Express route served from this
 * process (the baseline: what Express itself costs on this machine) and against API endpoints of
 * the running site. Each target: a 2 s warm-up run (discarded), then the measured run. Reported,
 * never enforced: p99 at most 50 ms and at least half the bare route's requests per second. And
 * `ssrFigures`: pages' HTML next to their JSON API answers (target: HTML p99 at most 100 ms).
 *
 * Alone, without builds or a browser: `node node_modules/tsx/dist/cli.mjs scripts/bench-load.ts`
 * (see `standalone` below; BENCH_ONLY=article or latest picks one endpoint, BENCH_CPU_PROF=dir
 * profiles the API process).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import express from 'express';

const root = path.resolve(__dirname, '..');
const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = 8;
const P99_BUDGET_MS = 50;
const RATIO_BUDGET = 0.5;

export type LoadTarget = { name: string; url: string; headers?: Record<string, string> };

export type LoadRow = { name: string; path: string; rps: number; p50: number; p99: number; requests: number; errors: number; non2xx: number };

/** A request of a mixed load: path and headers, on the run's origin. */
export type MixRequest = { path: string; headers?: Record<string, string> };

export type AutocannonRun = {
  url: string;
  seconds: number;
  headers?: Record<string, string>;
  requests?: MixRequest[];
  connections?: number;
  /** Paths taken in turn by the whole run (one counter over every connection): no two requests ask the same until the list runs out. */
  distinctPaths?: string[];
};

/**
 * autocannon through its programmatic API in a child process (so the load generator never shares a
 * thread with a server): one URL with optional headers, or a mix of requests that every connection
 * sends in turn (`requests`). The run's options go to the child as JSON; it prints the result.
 */
const CHILD = `const autocannon = require('autocannon');
const o = JSON.parse(require('fs').readFileSync(process.env.BENCH_AUTOCANNON_FILE, 'utf8'));
if (o.distinctPaths) {
  const paths = o.distinctPaths;
  let next = 0;
  delete o.distinctPaths;
  o.requests = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }];
}
autocannon(o, (err, res) => {
  if (err) { console.error(String(err && err.stack || err)); process.exit(1); }
  process.stdout.write(JSON.stringify(res));
});`;

let runs = 0;

export function autocannon(run: AutocannonRun): Promise<Result> {
  const options = {
    url: run.url,
    connections: run.connections ?? CONNECTIONS,
    duration: run.seconds,
    headers: run.headers ?? {},
    ...(run.requests ? { requests: run.requests.map((r) => ({ method: 'GET', path: r.path, headers: { ...run.headers, ...r.headers } })) } : {}),
    ...(run.distinctPaths ? { distinctPaths: run.distinctPaths } : {}),
  };
  // The options go in a file: a long list of paths is more than a process's environment holds.
  const file = path.join(os.tmpdir(), `bench-autocannon-${process.pid}-${++runs}.json`);
  fs.writeFileSync(file, JSON.stringify(options));
  return new Promise<Result>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], {
      cwd: root,
      env: { ...process.env, BENCH_AUTOCANNON_FILE: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err.trim().slice(0, 300)}`));
      try {
        resolve(JSON.parse(out) as Result);
      } catch {
        reject(new Error(`autocannon printed no JSON: ${(out || err).trim().slice(0, 300)}`));
      }
    });
  }).finally(() => fs.rmSync(file, { force: true }));
}

/** One target: a warm-up run (discarded), then the measured run. */
export async function measure(name: string, url: string, headers?: Record<string, string>, connections = CONNECTIONS): Promise<LoadRow> {
  await autocannon({ url, seconds: WARMUP_S, headers, connections });
  const u = new URL(url);
  return loadRow(name, u.pathname + u.search, await autocannon({ url, seconds: DURATION_S, headers, connections }));
}

/** A row of a load's figures: autocannon's result under a name and a path. */
export function loadRow(name: string, path: string, r: Result): LoadRow {
  return {
    name,
    path,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/**
 * Starts the bare route, loads it and every target in turn; returns the section's lines. The bare
 * route listens on `barePort` (default BENCH_BARE_PORT, else 4310).
 */
export async function loadFigures(
  targets: LoadTarget[],
  barePort = Number(process.env.BENCH_BARE_PORT ?? 4310),
): Promise<{ console: string; markdown: string }> {
  const app = express();
  app.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(barePort, '127.0.0.1', () => resolve(s));
  });
  const rows: LoadRow[] = [];
  try {
    const { port } = server.address() as AddressInfo;
    rows.push(await measure('bare Express route (baseline)', `http://127.0.0.1:${port}/bare`));
    for (const t of targets) rows.push(await measure(t.name, t.url, t.headers));
  } finally {
    server.closeAllConnections();
    server.close();
  }
  const bare = rows[0]?.rps ?? 0;
  const lines = rows.map((r, i) => {
    const ratio = bare > 0 ? r.rps / bare : 0;
    return `| ${r.name} | \`${r.path}\` | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.non2xx} | ${ratio.toFixed(2)} | ${i === 0 ? '-' : r.p99 <= P99_BUDGET_MS ? 'met' : 'not met'} | ${i === 0 ? '-' : ratio >= RATIO_BUDGET ? 'met' : 'not met'} |`;
  });
  const table = [
    `| endpoint | path | req/s | p50 (ms) | p99 (ms) | errors / non-2xx | ratio to bare | p99 <= ${P99_BUDGET_MS} ms | ratio >= ${RATIO_BUDGET} |`,
    '|---|---|---:|---:|---:|---:|---:|---|---|',
    ...lines,
  ].join('\n');
  const cpus = os.cpus();
  const machine = `${cpus.length} CPU${cpus.length === 1 ? '' : 's'} (${cpus[0]?.model.trim() ?? 'unknown'}), Node ${process.version}`;
  const intro = `autocannon ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per endpoint, on ${machine}. The bare route is a
tiny Express app in the bench process (\`GET /bare\` answering \`{ ok: true }\`); the endpoints are the
site's API process (in-memory database, seeded). autocannon runs in its own process on the same machine,
so every figure includes the load generator's share of the CPUs. Reported, not enforced.`;
  return {
    console: `\nAPI under load (autocannon, ${CONNECTIONS} connections; ${machine})\n${table}`,
    markdown: `## API under load (autocannon, ${CONNECTIONS} connections)\n\n${intro}\n\n${table}`,
  };
}

/** Server rendering under load: a page's HTML next to the JSON API answer of the same page. */
export type SsrPair = { name: string; html: LoadTarget; json: LoadTarget };
export type SsrRow = { name: string; html: LoadRow; json: LoadRow };

export const SSR_P99_BUDGET_MS = 100;

export function ssrTable(rows: SsrRow[]): string {
  const line = (r: SsrRow) => {
    const ratio = r.json.rps > 0 ? r.html.rps / r.json.rps : 0;
    return `| ${r.name} | \`${r.html.path}\` | ${Math.round(r.html.rps)} | ${r.html.p50} | ${r.html.p99} | ${r.html.p99 <= SSR_P99_BUDGET_MS ? 'met' : '**not met**'} | \`${r.json.path}\` | ${Math.round(r.json.rps)} | ${r.json.p50} | ${r.json.p99} | ${ratio.toFixed(2)} | ${r.html.errors} / ${r.html.non2xx}; ${r.json.errors} / ${r.json.non2xx} |`;
  };
  return [
    `| page | HTML | HTML req/s | HTML p50 (ms) | HTML p99 (ms) | HTML p99 <= ${SSR_P99_BUDGET_MS} ms | JSON API | JSON req/s | JSON p50 (ms) | JSON p99 (ms) | HTML / JSON req/s | errors / non-2xx (HTML; JSON) |`,
    '|---|---|---:|---:|---:|---|---|---:|---:|---:|---:|---|',
    ...rows.map(line),
  ].join('\n');
}

/** Loads each page's HTML (Accept: text/html) and then its JSON answer, in turn. */
export async function ssrFigures(pairs: SsrPair[]): Promise<{ console: string; markdown: string }> {
  const rows: SsrRow[] = [];
  for (const p of pairs) {
    const html = await measure(p.name, p.html.url, { Accept: 'text/html', ...p.html.headers });
    const json = await measure(p.name, p.json.url, { Accept: 'application/json', ...p.json.headers });
    rows.push({ name: p.name, html, json });
  }
  const table = ssrTable(rows);
  const met = rows.filter((r) => r.html.p99 <= SSR_P99_BUDGET_MS).length;
  const cpus = os.cpus();
  const intro = `autocannon ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per address, on ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), Node ${process.version}:
each page's HTML (\`Accept: text/html\`, rendered by the shell's server build, remotes included; decision 032) and then
the JSON API answer the same page reads. A guest's HTML carries no cookie, so it is the renderer's 5 s guest page
(\`PUBLIC_PAGE_TTL_MS\`) for most requests; the signed-in row sends the demo reader's session cookie, which is never
shared, so every request is a render (its JSON row sends the same cookie). "HTML / JSON req/s" is the ratio of the
two rates. Target: the HTML's p99 at most ${SSR_P99_BUDGET_MS} ms. Reported, not enforced.`;
  const summary = `HTML p99 at most ${SSR_P99_BUDGET_MS} ms: met on ${met} of ${rows.length} rows.`;
  return {
    console: `\nServer rendering under load (autocannon, ${CONNECTIONS} connections)\n${table}\n${summary}`,
    markdown: `## Server rendering under load (autocannon, ${CONNECTIONS} connections)\n\n${intro}\n\n${table}\n\n${summary}`,
  };
}

const ARTICLE_PATH = '/api/article/2025/06/the-unexpected-power-of-slowing-down';
const STREAM_PATH = '/service/stream/latest/0/10';

async function waitForHealth(origin: string, api: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API process exited with ${api.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API did not start within 60 s');
}

/**
 * Alone (`node node_modules/tsx/dist/cli.mjs scripts/bench-load.ts`): starts the API only (no
 * shell, no remotes) as bench.ts does (in-memory database, RATE_LIMIT_MULTIPLIER=20, LOG_LEVEL
 * warn) on BENCH_PORT (default 4460), the bare route on BENCH_BARE_PORT (default 4461), and prints
 * the table. BENCH_CPU_PROF=dir also writes a V8 CPU profile of the API process into dir.
 */
async function standalone(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 4460);
  const barePort = Number(process.env.BENCH_BARE_PORT ?? 4461);
  const origin = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const api = spawn(process.execPath, ['--import', 'tsx', ...profile, path.join(root, 'dev-server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_FILE: ':memory:',
      SHELL_DIST: '',
      RATE_LIMIT_MULTIPLIER: '20',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(origin, api);
    const only = process.env.BENCH_ONLY;
    const targets = [
      { name: 'article', url: origin + ARTICLE_PATH },
      { name: 'latest stream', url: origin + STREAM_PATH },
    ].filter((t) => !only || t.name.startsWith(only));
    const figures = await loadFigures(targets, barePort);
    console.log(figures.console);
  } finally {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
}

if (require.main === module) {
  standalone().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
