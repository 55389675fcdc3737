/**
 * Which version of each remote one browser gets (decision 037): `stable` for everyone, `canary`
 * for a share of browsers by a sticky cohort cookie plus anyone opting in by cookie or header. The
 * page renderer's `/remotes.json` goes through the same function with the same cookies, so the
 * HTML and the browser agree. Pure: it reads only the snapshot it is given.
 */
import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RegistryRemotesAnswer, type RemoteIntegrity, type RemoteName } from 'shared-contracts/server';
import type { RegistrySnapshot } from './deps';

/** A browser's cohort: its sticky id (absent: none yet) and the canaries it opted in to. */
export interface Cohort {
  id: string | undefined;
  optIn: 'all' | Set<string>;
}

/** A browser's bucket for one remote, 0 to 99.99: its canary share is `bucket < percent`. */
export function cohortBucket(cohortId: string, remote: string): number {
  return (createHash('sha256').update(`${cohortId}:${remote}`).digest().readUInt32BE(0) % 10000) / 100;
}

/** What one browser gets: /remotes.json's answer. */
export function resolve(s: RegistrySnapshot, cohort: Cohort): RegistryRemotesAnswer {
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
