/**
 * The release registry (decisions 037, 046): which version of each remote readers get.
 *
 * - What a team publishes is untrusted input (decision 046). A version is published only from the
 *   places the operator configured for its remote (its configured origin, the releases host's
 *   `<RELEASE_BASE_URL>/<remote>/`, RELEASE_ORIGINS_<REMOTE>), fetched without following redirects,
 *   checked here (the manifest names the remote, its shared packages against the shell's), and
 *   pinned: the SRI digests of its manifest, remote entry and server build are recorded, and the
 *   browser and the render tier load nothing else under that version.
 * - Versions are published once under their own address and never changed (a name or a manifest
 *   address used before is refused). The location the server is configured with (REMOTE_*_URL) is
 *   adopted as a version `env-<8 hex of its URL>` and made stable the first time the registry sees
 *   it, so a fresh database behaves exactly as before the registry, and moving a remote by its
 *   setting still works.
 * - Channels: `stable` (everyone) and `canary` (a share of browsers by a sticky cohort cookie, plus
 *   anyone opting in by cookie or header). `resolve` picks a browser's version per remote; the page
 *   renderer's `/remotes.json` goes through the same function with the same cookies, so the HTML and
 *   the browser agree.
 * - The channels are read at most once per `cacheMs` per process (and at once after a change made
 *   here); when the database cannot be read the last good snapshot is used, and before any, the
 *   configured locations.
 * - Every change is an event (who, when, what, from, to, why); refusals are counted per remote,
 *   actor, action and hour apart from them, so no flood of refusals hides a change.
 * - Loads and failures of a canary are counted from the browsers that were served it (the route
 *   checks the signed served-versions cookie); past `minLoads` loads, a failure rate above
 *   `maxFailureRate` with failures from at least `minBrowsers` browsers takes the canary out of its
 *   channel, recorded as the registry's own event. Only an operator may promote it again.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  failureRate,
  REMOTE_NAMES,
  type PromoteRequest,
  type PublishRequest,
  type ReleaseChannel,
  type ReleaseChannelState,
  type RemoteName,
  type RegistryRemotesAnswer,
  type ReleaseRefusal,
  type RemoteIntegrity,
  type RemoteReleases,
} from 'shared-contracts/server';
import type { Clock } from '../clock';
import type { Logger } from '../http/logger';
import type { ReleaseChannelRow, ReleaseEventRow, ReleaseRepository, ReleaseVersionRow } from '../repositories/releases';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from './errors';
import type { SharedPackage } from './release-check.cjs';
import { compareShared } from './release-check.cjs';

export interface ReleaseSettings {
  /** Loads a canary must have before its failure rate can take it out. */
  minLoads: number;
  /** The failure rate (0-1) above which a canary is taken out. */
  maxFailureRate: number;
  /** How long a process uses what it read of the channels (milliseconds). */
  cacheMs: number;
  /** Distinct browsers that must have reported failures before the failure rate can take a canary out. */
  minBrowsers: number;
  /** The releases host (RELEASE_BASE_URL): a remote's versions may be published under `<baseUrl>/<remote>/`. */
  baseUrl: string;
  /** More places the operator allows a remote's versions to be published from (RELEASE_ORIGINS_<REMOTE>): origins or URL prefixes. */
  origins: Partial<Record<RemoteName, string[]>>;
}

export const DEFAULT_RELEASES_BASE_URL = 'http://localhost:3006';

export const DEFAULT_RELEASE_SETTINGS: ReleaseSettings = {
  minLoads: 20,
  maxFailureRate: 0.2,
  cacheMs: 1000,
  minBrowsers: 5,
  baseUrl: DEFAULT_RELEASES_BASE_URL,
  origins: {},
};

/** Who asked: a deploy token (one remote), an operator, or the registry itself. */
export type ReleaseActor = { kind: 'token'; id: string; remote: RemoteName; label: string } | { kind: 'operator'; email: string } | { kind: 'system' };

export function actorName(actor: ReleaseActor | string): string {
  if (typeof actor === 'string') return actor;
  if (actor.kind === 'token') return `token:${actor.id} (${actor.label})`;
  if (actor.kind === 'operator') return `operator:${actor.email}`;
  return 'registry';
}

