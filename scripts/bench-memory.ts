/**
 * The server's memory, for npm run bench (target: "the server's memory stays flat"): the resident
 * memory (VmRSS of /proc/{pid}/status) of the site process the bench spawned, after a warm-up, after
 * 20 new releases of every remote's server build, and after a mixed load of pages and API answers;
 * each next to the warmed-up value (target: within 20 %). Reported, never enforced.
 *
 * A release: a unique comment appended to the remote's `server/remote.js` (the bench serves every
 * remote from its own copy of the build, so the working tree's builds are never touched), which
 * changes its ETag, so the renderer fetches and evaluates the file again at the next page rendering
 * that remote; the bench then asks for such a page. The original contents are put back at the end,
 * even when the section fails.
 *
 * Which process: the bench starts the site as `node --import tsx scripts/run-site.ts`, with no
 * wrapper process, and checks that the process listening on the site's port is that one:
 * `listeningPid` finds the socket's inode in /proc/net/tcp{,6} (state 0A, LISTEN) and the process
 * holding `socket:[inode]` among /proc/{pid}/fd (the same answer as `ss -ltnp`, without needing ss).
 *
 * Each reading follows a full garbage collection, asked of the process through its inspector (the
 * bench starts the site with `--inspect` on 127.0.0.1 when this section runs; `collectGarbage`):
 * without it a reading taken after the releases counted the replaced builds as long as V8 had not
 * collected them yet (+20 % after 80 releases, against -1 % once collected), which says when V8
 * collects, not what the process keeps.
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { autocannon, type MixRequest } from './bench-load';
import { markdownTable, verdict } from './bench-report';

export const MEMORY_TOLERANCE = 0.2;

/** VmRSS of a /proc/{pid}/status text, in KB. */
export function parseVmRssKb(status: string): number | undefined {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return m ? Number(m[1]) : undefined;
}

/** The inodes of sockets listening on `port` in a /proc/net/tcp (or tcp6) text. */
export function listeningInodes(procNetTcp: string, port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return procNetTcp
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length > 9 && f[1]?.toUpperCase().endsWith(`:${hexPort}`) && f[3] === '0A')
    .map((f) => f[9] as string)
    .filter((inode) => inode !== '0');
}

function listeningSockets(port: number): Set<string> {
  return new Set(
    ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) => {
      try {
        return listeningInodes(fs.readFileSync(f, 'utf8'), port);
      } catch {
        return [];
      }
    }),
  );
}

/** Whether any process (anyone's) listens on `port`. */
export function portInUse(port: number): boolean {
  return listeningSockets(port).size > 0;
}

/** The parent pid in a /proc/{pid}/stat text (the field after the state; the name may hold spaces or parentheses). */
export function parsePpid(stat: string): number | undefined {
  const m = /\)\s+\S+\s+(\d+)/.exec(stat.slice(stat.lastIndexOf(')')));
  return m ? Number(m[1]) : undefined;
}

/** Whether `pid` is `ancestor` or one of its descendants. */
export function descendsFrom(pid: number, ancestor: number): boolean {
  for (let p: number | undefined = pid, hops = 0; p && p > 1 && hops < 10; hops++) {
    if (p === ancestor) return true;
    try {
      p = parsePpid(fs.readFileSync(`/proc/${p}/stat`, 'utf8'));
    } catch {
      return false;
    }
  }
  return false;
}

/** The pid of the process listening on `port` (one of this user's processes), or undefined. */
export function listeningPid(port: number): number | undefined {
  const inodes = listeningSockets(port);
  if (inodes.size === 0) return undefined;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // another user's process, or gone
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (m && inodes.has(m[1] as string)) return Number(entry);
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return undefined;
}

export function rssMb(pid: number): number {
  const kb = parseVmRssKb(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return kb / 1024;
}

/** The change from the warmed-up value, as a signed percentage, and whether it is within the tolerance. */
export function rssChange(warm: number, value: number): { pct: string; met: boolean } {
  const change = warm > 0 ? (value - warm) / warm : 0;
  return { pct: `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`, met: Math.abs(change) <= MEMORY_TOLERANCE };
}

/** The comment a release appends: unique per remote and round, so every release has a new ETag. */
export function releaseMarker(remote: string, round: number, stamp: number): string {
  return `\n/* bench release ${remote} ${round} ${stamp} */\n`;
}

export type ServedRemote = {
  name: string;
  /** The served copy of the remote's build (its `server/remote.js` is released). */
  dist: string;
  /** The address of its `server/remote.js`, to check that the ETag changed. */
  serverBuildUrl: string;
  /** A page that renders this remote on the server, and its slot there. */
  page: string;
  slot: string;
};

/** The `data-mfe-status` of a slot in a server-rendered HTML page. */
export function slotStatusIn(html: string, slot: string): string | undefined {
  const tag = new RegExp(`<[^>]*data-mfe-slot="${slot.replace(/[/.]/g, '\\$&')}"[^>]*>`).exec(html)?.[0];
  return tag ? /data-mfe-status="([^"]*)"/.exec(tag)?.[1] : undefined;
}

