#!/usr/bin/env node
// A team's releases of its remote (decision 037), through the site's release API:
//
//   npm run release -- <remote> publish [--dist <dir>] [--reason <text>]
//   npm run release -- <remote> list | status
//   npm run release -- <remote> promote <version> [--channel stable|canary] [--percent N] [--reason <text>]
//   npm run release -- <remote> canary <percent> | canary --remove
//   npm run release -- <remote> rollback [--reason <text>]
//
// <remote> is the federation name (store) or the package (mfe-store). publish runs the pre-release
// check of scripts/check-release.mjs for that remote first (shared packages against the shell, the
// exposed modules' types against shared-contracts); a failed check is sent to the registry, which
// refuses it and records why, and nothing is copied. The registry runs its own check on the copied
// files before it accepts a version, and pins them by digest (decision 046). A build that passes is copied to its own version
// folder, <RELEASES_DIR>/<remote>/<yyyy.mm.dd>-<content hash>/, never over an existing one, and
// registered at <RELEASE_BASE_URL>/<remote>/<version>/mf-manifest.json. Publishing releases nothing:
// promote does.
//
// Settings: RELEASE_TOKEN (the remote's deploy token, from an operator), RELEASE_API (the site,
// default http://localhost:3000), RELEASES_DIR (default .releases), RELEASE_BASE_URL (where a static
// host serves RELEASES_DIR, default http://localhost:3006: npm start serves it there).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from './apps.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CSRF = ['X-Requested-With', 'magazine-site'];

export class ReleaseError extends Error {}

/** The remote a name means: its federation name or its package folder. */
export function findRemote(name) {
  const remote = REMOTES.find((r) => r.name === name || r.dir === name);
  if (!remote) throw new ReleaseError(`Unknown remote '${name}': one of ${REMOTES.map((r) => r.name).join(', ')}.`);
  return remote;
}

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** A build's content hash: every file's path and bytes, in order. The same build, the same hash. */
export function contentHash(dir) {
  const hash = crypto.createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** A version's name: the publish date (UTC) and the build's content hash, e.g. 2026.11.26-3f9c2a1. */
export function versionName(dir, date = new Date()) {
  const day = date.toISOString().slice(0, 10).replaceAll('-', '.');
  return `${day}-${contentHash(dir).slice(0, 7)}`;
}

/**
 * Copies a build to <root>/<remote>/<version>/, whole or not at all (a temporary folder renamed into
 * place); an existing version is never touched.
 */
export function copyVersion(dist, root, remote, version) {
  const target = path.join(root, remote, version);
  if (fs.existsSync(target)) throw new ReleaseError(`${remote} ${version} exists in ${path.join(root, remote)}: a version is never replaced.`);
  fs.mkdirSync(path.join(root, remote), { recursive: true });
  const temporary = path.join(root, remote, `.${version}.${process.pid}.tmp`);
  fs.rmSync(temporary, { recursive: true, force: true });
  fs.cpSync(dist, temporary, { recursive: true });
  try {
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
  return target;
}

/** Parses `--name value` and `--flag` options after the positional arguments. */
export function parseArgs(argv) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) options[name] = true;
      else {
        options[name] = next;
        i++;
      }
    } else positional.push(arg);
  }
  return { positional, options };
}

