/**
 * What readers' browsers report (decision 046): loads and failures of a canary are counted from
 * the browsers that were served it (the route checks the signed served-versions cookie); past
 * `minLoads` loads, a failure rate above `maxFailureRate` with failures from at least
 * `minBrowsers` browsers takes the canary out of its channel, recorded as the registry's own
 * event. Only an operator may promote it again (`channels.ts`).
 */
import { failureRate, type RemoteName } from 'shared-contracts/server';
import type { ReleaseChannelRow } from '../../repositories/releases';
import type { ReleaseDeps } from './deps';
import { event } from './events';
import { invalidate } from './snapshot';

/** Takes `canary` out of its channel when its counts say readers fail on it. */
async function weigh(
  deps: Pick<ReleaseDeps, 'releases' | 'now' | 'settings' | 'logger' | 'memory'>,
  remote: string,
  canary: ReleaseChannelRow | undefined,
): Promise<void> {
  const { releases, settings } = deps;
  if (!canary || canary.loads < settings.minLoads) return;
  const rate = failureRate(canary.loads, canary.failures) ?? 0;
  if (rate <= settings.maxFailureRate) return;
  // Failures from one browser, or a few, never take a canary out (decision 046).
  const browsers = await releases.failingBrowsers(remote, canary.version, canary.since);
  if (browsers < settings.minBrowsers) return;
  if (!(await releases.removeChannel(remote, 'canary', canary.version))) return;
  const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;
  await event(deps, remote, 'registry', 'auto-rollback', {
    channel: 'canary',
    from: canary.version,
    reason: `failure rate ${pct(rate)} (${canary.failures} failures in ${canary.loads} loads, from ${browsers} browsers) is above ${pct(settings.maxFailureRate)} after at least ${settings.minLoads} loads`,
  });
  deps.logger?.warn('canary taken out by its failure rate', { remote, version: canary.version, loads: canary.loads, failures: canary.failures, browsers });
  invalidate(deps);
}

/** A load of `version` reported by a browser that was served it (the route checks the served-versions cookie). */
export async function recordLoad(
  deps: Pick<ReleaseDeps, 'releases' | 'now' | 'settings' | 'logger' | 'memory'>,
  remote: RemoteName,
  version: string,
): Promise<void> {
  await weigh(deps, remote, await deps.releases.count(remote, version, 'loads'));
}

/** A failure of `version` reported by `browser`, which was served it. */
export async function recordFailure(
  deps: Pick<ReleaseDeps, 'releases' | 'now' | 'settings' | 'logger' | 'memory'>,
  remote: RemoteName,
  version: string,
  browser: string,
): Promise<void> {
  await deps.releases.addFailingBrowser(remote, version, browser, deps.now());
  await weigh(deps, remote, await deps.releases.count(remote, version, 'failures'));
}
