/**
 * Deploy tokens (decision 037): each lets a team's pipeline publish and promote one remote's
 * versions. Only the token's hash is stored; issuing and revoking one are events.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RemoteName } from 'shared-contracts/server';
import { NotFoundError } from '../errors';
import type { ReleaseDeps } from './deps';
import { actorName, event, refuse, type ReleaseActor } from './events';

export function hashDeployToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  deps: Pick<ReleaseDeps, 'releases' | 'now'>,
  actor: ReleaseActor,
  remote: RemoteName,
  label: string,
): Promise<{ id: string; token: string }> {
  const token = `mfr_${randomBytes(32).toString('base64url')}`;
  const id = `tok-${randomBytes(6).toString('hex')}`;
  await deps.releases.insertToken({
    token_hash: hashDeployToken(token),
    id,
    remote,
    label,
    created_at: deps.now(),
    created_by: actorName(actor),
    revoked_at: null,
  });
  await event(deps, remote, actor, 'token-issue', { reason: `${id} (${label})` });
  return { id, token };
}

export async function revokeToken(deps: Pick<ReleaseDeps, 'releases' | 'now'>, actor: ReleaseActor, remote: RemoteName, id: string): Promise<void> {
  if (!(await deps.releases.revokeToken(remote, id, deps.now())))
    throw await refuse(deps, remote, actor, 'token-revoke', new NotFoundError(`${remote} has no live token ${id}.`));
  await event(deps, remote, actor, 'token-revoke', { reason: id });
}

/** The token a bearer string is, if any (revoked ones too, so that a replay is audited as one). */
export async function tokenFor(
  deps: Pick<ReleaseDeps, 'releases'>,
  bearer: string,
): Promise<{ id: string; remote: string; label: string; revoked: boolean } | null> {
  if (!/^mfr_[A-Za-z0-9_-]{20,100}$/.test(bearer)) return null;
  const row = await deps.releases.tokenByHash(hashDeployToken(bearer));
  if (!row) return null;
  return { id: row.id, remote: row.remote, label: row.label, revoked: row.revoked_at !== null };
}
