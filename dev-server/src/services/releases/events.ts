/**
 * The registry's history: every change is an event (who, when, what, from, to, why: decision 037),
 * and refusals are counted apart, per remote, actor, action and hour, so that no flood of refusals
 * hides a change (decision 046). Every change writes here; the state and the API read it in pages.
 */
import { randomBytes } from 'node:crypto';
import type { ReleaseRefusal, RemoteName } from 'shared-contracts/server';
import type { ReleaseEventRow } from '../../repositories/releases';
import type { ReleaseDeps } from './deps';

/** Who asked: a deploy token (one remote), an operator, or the registry itself. */
export type ReleaseActor = { kind: 'token'; id: string; remote: RemoteName; label: string } | { kind: 'operator'; email: string } | { kind: 'system' };

export function actorName(actor: ReleaseActor | string): string {
  if (typeof actor === 'string') return actor;
  if (actor.kind === 'token') return `token:${actor.id} (${actor.label})`;
  if (actor.kind === 'operator') return `operator:${actor.email}`;
  return 'registry';
}

let eventSeq = 0;

export async function event(
  deps: Pick<ReleaseDeps, 'releases' | 'now'>,
  remote: string,
  actor: ReleaseActor | string,
  action: string,
  fields: { channel?: string | null; from?: string | null; to?: string | null; reason?: string; outcome?: 'done' | 'refused' },
): Promise<void> {
  const at = deps.now();
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
  await deps.releases.addEvent(row);
}

/**
 * Counts a refusal (per remote, actor, action and hour: never one row each, so a flood of refused
 * requests cannot push a change out of the history) and returns the error to throw.
 */
export async function refuse<E extends Error>(
  deps: Pick<ReleaseDeps, 'releases' | 'now'>,
  remote: string,
  actor: ReleaseActor | string,
  action: string,
  error: E,
  fields: { to?: string | null } = {},
): Promise<E> {
  const at = deps.now();
  const reason = [error.message, fields.to ? `(${fields.to})` : ''].filter(Boolean).join(' ').slice(0, 500);
  await deps.releases.countRefusal({ remote, actor: actorName(actor).slice(0, 200), action, window_start: `${at.slice(0, 13)}:00:00.000Z`, at, reason });
  return error;
}

/** How many events and refusals the state shows at once; the rest are paged (`events`, `refusals`). */
const PAGE = 30;

function eventOf(e: ReleaseEventRow) {
  return { id: e.id, at: e.at, actor: e.actor, action: e.action, channel: e.channel, from: e.from_version, to: e.to_version, reason: e.reason };
}

/** A page of the remote's changes, newest first, before the event `before` (an id from an earlier page). */
export async function events(deps: Pick<ReleaseDeps, 'releases'>, remote: RemoteName | 'all', before?: string, limit = PAGE) {
  const rows = await deps.releases.events(remote, limit + 1, before);
  return { events: rows.slice(0, limit).map(eventOf), next: rows.length > limit ? rows[limit - 1]!.id : null };
}

/** A page of the remote's counted refusals, the most recent first. */
export async function refusals(
  deps: Pick<ReleaseDeps, 'releases'>,
  remote: RemoteName | 'all',
  offset = 0,
  limit = PAGE,
): Promise<{ refusals: ReleaseRefusal[]; next: number | null }> {
  const rows = await deps.releases.refusals(remote, limit + 1, offset);
  return {
    refusals: rows.slice(0, limit).map((r) => ({
      actor: r.actor,
      action: r.action,
      hour: r.window_start,
      count: r.count,
      firstAt: r.first_at,
      lastAt: r.last_at,
      reason: r.last_reason,
    })),
    next: rows.length > limit ? offset + limit : null,
  };
}