interface Located {
  version: string;
  manifestUrl: string;
  /** What a published version was pinned to; absent for a configured location (decision 046). */
  integrity?: RemoteIntegrity;
}
export interface RegistrySnapshot {
  remotes: Record<RemoteName, { stable: Located; canary: (Located & { percent: number }) | null }>;
  /** The origins of every version a channel names (the Content-Security-Policy's remote origins). */
  origins: string[];
  /** Whether some canary has a share of browsers (cohort cookies are handed out only then). */
  sharedCanary: boolean;
}

/** A browser's cohort: its sticky id (absent: none yet) and the canaries it opted in to. */
export interface Cohort {
  id: string | undefined;
  optIn: 'all' | Set<string>;
}

/** The version name of a configured location: the same in every process, for the same URL. */
export function configuredVersion(url: string): string {
  return `env-${createHash('sha256').update(url).digest('hex').slice(0, 8)}`;
}

/** A browser's bucket for one remote, 0 to 99.99: its canary share is `bucket < percent`. */
export function cohortBucket(cohortId: string, remote: string): number {
  return (createHash('sha256').update(`${cohortId}:${remote}`).digest().readUInt32BE(0) % 10000) / 100;
}

export function hashDeployToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin } = new URL(url);
      if (origin !== 'null') origins.add(origin);
    } catch {
      // not an absolute URL: nothing to allow
    }
  }
  return [...origins].sort();
}

/** A file of a version being published, as its host answered: never a redirect followed. */
export interface FetchedFile {
  status: number;
  body: Buffer;
}
/** How the registry fetches a version's files when it is published. Injected in tests. */
export type ReleaseFileFetcher = (url: string) => Promise<FetchedFile>;

/** The largest file the registry reads of a version (a remote entry or server build is far smaller). */
export const RELEASE_FILE_MAX_BYTES = 8 * 1024 * 1024;
const RELEASE_FILE_TIMEOUT_MS = 5000;

/**
 * A GET of one file, as a static host answers it: a redirect is an answer like any other (never
 * followed, so an allowed origin cannot send the registry elsewhere), the whole answer within 5 s
 * and 8 MB. Rejects on a network error; the caller says nothing of why (decision 046).
 */
