/**
 * The release registry (issue 24, decision 037): which version of each remote readers get.
 *
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
 * - Every change and every refusal is an event: who, when, what, from, to, why.
 * - Loads and failures of a canary are counted; past `minLoads` loads, a failure rate above
 *   `maxFailureRate` takes the canary out of its channel, recorded as the registry's own event.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  failureRate,
  REMOTE_NAMES,
  type PromoteRequest,
  type PublishRequest,
  type ReleaseChannel,
  type ReleaseChannelState,
  type RemoteName,
  type RegistryRemotesAnswer,
  type RemoteReleases,
} from 'shared-contracts/server';
import type { Clock } from '../clock';
import type { Logger } from '../http/logger';
import type { ReleaseChannelRow, ReleaseEventRow, ReleaseRepository } from '../repositories/releases';
import { ConflictError, NotFoundError, UnprocessableError } from './errors';

export interface ReleaseSettings {
  /** Loads a canary must have before its failure rate can take it out. */
  minLoads: number;
  /** The failure rate (0-1) above which a canary is taken out. */
  maxFailureRate: number;
  /** How long a process uses what it read of the channels (milliseconds). */
  cacheMs: number;
}

export const DEFAULT_RELEASE_SETTINGS: ReleaseSettings = { minLoads: 20, maxFailureRate: 0.2, cacheMs: 1000 };

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

/** What a manifest fetch gives: the parsed JSON, or throws. Injected in tests. */
export type ManifestFetcher = (url: string) => Promise<unknown>;

export const fetchManifestJson: ManifestFetcher = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`answered ${res.status}`);
  return res.json();
};

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
  fetchManifest?: ManifestFetcher;
}) {
  const { releases, clock } = deps;
  const settings: ReleaseSettings = { ...DEFAULT_RELEASE_SETTINGS, ...deps.settings };
  const fetchManifest = deps.fetchManifest ?? fetchManifestJson;
  const now = () => clock.now().toISOString();

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

  /** Records a refusal and answers the error to throw. */
  async function refuse<E extends Error>(
    remote: string,
    actor: ReleaseActor | string,
    action: string,
    error: E,
    fields: { to?: string | null } = {},
  ): Promise<E> {
    await event(remote, actor, action, { ...fields, reason: error.message, outcome: 'refused' });
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
      if (row.channel === 'stable') entry.stable = { version: row.version, manifestUrl: row.manifest_url };
      else if (row.channel === 'canary') entry.canary = { version: row.version, manifestUrl: row.manifest_url, percent: row.percent };
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
    const canary: RemoteName[] = [];
    for (const remote of REMOTE_NAMES) {
      const entry = s.remotes[remote];
      const optedIn = cohort.optIn === 'all' || cohort.optIn.has(remote);
      const inShare = entry.canary !== null && cohort.id !== undefined && cohortBucket(cohort.id, remote) < entry.canary.percent;
      const chosen = entry.canary && (optedIn || inShare) ? entry.canary : entry.stable;
      remotes[remote] = chosen.manifestUrl;
      versions[remote] = chosen.version;
      if (chosen === entry.canary) canary.push(remote);
    }
    return canary.length > 0 ? { remotes, versions, canary } : { remotes, versions };
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

  async function state(remote: RemoteName, eventLimit = 30): Promise<RemoteReleases> {
    await ensureConfigured();
    const [versions, channels, events] = await Promise.all([releases.versions(remote), releases.channels(remote), releases.events(remote, eventLimit)]);
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
        loads: v.loads,
        failures: v.failures,
        failureRate: failureRate(v.loads, v.failures),
        channels: channels.filter((c) => c.version === v.version).map((c) => c.channel as ReleaseChannel),
      })),
      events: events.map((e) => ({
        at: e.at,
        actor: e.actor,
        action: e.action,
        channel: e.channel,
        from: e.from_version,
        to: e.to_version,
        reason: e.reason,
        outcome: e.outcome === 'refused' ? 'refused' : 'done',
      })),
    };
  }

  // ---- changes

  async function publish(actor: ReleaseActor, remote: RemoteName, input: PublishRequest): Promise<RemoteReleases> {
    await ensureConfigured();
    if (!input.check.ok) {
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
    let name: string | undefined;
    try {
      name = manifestName(await fetchManifest(input.manifestUrl));
    } catch (error) {
      throw await refuse(
        remote,
        actor,
        'publish',
        new UnprocessableError(`The manifest at ${input.manifestUrl} cannot be read: ${error instanceof Error ? error.message : String(error)}`),
        { to: input.version },
      );
    }
    if (name !== remote) {
      throw await refuse(
        remote,
        actor,
        'publish',
        new UnprocessableError(`The manifest at ${input.manifestUrl} is ${name ? `the remote ${name}'s` : 'not a remote manifest'}, not ${remote}'s.`),
        { to: input.version },
      );
    }
    const inserted = await releases.insertVersion({
      remote,
      version: input.version,
      manifest_url: input.manifestUrl,
      published_at: now(),
      published_by: actorName(actor),
      check_report: JSON.stringify(input.check.lines),
    });
    if (!inserted) throw await refuse(remote, actor, 'publish', new ConflictError(`${remote} ${input.version} is published already.`), { to: input.version });
    await event(remote, actor, 'publish', { to: input.version, reason: input.reason ?? '' });
    return state(remote);
  }

  async function promote(actor: ReleaseActor, remote: RemoteName, input: PromoteRequest): Promise<RemoteReleases> {
    await ensureConfigured();
    const version = await releases.version(remote, input.version);
    if (!version) throw await refuse(remote, actor, 'promote', new NotFoundError(`${remote} has no version ${input.version}.`), { to: input.version });
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
    if (!(await releases.removeChannel(remote, 'canary', canary.version))) return;
    const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;
    await event(remote, 'registry', 'auto-rollback', {
      channel: 'canary',
      from: canary.version,
      reason: `failure rate ${pct(rate)} (${canary.failures} failures in ${canary.loads} loads) is above ${pct(settings.maxFailureRate)} after at least ${settings.minLoads} loads`,
    });
    deps.logger?.warn('canary taken out by its failure rate', { remote, version: canary.version, loads: canary.loads, failures: canary.failures });
    invalidate();
  }

  async function recordLoad(remote: RemoteName, version: string): Promise<void> {
    await weigh(remote, await releases.count(remote, version, 'loads'));
  }

  async function recordFailure(remote: RemoteName, version: string): Promise<void> {
    await weigh(remote, await releases.count(remote, version, 'failures'));
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
    isOperator: (userId: string) => releases.hasRole(userId, 'operator'),
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
