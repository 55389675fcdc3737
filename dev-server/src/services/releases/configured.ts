/**
 * The configured locations (REMOTE_*_URL), adopted once per process (decision 037): each is a
 * version `env-<8 hex of its URL>`, made stable the first time the registry sees it, so a fresh
 * database behaves exactly as before the registry and moving a remote by its setting still works.
 * Every other part of the registry waits for this adoption (`ensureConfigured`) before it reads.
 */
import { createHash } from 'node:crypto';
import { REMOTE_NAMES } from 'shared-contracts/server';
import type { ReleaseDeps } from './deps';
import { event } from './events';

/** The version name of a configured location: the same in every process, for the same URL. */
export function configuredVersion(url: string): string {
  return `env-${createHash('sha256').update(url).digest('hex').slice(0, 8)}`;
}

async function adoptConfigured(deps: Pick<ReleaseDeps, 'releases' | 'configured' | 'now'>): Promise<void> {
  const { releases, now } = deps;
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
      await event(deps, remote, 'system', 'adopt-configured', { channel: 'stable', to: version, reason: `the configured location ${url}` });
    } else if (isNew) {
      // The setting names a location the registry has not seen: the deployer moved the remote.
      const stable = (await releases.channels(remote)).find((c) => c.channel === 'stable');
      await releases.setChannel(remote, 'stable', version, 100, now());
      await event(deps, remote, 'system', 'adopt-configured', {
        channel: 'stable',
        from: stable?.version ?? null,
        to: version,
        reason: `REMOTE_${envName}_URL names a new location, ${url}`,
      });
    }
  }
}

/** Adopts the configured locations once per process; a failed adoption is tried again on the next call. */
export function ensureConfigured(deps: Pick<ReleaseDeps, 'releases' | 'configured' | 'now' | 'memory'>): Promise<void> {
  const { memory } = deps;
  memory.adopted ??= adoptConfigured(deps).catch((error: unknown) => {
    memory.adopted = null;
    throw error;
  });
  return memory.adopted;
}
