/**
 * The registry's state, as teams and operators see it: a remote's versions, its channels with
 * their loads and failures, where a rollback would go, and the first page of its history. The
 * rollback target lives here because `channels.ts` rolls back to exactly what the state shows.
 */
import { failureRate, type ReleaseChannel, type ReleaseChannelState, type RemoteName, type RemoteReleases } from 'shared-contracts/server';
import type { ReleaseChannelRow } from '../../repositories/releases';
import { ensureConfigured } from './configured';
import type { ReleaseDeps } from './deps';
import { events, refusals } from './events';

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
async function stableStack(deps: Pick<ReleaseDeps, 'releases'>, remote: string): Promise<string[]> {
  const stack: string[] = [];
  for (const e of await deps.releases.stableHistory(remote)) {
    if (e.action === 'rollback') stack.pop();
    else if (e.to_version) stack.push(e.to_version);
  }
  return stack;
}

/** The stable version before the current one: below the current one in the stack (a rollback pops it). */
export async function rollbackTarget(deps: Pick<ReleaseDeps, 'releases'>, remote: string, current: string | undefined): Promise<string | null> {
  const stack = await stableStack(deps, remote);
  if (stack[stack.length - 1] !== current) return null;
  for (let i = stack.length - 2; i >= 0; i--) if (stack[i] !== current) return stack[i] ?? null;
  return null;
}

/** The lines of a version's recorded check (none when the report cannot be read). */
function checkLines(report: string): string[] {
  try {
    const parsed: unknown = JSON.parse(report || '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export async function state(deps: Pick<ReleaseDeps, 'releases' | 'configured' | 'now' | 'memory'>, remote: RemoteName): Promise<RemoteReleases> {
  const { releases } = deps;
  await ensureConfigured(deps);
  const [versions, channels, history, refused] = await Promise.all([
    releases.versions(remote),
    releases.channels(remote),
    events(deps, remote),
    refusals(deps, remote),
  ]);
  const manifests = new Map(versions.map((v) => [v.version, v.manifest_url]));
  const stable = channels.find((c) => c.channel === 'stable');
  const canary = channels.find((c) => c.channel === 'canary');
  return {
    remote,
    stable: channelState(stable, manifests),
    canary: channelState(canary, manifests),
    rollbackTo: await rollbackTarget(deps, remote, stable?.version),
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