async function slotStatus(url: string, slot: string): Promise<string | undefined> {
  const res = await fetch(url, { headers: { Accept: 'text/html' } });
  return slotStatusIn(await res.text(), slot);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A full garbage collection of the process whose inspector listens at `inspector`
 * (`http://127.0.0.1:{port}`): the DevTools protocol's `HeapProfiler.collectGarbage`, twice (a
 * second pass frees what the first one's finalizers let go).
 */
export async function collectGarbage(inspector: string): Promise<void> {
  const targets = (await (await fetch(`${inspector}/json/list`)).json()) as { webSocketDebuggerUrl?: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target at ${inspector}`);
  const ws = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    for (const id of [1, 2]) {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (data: WebSocket.RawData) => {
          const msg = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
          if (msg.id !== id) return;
          ws.off('message', onMessage);
          if (msg.error) reject(new Error(`HeapProfiler.collectGarbage: ${msg.error.message}`));
          else resolve();
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' }));
      });
    }
  } finally {
    ws.close();
  }
}

/**
 * RSS once the process has been idle a moment, after a full garbage collection when its inspector
 * is known (the median of three readings a second apart).
 */
async function settledRss(pid: number, inspector: string | undefined): Promise<number> {
  if (inspector) await collectGarbage(inspector);
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(1000);
    readings.push(rssMb(pid));
  }
  return readings.sort((a, b) => a - b)[1] as number;
}

async function etagOf(url: string): Promise<string | null> {
  const res = await fetch(url, { method: 'HEAD' });
  return res.headers.get('etag');
}

export async function memoryFigures(options: {
  origin: string;
  pid: number;
  pidHow: string;
  remotes: ServedRemote[];
  mix: MixRequest[];
  soakSeconds: number;
  releases?: number;
  warmupSeconds: number;
  /** The site's inspector (`http://127.0.0.1:{port}`): each reading follows a full garbage collection. */
  inspector?: string;
}): Promise<{ console: string; markdown: string }> {
  const { origin, pid, mix, soakSeconds, inspector } = options;
  // A remote that publishes no server build is rendered in the browser only: nothing to release.
  const remotes = options.remotes.filter((r) => fs.existsSync(path.join(r.dist, 'server/remote.js')));
  const browserOnly = options.remotes.filter((r) => !remotes.includes(r)).map((r) => r.name);
  const releases = options.releases ?? 20;
  const warmupSeconds = options.warmupSeconds;
  const stages: { stage: string; mb: number }[] = [];
  const notes: string[] = browserOnly.length
    ? [`Not released (no \`server/remote.js\` in its build: rendered in the browser only): ${browserOnly.join(', ')}.`]
    : [];
  const started = rssMb(pid);

  // Warm-up: every page type and API answer of the mix, under the same load as the soak below, so
  // that the warmed-up value is the working set at that load and only growth beyond it counts.
  const warm = await autocannon({ url: origin, seconds: warmupSeconds, requests: mix });
  const warmMb = await settledRss(pid, inspector);
  stages.push({ stage: `after warm-up (${warmupSeconds} s of the mix below, 50 connections, ${warm.requests.total} requests)`, mb: warmMb });

  // Releases of every remote's server build, each followed by a page rendering it.
  const originals = new Map<string, Buffer>();
  let rendered = 0;
  let changedEtags = 0;
  const probed: string[] = [];
  const restored: string[] = [];
  try {
    for (const r of remotes) {
      const file = path.join(r.dist, 'server/remote.js');
      originals.set(file, fs.readFileSync(file));
    }
    for (let round = 1; round <= releases; round++) {
      for (const r of remotes) {
        const file = path.join(r.dist, 'server/remote.js');
        const before = round === 1 ? await etagOf(r.serverBuildUrl) : null;
        fs.appendFileSync(file, releaseMarker(r.name, round, Date.now()));
        if (round === 1 && before !== (await etagOf(r.serverBuildUrl))) changedEtags++;
        const res = await fetch(origin + r.page, { headers: { Accept: 'text/html' } });
        await res.arrayBuffer();
        if (res.ok) rendered++;
      }
    }
    // A probe release that throws when evaluated must give the slot its fallback: proof that the
    // renderer fetched and evaluated the released file (decision 032), not a copy it kept.
    for (const r of remotes) {
      fs.appendFileSync(path.join(r.dist, 'server/remote.js'), `\nthrow new Error('bench probe release of ${r.name}');\n`);
      if ((await slotStatus(origin + r.page, r.slot)) === 'failed') probed.push(r.name);
    }
  } finally {
    for (const [file, content] of originals) fs.writeFileSync(file, content);
  }
  // The original builds back (a new ETag again): each page renders its slot again.
  for (const r of remotes) if ((await slotStatus(origin + r.page, r.slot)) === 'ready') restored.push(r.name);
  notes.push(
    `Evaluated on release: a last probe release that throws gave the slot its fallback for ${probed.length} of ${remotes.length} remotes (${probed.join(', ') || 'none'}); with the original builds back, ${restored.length} of ${remotes.length} slots rendered again (${restored.join(', ') || 'none'}).`,
  );
  if (changedEtags !== remotes.length) notes.push(`Only ${changedEtags} of ${remotes.length} remotes' server builds changed their ETag on a release.`);
  const releasedMb = await settledRss(pid, inspector);
  stages.push({
    stage: `after ${releases} releases of each of the ${remotes.length} remotes' server builds (${rendered} of ${releases * remotes.length} pages rendered 200)`,
    mb: releasedMb,
  });

  // Mixed load, RSS sampled every 5 s for the peak.
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* the process is gone: the reading below says so */
    }
  }, 5000);
  let soak: Awaited<ReturnType<typeof autocannon>>;
  try {
    soak = await autocannon({ url: origin, seconds: soakSeconds, requests: mix });
  } finally {
    clearInterval(sampler);
  }
  const soakMb = await settledRss(pid, inspector);
  stages.push({
    stage: `after ${soakSeconds} s of mixed load (50 connections, ${soak.requests.total} requests, ${soak.errors + soak.timeouts} errors, ${soak.non2xx} non-2xx)`,
    mb: soakMb,
  });

  const rows = [
    ['at start (before the warm-up)', started.toFixed(1), '-', '-'],
    ...stages.map((s, i) => {
      if (i === 0) return [s.stage, s.mb.toFixed(1), '-', '-'];
      const c = rssChange(warmMb, s.mb);
      return [s.stage, s.mb.toFixed(1), c.pct, verdict(c.met)];
    }),
    [
      inspector ? 'peak while under mixed load (sampled every 5 s, garbage included)' : 'peak while under mixed load (sampled every 5 s)',
      peak.toFixed(1),
      rssChange(warmMb, peak).pct,
      '-',
    ],
  ];
  const table = markdownTable(['stage', 'RSS (MB)', 'vs warmed-up', `within ${MEMORY_TOLERANCE * 100} %`], ['l', 'r', 'r', 'l'], rows);
  const mixList = mix.map((m) => `\`${m.path}\`${m.headers?.Cookie ? ' (signed in)' : ''}`).join(', ');
  const intro = `Resident memory (VmRSS of \`/proc/{pid}/status\`) of the site process the bench spawned (API, shell renderer; the
remotes' static files are served by another process), process ${pid}: ${options.pidHow}. A release appends a
unique comment to a remote's \`server/remote.js\` in the bench's copy of the build (its ETag changes, so the renderer
fetches and evaluates it again), then the bench asks for a page rendering that remote (${remotes.map((r) => `${r.name}: \`${r.page}\``).join(', ')});
the original files are put back afterwards. The mix, in turn on every connection: ${mixList}; pages with
\`Accept: text/html\`. Each reading is the median of three a second apart, once the load stopped${
    inspector ? ", after a full garbage collection (the DevTools protocol's `HeapProfiler.collectGarbage`, through the site's inspector on 127.0.0.1)" : ''
  }; the peak is sampled as it is. Target:
within ${MEMORY_TOLERANCE * 100} % of the warmed-up value. This run's mixed load lasted ${soakSeconds} s (BENCH_SOAK_SECONDS); the issue's full check is
600 s (\`BENCH_SOAK_SECONDS=600\`). Reported, not enforced.`;
  const noteText = notes.length ? `\n\n${notes.join('\n')}` : '';
  return {
    console: `\nServer memory (process ${pid})\n${table}${noteText}`,
    markdown: `## Server memory under releases and load\n\n${intro}\n\n${table}${noteText}`,
  };
}
