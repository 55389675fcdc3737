/**
 * Publishing a version (decisions 037, 046): versions are published once under their own address
 * and never changed (a name or a manifest address used before is refused), and only after the
 * server's own check (`check.ts`) passed. Publishing puts a version in no channel: `channels.ts`
 * does that.
 */
import type { PublishRequest, RemoteName, RemoteReleases } from 'shared-contracts/server';
import { ConflictError, UnprocessableError } from '../errors';
import { checkOnServer } from './check';
import { ensureConfigured } from './configured';
import type { ReleaseDeps } from './deps';
import { actorName, event, refuse, type ReleaseActor } from './events';
import { state } from './state';

export async function publish(deps: ReleaseDeps, actor: ReleaseActor, remote: RemoteName, input: PublishRequest): Promise<RemoteReleases> {
  const { releases } = deps;
  await ensureConfigured(deps);
  // The caller's own report can only refuse: a check it says failed is refused; one it says passed
  // proves nothing, and the registry runs its own (decision 046).
  if (input.check && !input.check.ok) {
    const problems = input.check.lines.filter((l) => /MISMATCH|FAILED|no build/i.test(l));
    throw await refuse(
      deps,
      remote,
      actor,
      'publish',
      new UnprocessableError(`The pre-release check failed: ${(problems.length > 0 ? problems : input.check.lines).join('; ').slice(0, 400)}`),
      { to: input.version },
    );
  }
  if (await releases.version(remote, input.version)) {
    throw await refuse(deps, remote, actor, 'publish', new ConflictError(`${remote} ${input.version} is published already: a version is never replaced.`), {
      to: input.version,
    });
  }
  const sameAddress = await releases.versionByManifest(remote, input.manifestUrl);
  if (sameAddress) {
    throw await refuse(
      deps,
      remote,
      actor,
      'publish',
      new ConflictError(`${input.manifestUrl} is ${remote} ${sameAddress.version} already: each version has its own address.`),
      { to: input.version },
    );
  }
  let checked: Awaited<ReturnType<typeof checkOnServer>>;
  try {
    checked = await checkOnServer(deps, remote, input.manifestUrl);
  } catch (error) {
    throw await refuse(deps, remote, actor, 'publish', error instanceof Error ? error : new UnprocessableError(String(error)), { to: input.version });
  }
  const inserted = await releases.insertVersion({
    remote,
    version: input.version,
    manifest_url: input.manifestUrl,
    published_at: deps.now(),
    published_by: actorName(actor),
    check_report: JSON.stringify([...checked.lines, ...(input.check?.lines ?? []).map((l) => `team: ${l}`)]),
    manifest_integrity: checked.manifest,
    entry_integrity: checked.entry,
    server_integrity: checked.server,
  });
  if (!inserted)
    throw await refuse(deps, remote, actor, 'publish', new ConflictError(`${remote} ${input.version} is published already.`), { to: input.version });
  await event(deps, remote, actor, 'publish', { to: input.version, reason: input.reason ?? '' });
  return state(deps, remote);
}