function client(env) {
  const api = (env.RELEASE_API ?? 'http://localhost:3000').replace(/\/+$/, '');
  const token = env.RELEASE_TOKEN;
  return async (method, pathname, body) => {
    if (!token) throw new ReleaseError('Set RELEASE_TOKEN to your remote’s deploy token (an operator issues one on /operations).');
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json', [CSRF[0]]: CSRF[1] };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res;
    try {
      res = await fetch(`${api}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new ReleaseError(`The release API at ${api} cannot be reached: ${error instanceof Error ? error.message : error}`);
    }
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    if (!res.ok)
      throw new ReleaseError(`Refused (${res.status}): ${json?.message ?? text.slice(0, 200)}${json?.errors ? ` ${JSON.stringify(json.errors)}` : ''}`);
    return json;
  };
}

const pct = (rate) => (rate === null || rate === undefined ? '-' : `${Math.round(rate * 1000) / 10}%`);

function describe(state, out) {
  const channel = (name, c) =>
    c
      ? `${name.padEnd(7)} ${c.version}${name === 'canary' ? ` (${c.percent}% of browsers + opt-ins)` : ''}, since ${c.since}, failures ${c.failures}/${c.loads} loads (${pct(c.failureRate)})`
      : `${name.padEnd(7)} -`;
  out(`${state.remote}`);
  out(`  ${channel('stable', state.stable)}`);
  out(`  ${channel('canary', state.canary)}`);
  out(`  rollback would return to: ${state.rollbackTo ?? '- (nothing earlier)'}`);
}

function listVersions(state, out) {
  out(`${'version'.padEnd(24)} ${'channels'.padEnd(15)} ${'published'.padEnd(25)} ${'failures/loads'.padEnd(16)} by`);
  for (const v of state.versions) {
    out(
      `${v.version.padEnd(24)} ${(v.channels.join(',') || '-').padEnd(15)} ${v.publishedAt.padEnd(25)} ${`${v.failures}/${v.loads} (${pct(v.failureRate)})`.padEnd(16)} ${v.publishedBy}`,
    );
  }
}

function listEvents(state, out, n = 10) {
  out('history (newest first):');
  for (const e of state.events.slice(0, n)) {
    const change = e.from || e.to ? ` ${e.from ?? '-'} -> ${e.to ?? '-'}` : '';
    out(`  ${e.at} ${e.action}${e.channel ? ` ${e.channel}` : ''}${change} by ${e.actor}${e.reason ? `: ${e.reason}` : ''}`);
  }
  // Refused requests are counted per actor, action and hour, apart from the changes (decision 046).
  for (const r of state.refusals.slice(0, n)) {
    out(`  refused (counted): ${r.count} × ${r.action} by ${r.actor} in the hour from ${r.hour}, the last at ${r.lastAt}: ${r.reason}`);
  }
}

/** Runs one command; `out` prints a line. Throws ReleaseError on a refusal. */
export async function runRelease(argv, { env = process.env, out = console.log, check } = {}) {
  const { positional, options } = parseArgs(argv);
  const [name, command, arg] = positional;
  if (!name || !command) {
    throw new ReleaseError('Usage: npm run release -- <remote> publish|list|status|promote <version>|canary <percent>|rollback [options]');
  }
  const remote = findRemote(name);
  const call = client(env);
  const base = `/api/releases/${remote.name}`;
  const reason = typeof options.reason === 'string' ? options.reason : undefined;

  switch (command) {
    case 'publish': {
      const dist = path.resolve(typeof options.dist === 'string' ? options.dist : path.join(ROOT, remote.dir, 'dist'));
      if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new ReleaseError(`No build in ${dist}: build the remote first.`);
      const version = versionName(dist);
      const releasesDir = path.resolve(env.RELEASES_DIR ?? path.join(ROOT, '.releases'));
      const baseUrl = (env.RELEASE_BASE_URL ?? 'http://localhost:3006').replace(/\/+$/, '');
      const manifestUrl = `${baseUrl}/${remote.name}/${version}/mf-manifest.json`;
      out(`${remote.name} ${version}: the pre-release check...`);
      // The check reads <package>/dist and <package>/src: the package is the build's parent folder.
      const packageDir = path.dirname(dist);
      const runCheck = check ?? (async (r) => (await import('./check-release.mjs')).checkRelease({ remotes: [r] }));
      const result = await runCheck({ ...remote, dir: path.relative(ROOT, packageDir) });
      for (const line of result.lines) out(`  ${line}`);
      const body = { version, manifestUrl, check: { ok: result.ok, lines: result.lines.map((l) => l.slice(0, 2000)).slice(0, 200) }, reason };
      if (!result.ok) {
        // The registry records the refusal (and says why); nothing is copied.
        await call('POST', `${base}/versions`, body);
        throw new ReleaseError('The pre-release check failed.');
      }
      const target = copyVersion(dist, releasesDir, remote.name, version);
      out(`  copied to ${target}`);
      try {
        await call('POST', `${base}/versions`, body);
      } catch (error) {
        // Not registered: the folder goes, so the same build can be published again.
        fs.rmSync(target, { recursive: true, force: true });
        throw error;
      }
      out(`published ${remote.name} ${version} at ${manifestUrl}`);
      out(`release it: npm run release -- ${remote.name} promote ${version} --channel canary --percent 10`);
      return { version, manifestUrl };
    }
    case 'list': {
      const state = await call('GET', base);
      listVersions(state, out);
      return state;
    }
    case 'status': {
      const state = await call('GET', base);
      describe(state, out);
      listEvents(state, out);
      return state;
    }
    case 'promote': {
      if (!arg) throw new ReleaseError('promote needs a version (see `list`).');
      const channel = typeof options.channel === 'string' ? options.channel : 'stable';
      const percent = options.percent === undefined ? undefined : Number(options.percent);
      if (percent !== undefined && (!Number.isInteger(percent) || percent < 0 || percent > 100))
        throw new ReleaseError('--percent is a whole number from 0 to 100.');
      const state = await call('POST', `${base}/promote`, { version: arg, channel, ...(percent !== undefined ? { percent } : {}), reason });
      out(`${remote.name} ${arg} is ${channel}${channel === 'canary' ? ` for ${percent ?? 0}% of browsers and those who opt in` : ''}`);
      describe(state, out);
      return state;
    }
    case 'canary': {
      if (options.remove) {
        const state = await call('DELETE', `${base}/canary${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`);
        describe(state, out);
        return state;
      }
      const percent = Number(arg);
      if (!Number.isInteger(percent) || percent < 0 || percent > 100)
        throw new ReleaseError('canary needs a share, a whole number from 0 to 100 (or --remove).');
      const state = await call('POST', `${base}/canary`, { percent, reason });
      describe(state, out);
      return state;
    }
    case 'rollback': {
      const state = await call('POST', `${base}/rollback`, { reason });
      out(`${remote.name} rolled back: stable is ${state.stable?.version}`);
      describe(state, out);
      return state;
    }
    default:
      throw new ReleaseError(`Unknown command '${command}': publish, list, status, promote, canary or rollback.`);
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  runRelease(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      console.error(error instanceof ReleaseError ? error.message : error instanceof Error ? error.stack : error);
      process.exit(1);
    },
  );
}
