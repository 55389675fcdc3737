/**
 * The search section of npm run bench (issue 25): the API alone (`dev-server/src/main.ts`, no shell
 * or remotes), on a fresh SQLite file per catalogue size (the default seed, then SEED_ARTICLES), on
 * ports BENCH_SEARCH_PORT (default 3470) and up. For each: the seed's time, the database's size,
 * the first (uncached) answer of a few searches and suggestions, then autocannon at 50 connections
 * on search and auto-suggest next to a bare Express route and the other hot reads, and the API
 * process's resident memory after the load. Reported, never enforced: search p99 <= 50 ms,
 * auto-suggest p99 <= 20 ms.
 *
 * Alone: `node node_modules/tsx/dist/cli.mjs scripts/bench-search.ts` (BENCH_SEARCH_SIZES=0,100000
 * picks the catalogue sizes; 0 is the default seed). Prints the section's markdown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, type LoadRow } from './bench-load';

const root = path.resolve(__dirname, '..');
const CONNECTIONS = 50;
const SEARCH_P99_MS = 50;
const SUGGEST_P99_MS = 20;

type Figures = { console: string; markdown: string };

function sizes(): number[] {
  const raw = process.env.BENCH_SEARCH_SIZES ?? '0,100000';
  return raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0);
}

/** Starts the API on a fresh database file; resolves with the process and the seed's seconds once it listens. */
function startApi(port: number, file: string, articles: number): Promise<{ child: ChildProcess; seedSeconds: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'dev-server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_FILE: file,
      DATABASE_URL: '',
      SEED_ARTICLES: articles > 0 ? String(articles) : '',
      SHELL_DIST: '',
      RATE_LIMIT_MULTIPLIER: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the API exited with ${code} before listening: ${out.slice(-300)}`)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /dev-server listening on .*?seed ([\d.]+) s/.exec(out);
      if (m) resolve({ child, seedSeconds: Number(m[1]) });
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The database file's size, and its write-ahead log's (SQLite keeps the log at its largest until a checkpoint truncates it). */
function sizes_(file: string): string {
  const mb = (f: string) => (fs.existsSync(f) ? Math.round(fs.statSync(f).size / 1e6) : 0);
  return `${mb(file)} MB (write-ahead log ${mb(`${file}-wal`)} MB)`;
}

/** The first answer's time of each path (nothing cached yet in the process for it). */
async function coldTimes(origin: string, paths: readonly string[]): Promise<string> {
  const out: string[] = [];
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(origin + p);
    await res.arrayBuffer();
    out.push(`\`${p}\` ${Math.round(performance.now() - started)} ms (${res.status})`);
  }
  return out.join('; ');
}

const SEARCH = '/service/stream/search/1/10?query=strategy';
const SUGGEST = '/service/search/auto-suggest?term=strat';

async function scenario(articles: number, port: number, bare: LoadRow): Promise<{ rows: string[]; notes: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const file = path.join(dir, 'site.db');
  const { child, seedSeconds } = await startApi(port, file, articles);
  const origin = `http://127.0.0.1:${port}`;
  try {
    const label = articles > 0 ? `${articles.toLocaleString('en-US')} articles` : 'default seed';
    const cold = await coldTimes(origin, [
      SEARCH.replace('strategy', 'supplier%20networks'),
      '/service/stream/search/1/10?query=pricing%20power&sort=date',
      '/service/search/auto-suggest?term=supplier%20netw',
      '/service/search/auto-suggest?term=lea',
    ]);
    const targets: [string, string, number | null][] = [
      ['search', SEARCH, SEARCH_P99_MS],
      ['auto-suggest', SUGGEST, SUGGEST_P99_MS],
      ['latest stream', '/service/stream/latest/0/10', null],
      ['topic stream', '/service/stream/topic/0/10?topic=strategy', null],
      ['magazine archive', '/api/magazine/archive', null],
    ];
    const rows: string[] = [];
    for (const [name, p, goal] of targets) {
      const r = await measure(name, origin + p, undefined, CONNECTIONS);
      const ratio = bare.rps > 0 ? (r.rps / bare.rps).toFixed(2) : '-';
      const met = goal === null ? '-' : r.p99 <= goal ? `met (<= ${goal})` : `not met (<= ${goal})`;
      rows.push(`| ${label} | ${name} | \`${p}\` | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.non2xx} | ${ratio} | ${met} |`);
    }
    const rss = child.pid === undefined ? 0 : rssMb(child.pid);
    const notes = `- ${label}: seed ${seedSeconds.toFixed(1)} s, database ${sizes_(file)}, API process ${rss} MB resident after the load; first answers: ${cold}.`;
    return { rows, notes };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function searchFigures(port = Number(process.env.BENCH_SEARCH_PORT ?? 3470)): Promise<Figures> {
  const express = (await import('express')).default;
  const app = express();
  app.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(port + 5, '127.0.0.1', () => resolve(s));
  });
  let bare: LoadRow;
  try {
    bare = await measure('bare Express route (baseline)', `http://127.0.0.1:${port + 5}/bare`, undefined, CONNECTIONS);
  } finally {
    server.closeAllConnections();
    server.close();
  }
  const rows = [
    `| - | bare Express route (baseline) | \`/bare\` | ${Math.round(bare.rps)} | ${bare.p50} | ${bare.p99} | ${bare.errors} / ${bare.non2xx} | 1.00 | - |`,
  ];
  const notes: string[] = [];
  for (const articles of sizes()) {
    const s = await scenario(articles, port, bare);
    rows.push(...s.rows);
    notes.push(s.notes);
  }
  const cpus = os.cpus();
  const machine = `${cpus.length} CPU${cpus.length === 1 ? '' : 's'} (${cpus[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} at the end`;
  const table = [
    '| catalogue | endpoint | path | req/s | p50 (ms) | p99 (ms) | errors / non-2xx | ratio to bare | p99 goal |',
    '|---|---|---|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
  const intro = `The API alone (\`dev-server/src/main.ts\`) on a fresh SQLite file per catalogue size, autocannon ${CONNECTIONS} connections (2 s warm-up, 8 s measured) on ${machine}. A repeated search or suggestion is answered from the API's caches (the search and suggestion answer caches, decision 034; auto-suggest is also \`Cache-Control: public, max-age=60\` for a CDN); the first answers below are the database's own cost.`;
  return {
    console: `\nsearch (autocannon, ${CONNECTIONS} connections; ${machine})\n${table}\n${notes.join('\n')}`,
    markdown: `## Search at scale (autocannon, ${CONNECTIONS} connections)\n\n${intro}\n\n${table}\n\n${notes.join('\n')}`,
  };
}

if (require.main === module) {
  searchFigures().then(
    (f) => console.log(f.markdown),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