export const fetchReleaseFile: ReleaseFileFetcher = (url) =>
  new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { headers: { accept: '*/*', 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > RELEASE_FILE_MAX_BYTES) req.destroy(new Error('too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => req.destroy(new Error('timed out')), RELEASE_FILE_TIMEOUT_MS);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

/** The SRI form of a file's digest (what `integrity` attributes and the render tier check). */
export function sriDigest(body: Buffer): string {
  return `sha384-${createHash('sha384').update(body).digest('base64')}`;
}

/** A place a remote's versions may be published from: an origin, and the path its addresses start with. */
export interface ReleaseSource {
  origin: string;
  pathPrefix: string;
}

/** An origin or URL prefix as the operator wrote it; null when it is not an http(s) address. */
export function releaseSource(value: string): ReleaseSource | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    const pathPrefix = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    return { origin: url.origin, pathPrefix };
  } catch {
    return null;
  }
}

/** Whether `url` is under one of `sources`: same origin, path under the prefix, no credentials. */
export function fromAllowedSource(url: string, sources: readonly ReleaseSource[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  return sources.some((s) => parsed.origin === s.origin && parsed.pathname.startsWith(s.pathPrefix));
}

/** The federation name a manifest declares (mf-manifest.json's `name` or `metaData.name`). */
function manifestName(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as { name?: unknown; metaData?: { name?: unknown } };
  if (typeof record.name === 'string') return record.name;
  return typeof record.metaData?.name === 'string' ? record.metaData.name : undefined;
}

let eventSeq = 0;

export function createReleaseService(deps: {
  releases: ReleaseRepository;
  clock: Clock;
  /** The configured locations (REMOTE_*_URL): each is adopted as a version, stable when first seen. */
  configured: Record<RemoteName, string>;
  settings?: Partial<ReleaseSettings>;
  logger?: Pick<Logger, 'warn'>;
  fetchFile?: ReleaseFileFetcher;
  /** What the shell shares (the server's half of the pre-release check); read when first needed. */
  shellShared?: () => SharedPackage[];
}) {
  const { releases, clock } = deps;
  const settings: ReleaseSettings = { ...DEFAULT_RELEASE_SETTINGS, ...deps.settings };
  const fetchFile = deps.fetchFile ?? fetchReleaseFile;
  let shellSharedList: SharedPackage[] | null = null;
  const shellShared = () => (shellSharedList ??= deps.shellShared?.() ?? []);
  const now = () => clock.now().toISOString();

  /** Where a remote's versions may be published from: operator configuration only (decision 046). */
  function sourcesOf(remote: RemoteName): ReleaseSource[] {
    const base = settings.baseUrl.replace(/\/+$/, '');
    return [deps.configured[remote] ? new URL(deps.configured[remote]).origin : null, `${base}/${remote}/`, ...(settings.origins[remote] ?? [])]
      .filter((v): v is string => typeof v === 'string')
      .map(releaseSource)
      .filter((v): v is ReleaseSource => v !== null);
  }

  async function event(
    remote: string,
    actor: ReleaseActor | string,
    action: string,
    fields: { channel?: string | null; from?: string | null; to?: string | null; reason?: string; outcome?: 'done' | 'refused' },
  ): Promise<void> {
    const at = now();
    const row: ReleaseEventRow = {
      id: `${at}|${String(++eventSeq).padStart(9, '0')}|${randomBytes(3).toString('hex')}`,
      remote,
      at,
      actor: actorName(actor),
      action,
      channel: fields.channel ?? null,
      from_version: fields.from ?? null,
      to_version: fields.to ?? null,
      reason: (fields.reason ?? '').slice(0, 500),
      outcome: fields.outcome ?? 'done',
    };
    await releases.addEvent(row);
  }

  /**
   * Counts a refusal (per remote, actor, action and hour: never one row each, so a flood of refused
   * requests cannot push a change out of the history) and returns the error to throw.
   */
  async function refuse<E extends Error>(
    remote: string,
    actor: ReleaseActor | string,
    action: string,
    error: E,
    fields: { to?: string | null } = {},
  ): Promise<E> {
    const at = now();
    const reason = [error.message, fields.to ? `(${fields.to})` : ''].filter(Boolean).join(' ').slice(0, 500);
    await releases.countRefusal({ remote, actor: actorName(actor).slice(0, 200), action, window_start: `${at.slice(0, 13)}:00:00.000Z`, at, reason });
    return error;
  }

  // ---- the configured locations, adopted once per process

  let adopted: Promise<void> | null = null;
  async function adoptConfigured(): Promise<void> {
    for (const remote of REMOTE_NAMES) {
      const url = deps.configured[remote];
      const version = configuredVersion(url);
      const envName = remote.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
      const isNew = await releases.insertVersion({
        remote,
        version,
        manifest_url: url,
        published_at: now(),
        published_by: 'system',
        check_report: JSON.stringify([`the configured location (REMOTE_${envName}_URL)`]),
      });
      if (await releases.insertChannelIfAbsent(remote, 'stable', version, now())) {
        await event(remote, 'system', 'adopt-configured', { channel: 'stable', to: version, reason: `the configured location ${url}` });
      } else if (isNew) {
        // The setting names a location the registry has not seen: the deployer moved the remote.
        const stable = (await releases.channels(remote)).find((c) => c.channel === 'stable');
        await releases.setChannel(remote, 'stable', version, 100, now());
        await event(remote, 'system', 'adopt-configured', {
          channel: 'stable',
          from: stable?.version ?? null,
          to: version,
          reason: `REMOTE_${envName}_URL names a new location, ${url}`,
        });
      }
    }
  }
  function ensureConfigured(): Promise<void> {
    adopted ??= adoptConfigured().catch((error: unknown) => {
      adopted = null;
      throw error;
    });
    return adopted;
  }

  // ---- the channels, as readers get them

  /** A version's pins, when it was published (a configured location has none). */
  function integrityOf(row: Pick<ReleaseVersionRow, 'manifest_integrity' | 'entry_integrity' | 'server_integrity'>): { integrity?: RemoteIntegrity } {
    if (!row.manifest_integrity || !row.entry_integrity) return {};
    return { integrity: { manifest: row.manifest_integrity, entry: row.entry_integrity, server: row.server_integrity } };
  }

  const fallback = (): RegistrySnapshot => ({
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((r) => [r, { stable: { version: configuredVersion(deps.configured[r]), manifestUrl: deps.configured[r] }, canary: null }]),
    ) as RegistrySnapshot['remotes'],
    origins: originsOf(Object.values(deps.configured)),
    sharedCanary: false,
  });
  let lastGood: { snapshot: RegistrySnapshot; at: number } | null = null;
  let reading: Promise<RegistrySnapshot> | null = null;

  async function readSnapshot(): Promise<RegistrySnapshot> {
    await ensureConfigured();
    const rows = await releases.allChannels();
    const base = fallback();
    for (const row of rows) {
      if (!(REMOTE_NAMES as readonly string[]).includes(row.remote)) continue;
      const entry = base.remotes[row.remote as RemoteName];
      const located: Located = { version: row.version, manifestUrl: row.manifest_url, ...integrityOf(row) };
      if (row.channel === 'stable') entry.stable = located;
      else if (row.channel === 'canary') entry.canary = { ...located, percent: row.percent };
    }
    const urls = Object.values(base.remotes).flatMap((r) => [r.stable.manifestUrl, ...(r.canary ? [r.canary.manifestUrl] : [])]);
    base.origins = originsOf(urls);
    base.sharedCanary = Object.values(base.remotes).some((r) => (r.canary?.percent ?? 0) > 0);
    return base;
  }

  /** The channels as this process last read them, read again after `cacheMs`; never rejects. */
  function snapshot(): Promise<RegistrySnapshot> {
    if (lastGood && Date.now() - lastGood.at < settings.cacheMs) return Promise.resolve(lastGood.snapshot);
    reading ??= readSnapshot()
      .then((s) => {
        lastGood = { snapshot: s, at: Date.now() };
        return s;
      })
      .catch((error: unknown) => {
        deps.logger?.warn('release registry unreadable: serving the last good answer', { error: error instanceof Error ? error.message : String(error) });
        // Tried again on the next request after cacheMs, not on every request.
        if (lastGood) lastGood = { snapshot: lastGood.snapshot, at: Date.now() };
        return lastGood?.snapshot ?? fallback();
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  /** The snapshot without waiting, when one is fresh enough (the security headers' fast path). */
  function cachedSnapshot(): RegistrySnapshot | null {
    return lastGood && Date.now() - lastGood.at < settings.cacheMs ? lastGood.snapshot : null;
  }

  function invalidate(): void {
    lastGood = null;
  }

  /** What one browser gets: /remotes.json's answer. */
  function resolve(s: RegistrySnapshot, cohort: Cohort): RegistryRemotesAnswer {
    const remotes = {} as Record<RemoteName, string>;
    const versions = {} as Record<RemoteName, string>;
    const integrity: Record<string, RemoteIntegrity> = {};
    const canary: RemoteName[] = [];
    for (const remote of REMOTE_NAMES) {
      const entry = s.remotes[remote];
      const optedIn = cohort.optIn === 'all' || cohort.optIn.has(remote);
      const inShare = entry.canary !== null && cohort.id !== undefined && cohortBucket(cohort.id, remote) < entry.canary.percent;
      const chosen = entry.canary && (optedIn || inShare) ? entry.canary : entry.stable;
      remotes[remote] = chosen.manifestUrl;
      versions[remote] = chosen.version;
      if (chosen.integrity) integrity[remote] = chosen.integrity;
      if (chosen === entry.canary) canary.push(remote);
    }
    return { remotes, versions, ...(canary.length > 0 ? { canary } : {}), ...(Object.keys(integrity).length > 0 ? { integrity } : {}) };
  }

  // ---- the registry's state, as teams and operators see it

  function channelState(row: ReleaseChannelRow | undefined, manifests: Map<string, string>): ReleaseChannelState | null {
    if (!row) return null;
    return {
      version: row.version,
      manifestUrl: manifests.get(row.version) ?? '',
      percent: row.percent,
      since: row.since,
      loads: row.loads,
      failures: row.failures,
      failureRate: failureRate(row.loads, row.failures),
    };
  }

  /** The stable versions in force, oldest first: promotions push, rollbacks pop. */
  async function stableStack(remote: string): Promise<string[]> {
    const stack: string[] = [];
    for (const e of await releases.stableHistory(remote)) {
      if (e.action === 'rollback') stack.pop();
      else if (e.to_version) stack.push(e.to_version);
    }
    return stack;
  }

  /** The stable version before the current one: below the current one in the stack (a rollback pops it). */
  async function rollbackTarget(remote: string, current: string | undefined): Promise<string | null> {
    const stack = await stableStack(remote);
    if (stack[stack.length - 1] !== current) return null;
    for (let i = stack.length - 2; i >= 0; i--) if (stack[i] !== current) return stack[i] ?? null;
    return null;
  }

  /** How many events and refusals the state shows at once; the rest are paged (`events`, `refusals`). */
  const PAGE = 30;

  function eventOf(e: ReleaseEventRow) {
    return { id: e.id, at: e.at, actor: e.actor, action: e.action, channel: e.channel, from: e.from_version, to: e.to_version, reason: e.reason };
  }

  /** A page of the remote's changes, newest first, before the event `before` (an id from an earlier page). */
  async function events(remote: RemoteName | 'all', before?: string, limit = PAGE) {
    const rows = await releases.events(remote, limit + 1, before);
    return { events: rows.slice(0, limit).map(eventOf), next: rows.length > limit ? rows[limit - 1]!.id : null };
  }

  /** A page of the remote's counted refusals, the most recent first. */
  async function refusals(remote: RemoteName | 'all', offset = 0, limit = PAGE): Promise<{ refusals: ReleaseRefusal[]; next: number | null }> {
    const rows = await releases.refusals(remote, limit + 1, offset);
    return {
      refusals: rows.slice(0, limit).map((r) => ({
        actor: r.actor,
        action: r.action,
        hour: r.window_start,
        count: r.count,
        firstAt: r.first_at,
        lastAt: r.last_at,
        reason: r.last_reason,
      })),
      next: rows.length > limit ? offset + limit : null,
    };
  }

  async function state(remote: RemoteName): Promise<RemoteReleases> {
    await ensureConfigured();
    const [versions, channels, history, refused] = await Promise.all([releases.versions(remote), releases.channels(remote), events(remote), refusals(remote)]);
    const manifests = new Map(versions.map((v) => [v.version, v.manifest_url]));
    const stable = channels.find((c) => c.channel === 'stable');
    const canary = channels.find((c) => c.channel === 'canary');
    const checkLines = (report: string): string[] => {
      try {
        const parsed: unknown = JSON.parse(report || '[]');
        return Array.isArray(parsed) ? parsed.map(String) : [];
      } catch {
        return [];
      }
    };
    return {
      remote,
      stable: channelState(stable, manifests),
      canary: channelState(canary, manifests),
      rollbackTo: await rollbackTarget(remote, stable?.version),
      versions: versions.map((v) => ({
        version: v.version,
        manifestUrl: v.manifest_url,
        publishedAt: v.published_at,
        publishedBy: v.published_by,
        check: checkLines(v.check_report),
        pinned: v.manifest_integrity !== null,
        loads: v.loads,
        failures: v.failures,
        failureRate: failureRate(v.loads, v.failures),
        channels: channels.filter((c) => c.version === v.version).map((c) => c.channel as ReleaseChannel),
      })),
      events: history.events,
      eventsNext: history.next,
      refusals: refused.refusals,
      refusalsNext: refused.next,
    };
  }

  // ---- changes

  /** The same refusal for every way a file cannot be fetched: it echoes nothing the host answered (decision 046). */
  const unreadable = (remote: RemoteName, url: string) => new UnprocessableError(`${remote}'s files could not be read at ${url}.`);

  /**
   * The server's pre-release check of a version at `manifestUrl` (decision 046): every file comes
   * from a place the operator allows for the remote; the manifest names the remote and shares what
   * the shell provides as the shell requires; its entry and its server build are fetched and their
   * digests recorded. Throws the refusal's error; returns the pins and the check's lines.
   */
  async function checkOnServer(remote: RemoteName, manifestUrl: string): Promise<{ manifest: string; entry: string; server: string | null; lines: string[] }> {
    const sources = sourcesOf(remote);
    const allowed = (url: string) => fromAllowedSource(url, sources);
    const where = sources.map((s) => `${s.origin}${s.pathPrefix}`).join(', ');
    if (!allowed(manifestUrl)) throw new UnprocessableError(`A version of ${remote} is published from ${where} only.`);
    const read = async (url: string, optional = false): Promise<Buffer | null> => {
      let file: FetchedFile;
      try {
        file = await fetchFile(url);
      } catch {
        throw unreadable(remote, url);
      }
      if (optional && file.status === 404) return null;
      if (file.status !== 200) throw unreadable(remote, url);
      return file.body;
    };
    const manifestBytes = (await read(manifestUrl))!;
    let json: unknown;
    try {
      json = JSON.parse(manifestBytes.toString('utf8'));
    } catch {
      throw new UnprocessableError(`The manifest at ${manifestUrl} is not a remote manifest.`);
    }
    const name = manifestName(json);
    if (name !== remote) {
      throw new UnprocessableError(`The manifest at ${manifestUrl} is ${name ? `the remote ${name}'s` : 'not a remote manifest'}, not ${remote}'s.`);
    }
    const manifest = json as { shared?: unknown; metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } };
    const shared = Array.isArray(manifest.shared)
      ? (manifest.shared as Array<{ name: string; version?: string; requiredVersion?: string; singleton?: boolean }>)
      : [];
    const problems = compareShared(
      shellShared(),
      shared.filter((s) => typeof s?.name === 'string'),
    );
    if (problems.length > 0) throw new UnprocessableError(`The pre-release check failed: ${remote}: shared MISMATCH: ${problems.join('; ')}`.slice(0, 600));
    const entryName = manifest.metaData?.remoteEntry?.name;
    const entryPath = manifest.metaData?.remoteEntry?.path;
    if (typeof entryName !== 'string' || !/^[\w.-]+\.js$/.test(entryName) || (entryPath !== undefined && typeof entryPath !== 'string')) {
      throw new UnprocessableError(`The manifest at ${manifestUrl} names no remote entry.`);
    }
    const entryUrl = new URL(`${entryPath ? `${entryPath.replace(/\/+$/, '')}/` : ''}${entryName}`, manifestUrl).href;
    const serverUrl = new URL('server/remote.js', manifestUrl).href;
    if (!allowed(entryUrl)) throw new UnprocessableError(`A version of ${remote} is published from ${where} only.`);
    const [entry, server] = await Promise.all([read(entryUrl), read(serverUrl, true)]);
    const pins = { manifest: sriDigest(manifestBytes), entry: sriDigest(entry!), server: server ? sriDigest(server) : null };
    return {
      ...pins,
      lines: [
        `registry: ${remote}: shared ok`,
        `registry: manifest ${pins.manifest}`,
        `registry: entry ${entryName} ${pins.entry}`,
        `registry: server build ${pins.server ?? 'none (rendered in the browser)'}`,
      ],
    };
  }

  async function publish(actor: ReleaseActor, remote: RemoteName, input: PublishRequest): Promise<RemoteReleases> {
    await ensureConfigured();
    // The caller's own report can only refuse: a check it says failed is refused; one it says passed
    // proves nothing, and the registry runs its own (decision 046).
    if (input.check && !input.check.ok) {
      const problems = input.check.lines.filter((l) => /MISMATCH|FAILED|no build/i.test(l));
      throw await refuse(
        remote,
        actor,
        'publish',
        new UnprocessableError(`The pre-release check failed: ${(problems.length > 0 ? problems : input.check.lines).join('; ').slice(0, 400)}`),
        { to: input.version },
      );
    }
    if (await releases.version(remote, input.version)) {
      throw await refuse(remote, actor, 'publish', new ConflictError(`${remote} ${input.version} is published already: a version is never replaced.`), {
        to: input.version,
      });
    }
    const sameAddress = await releases.versionByManifest(remote, input.manifestUrl);
    if (sameAddress) {
      throw await refuse(
        remote,
        actor,
        'publish',
        new ConflictError(`${input.manifestUrl} is ${remote} ${sameAddress.version} already: each version has its own address.`),
        { to: input.version },
      );
    }
    let checked: Awaited<ReturnType<typeof checkOnServer>>;
    try {
      checked = await checkOnServer(remote, input.manifestUrl);
    } catch (error) {
      throw await refuse(remote, actor, 'publish', error instanceof Error ? error : new UnprocessableError(String(error)), { to: input.version });
    }
    const inserted = await releases.insertVersion({
      remote,
      version: input.version,
      manifest_url: input.manifestUrl,
      published_at: now(),
      published_by: actorName(actor),
      check_report: JSON.stringify([...checked.lines, ...(input.check?.lines ?? []).map((l) => `team: ${l}`)]),
      manifest_integrity: checked.manifest,
      entry_integrity: checked.entry,
      server_integrity: checked.server,
    });
    if (!inserted) throw await refuse(remote, actor, 'publish', new ConflictError(`${remote} ${input.version} is published already.`), { to: input.version });
    await event(remote, actor, 'publish', { to: input.version, reason: input.reason ?? '' });
    return state(remote);
  }

  async function promote(actor: ReleaseActor, remote: RemoteName, input: PromoteRequest): Promise<RemoteReleases> {
    await ensureConfigured();
    const version = await releases.version(remote, input.version);
    if (!version) throw await refuse(remote, actor, 'promote', new NotFoundError(`${remote} has no version ${input.version}.`), { to: input.version });
    // A version the registry took out for failing readers comes back only by an operator's decision.
    if (actor.kind !== 'operator' && (await releases.wasTakenOut(remote, input.version))) {
      throw await refuse(
        remote,
        actor,
        'promote',
        new ForbiddenError(`The registry took ${remote} ${input.version} out after readers' failures: only an operator may promote it again.`),
        { to: input.version },
      );
    }
    const channels = await releases.channels(remote);
    const stable = channels.find((c) => c.channel === 'stable');
    const canary = channels.find((c) => c.channel === 'canary');
    if (input.channel === 'stable') {
      if (stable?.version === input.version) {
        throw await refuse(remote, actor, 'promote', new ConflictError(`${remote} ${input.version} is stable already.`), { to: input.version });
      }
      await releases.setChannel(remote, 'stable', input.version, 100, now());
      await event(remote, actor, 'promote', { channel: 'stable', from: stable?.version ?? null, to: input.version, reason: input.reason ?? '' });
      // A canary that became stable has nothing left to try.
      if (canary?.version === input.version && (await releases.removeChannel(remote, 'canary', input.version))) {
        await event(remote, actor, 'canary-remove', { channel: 'canary', from: input.version, reason: 'promoted to stable' });
      }
    } else {
      if (stable?.version === input.version) {
        throw await refuse(remote, actor, 'promote', new ConflictError(`${remote} ${input.version} is the stable version: a canary must be another.`), {
          to: input.version,
        });
      }
      const percent = input.percent ?? 0;
      await releases.setChannel(remote, 'canary', input.version, percent, now());
      await event(remote, actor, 'promote', {
        channel: 'canary',
        from: canary?.version ?? null,
        to: input.version,
        reason: [`${percent}% of browsers and those who opt in`, input.reason].filter(Boolean).join('; '),
      });
    }
    invalidate();
    return state(remote);
  }

  async function rollback(actor: ReleaseActor, remote: RemoteName, reason = ''): Promise<RemoteReleases> {
    await ensureConfigured();
    const stable = (await releases.channels(remote)).find((c) => c.channel === 'stable');
    const target = await rollbackTarget(remote, stable?.version);
    if (!target || !stable) {
      throw await refuse(remote, actor, 'rollback', new ConflictError(`${remote} has no earlier stable version to roll back to.`));
    }
    await releases.setChannel(remote, 'stable', target, 100, now());
    await event(remote, actor, 'rollback', { channel: 'stable', from: stable.version, to: target, reason });
    invalidate();
    return state(remote);
  }

  async function setCanaryShare(actor: ReleaseActor, remote: RemoteName, percent: number, reason = ''): Promise<RemoteReleases> {
    await ensureConfigured();
    const canary = (await releases.channels(remote)).find((c) => c.channel === 'canary');
    if (!canary) throw await refuse(remote, actor, 'canary-share', new NotFoundError(`${remote} has no canary.`));
    await releases.setCanaryPercent(remote, percent);
    await event(remote, actor, 'canary-share', {
      channel: 'canary',
      from: canary.version,
      to: canary.version,
      reason: [`${canary.percent}% -> ${percent}%`, reason].filter(Boolean).join('; '),
    });
    invalidate();
    return state(remote);
  }

  async function removeCanary(actor: ReleaseActor, remote: RemoteName, reason = ''): Promise<RemoteReleases> {
    await ensureConfigured();
    const canary = (await releases.channels(remote)).find((c) => c.channel === 'canary');
    if (!canary || !(await releases.removeChannel(remote, 'canary', canary.version))) {
      throw await refuse(remote, actor, 'canary-remove', new NotFoundError(`${remote} has no canary.`));
    }
    await event(remote, actor, 'canary-remove', { channel: 'canary', from: canary.version, reason });
    invalidate();
    return state(remote);
  }

  // ---- what readers' browsers report

  async function weigh(remote: string, canary: ReleaseChannelRow | undefined): Promise<void> {
    if (!canary || canary.loads < settings.minLoads) return;
    const rate = failureRate(canary.loads, canary.failures) ?? 0;
    if (rate <= settings.maxFailureRate) return;
    // Failures from one browser, or a few, never take a canary out (decision 046).
    const browsers = await releases.failingBrowsers(remote, canary.version, canary.since);
    if (browsers < settings.minBrowsers) return;
    if (!(await releases.removeChannel(remote, 'canary', canary.version))) return;
    const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;
    await event(remote, 'registry', 'auto-rollback', {
      channel: 'canary',
      from: canary.version,
      reason: `failure rate ${pct(rate)} (${canary.failures} failures in ${canary.loads} loads, from ${browsers} browsers) is above ${pct(settings.maxFailureRate)} after at least ${settings.minLoads} loads`,
    });
    deps.logger?.warn('canary taken out by its failure rate', { remote, version: canary.version, loads: canary.loads, failures: canary.failures, browsers });
    invalidate();
  }

  /** A load of `version` reported by a browser that was served it (the route checks the served-versions cookie). */
  async function recordLoad(remote: RemoteName, version: string): Promise<void> {
    await weigh(remote, await releases.count(remote, version, 'loads'));
  }

  /** A failure of `version` reported by `browser`, which was served it. */
  async function recordFailure(remote: RemoteName, version: string, browser: string): Promise<void> {
    await releases.addFailingBrowser(remote, version, browser, now());
    await weigh(remote, await releases.count(remote, version, 'failures'));
  }

  // ---- release testers: readers whose canary opt-in counts (decision 046)

  async function addTester(actor: ReleaseActor, email: string): Promise<void> {
    const userId = await releases.userIdByEmail(email);
    if (!userId) throw await refuse('all', actor, 'tester-add', new NotFoundError('No account has that email address.'));
    await releases.addRole(userId, 'release-tester');
    await event('all', actor, 'tester-add', { reason: email });
  }

  async function removeTester(actor: ReleaseActor, email: string): Promise<void> {
    const userId = await releases.userIdByEmail(email);
    if (!userId || !(await releases.removeRole(userId, 'release-tester'))) {
      throw await refuse('all', actor, 'tester-remove', new NotFoundError('That account is not a release tester.'));
    }
    await event('all', actor, 'tester-remove', { reason: email });
  }

  // ---- deploy tokens

  async function issueToken(actor: ReleaseActor, remote: RemoteName, label: string): Promise<{ id: string; token: string }> {
    const token = `mfr_${randomBytes(32).toString('base64url')}`;
    const id = `tok-${randomBytes(6).toString('hex')}`;
    await releases.insertToken({ token_hash: hashDeployToken(token), id, remote, label, created_at: now(), created_by: actorName(actor), revoked_at: null });
    await event(remote, actor, 'token-issue', { reason: `${id} (${label})` });
    return { id, token };
  }

  async function revokeToken(actor: ReleaseActor, remote: RemoteName, id: string): Promise<void> {
    if (!(await releases.revokeToken(remote, id, now())))
      throw await refuse(remote, actor, 'token-revoke', new NotFoundError(`${remote} has no live token ${id}.`));
    await event(remote, actor, 'token-revoke', { reason: id });
  }

  /** The token a bearer string is, if any (revoked ones too, so that a replay is audited as one). */
  async function tokenFor(bearer: string): Promise<{ id: string; remote: string; label: string; revoked: boolean } | null> {
    if (!/^mfr_[A-Za-z0-9_-]{20,100}$/.test(bearer)) return null;
    const row = await releases.tokenByHash(hashDeployToken(bearer));
    if (!row) return null;
    return { id: row.id, remote: row.remote, label: row.label, revoked: row.revoked_at !== null };
  }

  return {
    settings,
    ensureConfigured,
    snapshot,
    cachedSnapshot,
    invalidate,
    resolve,
    state,
    events,
    refusals,
    publish,
    promote,
    rollback,
    setCanaryShare,
    removeCanary,
    recordLoad,
    recordFailure,
    issueToken,
    revokeToken,
    tokenFor,
    refuse,
    addTester,
    removeTester,
    testers: () => releases.usersWithRole('release-tester'),
    isOperator: (userId: string) => releases.hasRole(userId, 'operator'),
    /** Whether a signed-in account's canary opt-in counts: an operator or a listed release tester. */
    mayOptIn: async (userId: string) => (await releases.hasRole(userId, 'operator')) || (await releases.hasRole(userId, 'release-tester')),
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
