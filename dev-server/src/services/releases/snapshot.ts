/**
 * The channels, as readers get them (decision 037): read at most once per `cacheMs` per process
 * (and at once after a change made here, which calls `invalidate`); when the database cannot be
 * read the last good snapshot is used, and before any, the configured locations. `resolve.ts`
 * picks one browser's versions from a snapshot.
 */
import { REMOTE_NAMES, type RemoteIntegrity, type RemoteName } from 'shared-contracts/server';
import type { ReleaseVersionRow } from '../../repositories/releases';
import { configuredVersion, ensureConfigured } from './configured';
import type { Located, RegistrySnapshot, ReleaseDeps } from './deps';

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

/** A version's pins, when it was published (a configured location has none). */
function integrityOf(row: Pick<ReleaseVersionRow, 'manifest_integrity' | 'entry_integrity' | 'server_integrity'>): { integrity?: RemoteIntegrity } {
  if (!row.manifest_integrity || !row.entry_integrity) return {};
  return { integrity: { manifest: row.manifest_integrity, entry: row.entry_integrity, server: row.server_integrity } };
}

/** The configured locations, stable, and no canary: the answer before any read of the channels. */
const fallback = (configured: Record<RemoteName, string>): RegistrySnapshot => ({
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((r) => [r, { stable: { version: configuredVersion(configured[r]), manifestUrl: configured[r] }, canary: null }]),
  ) as RegistrySnapshot['remotes'],
  origins: originsOf(Object.values(configured)),
  sharedCanary: false,
});

async function readSnapshot(deps: Pick<ReleaseDeps, 'releases' | 'configured' | 'now' | 'memory'>): Promise<RegistrySnapshot> {
  await ensureConfigured(deps);
  const rows = await deps.releases.allChannels();
  const base = fallback(deps.configured);
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
export function snapshot(deps: Pick<ReleaseDeps, 'releases' | 'configured' | 'now' | 'memory' | 'settings' | 'logger'>): Promise<RegistrySnapshot> {
  const { memory } = deps;
  if (memory.lastGood && Date.now() - memory.lastGood.at < deps.settings.cacheMs) return Promise.resolve(memory.lastGood.snapshot);
  memory.reading ??= readSnapshot(deps)
    .then((s) => {
      memory.lastGood = { snapshot: s, at: Date.now() };
      return s;
    })
    .catch((error: unknown) => {
      deps.logger?.warn('release registry unreadable: serving the last good answer', { error: error instanceof Error ? error.message : String(error) });
      // Tried again on the next request after cacheMs, not on every request.
      if (memory.lastGood) memory.lastGood = { snapshot: memory.lastGood.snapshot, at: Date.now() };
      return memory.lastGood?.snapshot ?? fallback(deps.configured);
    })
    .finally(() => {
      memory.reading = null;
    });
  return memory.reading;
}

/** The snapshot without waiting, when one is fresh enough (the security headers' fast path). */
export function cachedSnapshot(deps: Pick<ReleaseDeps, 'memory' | 'settings'>): RegistrySnapshot | null {
  const { lastGood } = deps.memory;
  return lastGood && Date.now() - lastGood.at < deps.settings.cacheMs ? lastGood.snapshot : null;
}

/** Forgets the channels read, so that the next request reads them again (after a change made here). */
export function invalidate(deps: Pick<ReleaseDeps, 'memory'>): void {
  deps.memory.lastGood = null;
}
