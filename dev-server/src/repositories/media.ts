/** Videos, playlists and visual-library charts. */
import type { Kysely } from 'kysely';
import type { ChartCollectionRow, ChartRow, ChartSubjectRow, Database, PlaylistRow, VideoRow } from '../db/database';

export type ChartWithSubject = ChartRow & { subject_label: string };

export function createMediaRepository(db: Kysely<Database>) {
  return {
    async findVideo(id: string): Promise<VideoRow | undefined> {
      return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findPlaylist(id: string): Promise<PlaylistRow | undefined> {
      return db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every playlist in position order, with how many videos it holds. */
    async listPlaylists(): Promise<Array<PlaylistRow & { count: number | string | bigint }>> {
      return db
        .selectFrom('playlists')
        .leftJoin('playlist_videos', 'playlist_videos.playlist_id', 'playlists.id')
        .select(['playlists.id', 'playlists.name', 'playlists.position'])
        .select((eb) => eb.fn.count<number | string | bigint>('playlist_videos.video_id').as('count'))
        .groupBy(['playlists.id', 'playlists.name', 'playlists.position'])
        .orderBy('playlists.position')
        .orderBy('playlists.id')
        .execute();
    },

    async listPlaylistVideos(playlistId: string): Promise<VideoRow[]> {
      return db
        .selectFrom('playlist_videos')
        .innerJoin('videos', 'videos.id', 'playlist_videos.video_id')
        .selectAll('videos')
        .where('playlist_videos.playlist_id', '=', playlistId)
        .orderBy('playlist_videos.position')
        .execute();
    },

    async listChartSubjects(): Promise<ChartSubjectRow[]> {
      return db.selectFrom('chart_subjects').selectAll().orderBy('position').execute();
    },

    async findChartSubjectByFilter(filter: string): Promise<ChartSubjectRow | undefined> {
      return db.selectFrom('chart_subjects').selectAll().where('filter', '=', filter).executeTakeFirst();
    },

    async countCharts(subjectId: string | null): Promise<number> {
      let q = db.selectFrom('charts').select((eb) => eb.fn.countAll<number | string | bigint>().as('n'));
      if (subjectId !== null) q = q.where('subject_id', '=', subjectId);
      const row = await q.executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Newest first (sort=publication_date). */
    async listCharts(subjectId: string | null, offset: number, limit: number): Promise<ChartWithSubject[]> {
      let q = db
        .selectFrom('charts')
        .innerJoin('chart_subjects', 'chart_subjects.id', 'charts.subject_id')
        .selectAll('charts')
        .select('chart_subjects.label as subject_label');
      if (subjectId !== null) q = q.where('charts.subject_id', '=', subjectId);
      return q.orderBy('charts.published', 'desc').orderBy('charts.id', 'asc').limit(limit).offset(offset).execute();
    },

    /** Videos published by `until` (the webinars stream). */
    async countPublishedVideos(until: string): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('pubdate', '<=', until)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Every video's publication time (the search answers' epochs, services/streams.ts). */
    async listVideoPublicationTimes(): Promise<string[]> {
      const rows = await db.selectFrom('videos').select('pubdate').execute();
      return rows.map((row) => row.pubdate);
    },

    /** Newest first, ties by id. */
    async listPublishedVideos(until: string, offset: number, limit: number): Promise<VideoRow[]> {
      return db
        .selectFrom('videos')
        .selectAll()
        .where('pubdate', '<=', until)
        .orderBy('pubdate', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Charts published by `until` (the visual-library stream). */
    async countPublishedCharts(until: string): Promise<number> {
      const row = await db
        .selectFrom('charts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('published', '<=', until)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Newest first, ties by id (as the visual library lists them). */
    async listPublishedCharts(until: string, offset: number, limit: number): Promise<ChartWithSubject[]> {
      return db
        .selectFrom('charts')
        .innerJoin('chart_subjects', 'chart_subjects.id', 'charts.subject_id')
        .selectAll('charts')
        .select('chart_subjects.label as subject_label')
        .where('charts.published', '<=', until)
        .orderBy('charts.published', 'desc')
        .orderBy('charts.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** The visual library's collections in position order. */
    async listChartCollections(): Promise<ChartCollectionRow[]> {
      return db.selectFrom('chart_collections').selectAll().orderBy('position').orderBy('id').execute();
    },

    async findChart(id: string): Promise<ChartRow | undefined> {
      return db.selectFrom('charts').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
