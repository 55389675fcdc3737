/**
 * The release registry's tables (migration 0020, decision 037): versions, channels, the audit trail,
 * deploy tokens (hashed) and the operator role. Counters are bumped in one statement each, so two
 * API processes counting at once lose nothing.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ReleaseChannelTable, ReleaseEventTable, ReleaseRefusalTable, ReleaseTokenTable, ReleaseVersionTable } from '../db/database';

export type ReleaseVersionRow = Selectable<ReleaseVersionTable>;
export type ReleaseChannelRow = Selectable<ReleaseChannelTable>;
export type ReleaseEventRow = Selectable<ReleaseEventTable>;
export type ReleaseTokenRow = Selectable<ReleaseTokenTable>;
export type ReleaseRefusalRow = Selectable<ReleaseRefusalTable>;

const num = (value: unknown) => Number(value ?? 0);
const versionRow = (r: ReleaseVersionRow): ReleaseVersionRow => ({ ...r, loads: num(r.loads), failures: num(r.failures) });
const channelRow = (r: ReleaseChannelRow): ReleaseChannelRow => ({ ...r, percent: num(r.percent), loads: num(r.loads), failures: num(r.failures) });

export function createReleaseRepository(db: Kysely<Database>) {
  return {
    async versions(remote: string): Promise<ReleaseVersionRow[]> {
      const rows = await db
        .selectFrom('release_versions')
        .selectAll()
        .where('remote', '=', remote)
        .orderBy('published_at', 'desc')
        .orderBy('version', 'desc')
        .execute();
      return rows.map(versionRow);
    },

    async version(remote: string, version: string): Promise<ReleaseVersionRow | undefined> {
      const row = await db.selectFrom('release_versions').selectAll().where('remote', '=', remote).where('version', '=', version).executeTakeFirst();
      return row && versionRow(row);
    },

    async versionByManifest(remote: string, manifestUrl: string): Promise<ReleaseVersionRow | undefined> {
      const row = await db.selectFrom('release_versions').selectAll().where('remote', '=', remote).where('manifest_url', '=', manifestUrl).executeTakeFirst();
      return row && versionRow(row);
    },

    /** Writes a new version; false when the remote already has one of that name (versions are never overwritten). */
    async insertVersion(
      row: Omit<ReleaseVersionRow, 'loads' | 'failures' | 'manifest_integrity' | 'entry_integrity' | 'server_integrity'> &
        Partial<Pick<ReleaseVersionRow, 'manifest_integrity' | 'entry_integrity' | 'server_integrity'>>,
    ): Promise<boolean> {
      const result = await db
        .insertInto('release_versions')
        .values(row)
        .onConflict((oc) => oc.columns(['remote', 'version']).doNothing())
        .executeTakeFirst();
      return num(result.numInsertedOrUpdatedRows) > 0;
    },

    /** Every channel of every remote: what /remotes.json is derived from. */
    async allChannels(): Promise<
      Array<ReleaseChannelRow & Pick<ReleaseVersionRow, 'manifest_url' | 'manifest_integrity' | 'entry_integrity' | 'server_integrity'>>
    > {
      const rows = await db
        .selectFrom('release_channels as c')
        .innerJoin('release_versions as v', (j) => j.onRef('v.remote', '=', 'c.remote').onRef('v.version', '=', 'c.version'))
        .select([
          'c.remote',
          'c.channel',
          'c.version',
          'c.percent',
          'c.since',
          'c.loads',
          'c.failures',
          'v.manifest_url',
          'v.manifest_integrity',
          'v.entry_integrity',
          'v.server_integrity',
        ])
        .execute();
      return rows.map((r) => ({
        ...channelRow(r),
        manifest_url: r.manifest_url,
        manifest_integrity: r.manifest_integrity,
        entry_integrity: r.entry_integrity,
        server_integrity: r.server_integrity,
      }));
    },

    async channels(remote: string): Promise<ReleaseChannelRow[]> {
      const rows = await db.selectFrom('release_channels').selectAll().where('remote', '=', remote).execute();
      return rows.map(channelRow);
    },

    /** Points a channel at a version; its counters start again at 0. */
    async setChannel(remote: string, channel: string, version: string, percent: number, since: string): Promise<void> {
      await db
        .insertInto('release_channels')
        .values({ remote, channel, version, percent, since, loads: 0, failures: 0 })
        .onConflict((oc) => oc.columns(['remote', 'channel']).doUpdateSet({ version, percent, since, loads: 0, failures: 0 }))
        .execute();
    },

    /** Adds a channel only when the remote has none of that name (two processes adopting one location). */
    async insertChannelIfAbsent(remote: string, channel: string, version: string, since: string): Promise<boolean> {
      const result = await db
        .insertInto('release_channels')
        .values({ remote, channel, version, percent: 100, since, loads: 0, failures: 0 })
        .onConflict((oc) => oc.columns(['remote', 'channel']).doNothing())
        .executeTakeFirst();
      return num(result.numInsertedOrUpdatedRows) > 0;
    },

    async setCanaryPercent(remote: string, percent: number): Promise<void> {
      await db.updateTable('release_channels').set({ percent }).where('remote', '=', remote).where('channel', '=', 'canary').execute();
    },

    /** Removes a channel only while it still points at `version` (false: someone else changed it first). */
    async removeChannel(remote: string, channel: string, version: string): Promise<boolean> {
      const result = await db
        .deleteFrom('release_channels')
        .where('remote', '=', remote)
        .where('channel', '=', channel)
        .where('version', '=', version)
        .executeTakeFirst();
      return num(result.numDeletedRows) > 0;
    },

    /**
     * Counts a load or a failure of a version, and of the canary channel when it holds that version;
     * returns the canary's counters after the count (undefined when the version is not the canary).
     */
    async count(remote: string, version: string, kind: 'loads' | 'failures'): Promise<ReleaseChannelRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('release_versions')
          .set(kind === 'loads' ? { loads: sql<number>`loads + 1` } : { failures: sql<number>`failures + 1` })
          .where('remote', '=', remote)
          .where('version', '=', version)
          .execute();
        const canary = await trx
          .updateTable('release_channels')
          .set(kind === 'loads' ? { loads: sql<number>`loads + 1` } : { failures: sql<number>`failures + 1` })
          .where('remote', '=', remote)
          .where('channel', '=', 'canary')
          .where('version', '=', version)
          .returningAll()
          .executeTakeFirst();
        return canary && channelRow(canary);
      });
    },

    async addEvent(row: ReleaseEventRow): Promise<void> {
      await db.insertInto('release_events').values(row).execute();
    },

    /** The remote's events, newest first (an id begins with its time), before the event `before` when given. */
    async events(remote: string, limit: number, before?: string): Promise<ReleaseEventRow[]> {
      let query = db.selectFrom('release_events').selectAll().where('remote', '=', remote);
      if (before !== undefined) query = query.where('id', '<', before);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    /** Counts one refused request in its hour's row (one statement: two processes lose nothing). */
    async countRefusal(r: { remote: string; actor: string; action: string; window_start: string; at: string; reason: string }): Promise<void> {
      await db
        .insertInto('release_refusals')
        .values({
          remote: r.remote,
          actor: r.actor,
          action: r.action,
          window_start: r.window_start,
          count: 1,
          first_at: r.at,
          last_at: r.at,
          last_reason: r.reason,
        })
        .onConflict((oc) =>
          oc
            .columns(['remote', 'actor', 'action', 'window_start'])
            .doUpdateSet({ count: sql<number>`release_refusals.count + 1`, last_at: r.at, last_reason: r.reason }),
        )
        .execute();
    },

    /** The remote's counted refusals, the most recent first. */
    async refusals(remote: string, limit: number, offset: number): Promise<ReleaseRefusalRow[]> {
      const rows = await db
        .selectFrom('release_refusals')
        .selectAll()
        .where('remote', '=', remote)
        .orderBy('last_at', 'desc')
        .orderBy('actor')
        .orderBy('action')
        .orderBy('window_start', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => ({ ...r, count: num(r.count) }));
    },

    /** Whether the registry ever took this version out of a channel by itself. */
    async wasTakenOut(remote: string, version: string): Promise<boolean> {
      const row = await db
        .selectFrom('release_events')
        .select('id')
        .where('remote', '=', remote)
        .where('action', '=', 'auto-rollback')
        .where('from_version', '=', version)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A browser that reported `version` failing; once per browser and version. */
    async addFailingBrowser(remote: string, version: string, browser: string, at: string): Promise<void> {
      await db
        .insertInto('release_failing_browsers')
        .values({ remote, version, browser, at })
        .onConflict((oc) => oc.columns(['remote', 'version', 'browser']).doUpdateSet({ at }))
        .execute();
    },

    /** How many distinct browsers reported `version` failing since `since`. */
    async failingBrowsers(remote: string, version: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('release_failing_browsers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('remote', '=', remote)
        .where('version', '=', version)
        .where('at', '>=', since)
        .executeTakeFirst();
      return num(row?.n);
    },

    /** The changes of the stable channel, oldest first (what a rollback replays). */
    async stableHistory(remote: string): Promise<ReleaseEventRow[]> {
      return db
        .selectFrom('release_events')
        .selectAll()
        .where('remote', '=', remote)
        .where('channel', '=', 'stable')
        .where('outcome', '=', 'done')
        .where('action', 'in', ['adopt-configured', 'promote', 'rollback'])
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    async insertToken(row: ReleaseTokenRow): Promise<void> {
      await db.insertInto('release_tokens').values(row).execute();
    },

    async tokenByHash(hash: string): Promise<ReleaseTokenRow | undefined> {
      return db.selectFrom('release_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    },

    async tokens(remote: string): Promise<ReleaseTokenRow[]> {
      return db.selectFrom('release_tokens').selectAll().where('remote', '=', remote).orderBy('created_at').execute();
    },

    async revokeToken(remote: string, id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('release_tokens')
        .set({ revoked_at: at })
        .where('remote', '=', remote)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return num(result.numUpdatedRows) > 0;
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
      return row?.id;
    },

    async addRole(userId: string, role: string): Promise<void> {
      await db
        .insertInto('user_roles')
        .values({ user_id: userId, role })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .execute();
    },

    async removeRole(userId: string, role: string): Promise<boolean> {
      const result = await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
      return num(result.numDeletedRows) > 0;
    },

    /** The email addresses of the accounts with a role. */
    async usersWithRole(role: string): Promise<string[]> {
      const rows = await db
        .selectFrom('user_roles as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select('u.email')
        .where('r.role', '=', role)
        .orderBy('u.email')
        .execute();
      return rows.map((r) => r.email);
    },

    async hasRole(userId: string, role: string): Promise<boolean> {
      const row = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ReleaseRepository = ReturnType<typeof createReleaseRepository>;
