/**
 * Changes to the channels (decision 037): promoting a version to `stable` or `canary`, rolling
 * `stable` back, changing a canary's share of browsers and removing a canary. Each change is an
 * event, each refusal is counted, and each makes this process read the channels again.
 */
import type { PromoteRequest, RemoteName, RemoteReleases } from 'shared-contracts/server';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { ensureConfigured } from './configured';
import type { ReleaseDeps } from './deps';
import { event, refuse, type ReleaseActor } from './events';
import { invalidate } from './snapshot';
import { rollbackTarget, state } from './state';

export async function promote(deps: ReleaseDeps, actor: ReleaseActor, remote: RemoteName, input: PromoteRequest): Promise<RemoteReleases> {
  const { releases, now } = deps;
  await ensureConfigured(deps);
  const version = await releases.version(remote, input.version);
  if (!version) throw await refuse(deps, remote, actor, 'promote', new NotFoundError(`${remote} has no version ${input.version}.`), { to: input.version });
  // A version the registry took out for failing readers comes back only by an operator's decision.
  if (actor.kind !== 'operator' && (await releases.wasTakenOut(remote, input.version))) {
    throw await refuse(
      deps,
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
      throw await refuse(deps, remote, actor, 'promote', new ConflictError(`${remote} ${input.version} is stable already.`), { to: input.version });
    }
    await releases.setChannel(remote, 'stable', input.version, 100, now());
    await event(deps, remote, actor, 'promote', { channel: 'stable', from: stable?.version ?? null, to: input.version, reason: input.reason ?? '' });
    // A canary that became stable has nothing left to try.
    if (canary?.version === input.version && (await releases.removeChannel(remote, 'canary', input.version))) {
      await event(deps, remote, actor, 'canary-remove', { channel: 'canary', from: input.version, reason: 'promoted to stable' });
    }
  } else {
    if (stable?.version === input.version) {
      throw await refuse(deps, remote, actor, 'promote', new ConflictError(`${remote} ${input.version} is the stable version: a canary must be another.`), {
        to: input.version,
      });
    }
    const percent = input.percent ?? 0;
    await releases.setChannel(remote, 'canary', input.version, percent, now());
    await event(deps, remote, actor, 'promote', {
      channel: 'canary',
      from: canary?.version ?? null,
      to: input.version,
      reason: [`${percent}% of browsers and those who opt in`, input.reason].filter(Boolean).join('; '),
    });
  }
  invalidate(deps);
  return state(deps, remote);
}

export async function rollback(deps: ReleaseDeps, actor: ReleaseActor, remote: RemoteName, reason = ''): Promise<RemoteReleases> {
  const { releases } = deps;
  await ensureConfigured(deps);
  const stable = (await releases.channels(remote)).find((c) => c.channel === 'stable');
  const target = await rollbackTarget(deps, remote, stable?.version);
  if (!target || !stable) {
    throw await refuse(deps, remote, actor, 'rollback', new ConflictError(`${remote} has no earlier stable version to roll back to.`));
  }
  await releases.setChannel(remote, 'stable', target, 100, deps.now());
  await event(deps, remote, actor, 'rollback', { channel: 'stable', from: stable.version, to: target, reason });
  invalidate(deps);
  return state(deps, remote);
}

export async function setCanaryShare(deps: ReleaseDeps, actor: ReleaseActor, remote: RemoteName, percent: number, reason = ''): Promise<RemoteReleases> {
  const { releases } = deps;
  await ensureConfigured(deps);
  const canary = (await releases.channels(remote)).find((c) => c.channel === 'canary');
  if (!canary) throw await refuse(deps, remote, actor, 'canary-share', new NotFoundError(`${remote} has no canary.`));
  await releases.setCanaryPercent(remote, percent);
  await event(deps, remote, actor, 'canary-share', {
    channel: 'canary',
    from: canary.version,
    to: canary.version,
    reason: [`${canary.percent}% -> ${percent}%`, reason].filter(Boolean).join('; '),
  });
  invalidate(deps);
  return state(deps, remote);
}

export async function removeCanary(deps: ReleaseDeps, actor: ReleaseActor, remote: RemoteName, reason = ''): Promise<RemoteReleases> {
  const { releases } = deps;
  await ensureConfigured(deps);
  const canary = (await releases.channels(remote)).find((c) => c.channel === 'canary');
  if (!canary || !(await releases.removeChannel(remote, 'canary', canary.version))) {
    throw await refuse(deps, remote, actor, 'canary-remove', new NotFoundError(`${remote} has no canary.`));
  }
  await event(deps, remote, actor, 'canary-remove', { channel: 'canary', from: canary.version, reason });
  invalidate(deps);
  return state(deps, remote);
}
