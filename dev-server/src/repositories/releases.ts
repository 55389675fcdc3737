/**
 * The release registry's tables (migration 0020, decision 037): versions, channels, the audit trail,
 * deploy tokens (hashed) and the operator role. Counters are bumped in one statement each, so two
 * API processes counting at once lose nothing.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ReleaseChannelTable, ReleaseEventTable, ReleaseTokenTable, ReleaseVersionTable } from '../db/database';

export type ReleaseVersionRow = Selectable<ReleaseVersionTable>;
export type ReleaseChannelRow = Selectable<ReleaseChannelTable>;
export type ReleaseEventRow = Selectable<ReleaseEventTable>;
export type ReleaseTokenRow = Selectable<ReleaseTokenTable>;

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
    async insertVersion(row: Omit<ReleaseVersionRow, 'loads' | 'failures'>): Promise<boolean> {
      const result = await db
        .insertInto('release_versions')
        .values(row)
        .onConflict((oc) => oc.columns(['remote', 'version']).doNothing())
        .executeTakeFirst();
      return num(result.numInsertedOrUpdatedRows) > 0;
    },

    /** Every channel of every remote: what /remotes.json is derived from. */
    async allChannels(): Promise<Array<ReleaseChannelRow & { manifest_url: string }>> {
      const rows = await db
        .selectFrom('release_channels as c')
        .innerJoin('release_versions as v', (j) => j.onRef('v.remote', '=', 'c.remote').onRef('v.version', '=', 'c.version'))
        .select(['c.remote', 'c.channel', 'c.version', 'c.percent', 'c.since', 'c.loads', 'c.failures', 'v.manifest_url'])
        .execute();
      return rows.map((r) => ({ ...channelRow(r), manifest_url: r.manifest_url }));
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
     * answers the canary's counters after the count (undefined when the version is not the canary).
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

    /** The remote's events, newest first. */
    async events(remote: string, limit: number): Promise<ReleaseEventRow[]> {
      return db.selectFrom('release_events').selectAll().where('remote', '=', remote).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
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

    async hasRole(userId: string, role: string): Promise<boolean> {
      const row = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ReleaseRepository = ReturnType<typeof createReleaseRepository>;
