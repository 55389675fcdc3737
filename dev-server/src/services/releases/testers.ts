/**
 * Release testers (decision 046): the readers whose canary opt-in counts, with the operators. An
 * operator adds and removes them; each change is an event, each refusal is counted.
 */
import { NotFoundError } from '../errors';
import type { ReleaseDeps } from './deps';
import { event, refuse, type ReleaseActor } from './events';

export async function addTester(deps: Pick<ReleaseDeps, 'releases' | 'now'>, actor: ReleaseActor, email: string): Promise<void> {
  const userId = await deps.releases.userIdByEmail(email);
  if (!userId) throw await refuse(deps, 'all', actor, 'tester-add', new NotFoundError('No account has that email address.'));
  await deps.releases.addRole(userId, 'release-tester');
  await event(deps, 'all', actor, 'tester-add', { reason: email });
}

export async function removeTester(deps: Pick<ReleaseDeps, 'releases' | 'now'>, actor: ReleaseActor, email: string): Promise<void> {
  const userId = await deps.releases.userIdByEmail(email);
  if (!userId || !(await deps.releases.removeRole(userId, 'release-tester'))) {
    throw await refuse(deps, 'all', actor, 'tester-remove', new NotFoundError('That account is not a release tester.'));
  }
  await event(deps, 'all', actor, 'tester-remove', { reason: email });
}

export const testers = (deps: Pick<ReleaseDeps, 'releases'>) => deps.releases.usersWithRole('release-tester');

export const isOperator = (deps: Pick<ReleaseDeps, 'releases'>, userId: string) => deps.releases.hasRole(userId, 'operator');

/** Whether a signed-in account's canary opt-in counts: an operator or a listed release tester. */
export const mayOptIn = async (deps: Pick<ReleaseDeps, 'releases'>, userId: string) =>
  (await deps.releases.hasRole(userId, 'operator')) || (await deps.releases.hasRole(userId, 'release-tester'));
