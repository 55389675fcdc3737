/** Videos, playlists, the visual library and the images drawn for them. */
import { timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { permissionsOf, PLAYLIST_PARAM_PATTERN, VISUAL_LIBRARY_PAGE_SIZE } from 'shared-contracts/server';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import type { Viewer } from '../services/auth';
import { ForbiddenError, NotFoundError, NotSignedInError } from '../services/errors';
import { VIDEO_CLIPS_DIR } from '../services/video-clips';
import type { RouteContext } from './context';
import { MAX_PAGE_SIZE } from './content';
import { booleanParam, positiveInt } from './query';
import { watcherOf } from './watcher';

const VideoParams = z.object({ id: z.string().regex(/^\d{1,20}$/, 'Video id must be digits only.') });
const PlaylistParams = z.object({ id: z.string().regex(PLAYLIST_PARAM_PATTERN, 'Playlist id must be letters, digits and hyphens.').max(100) });

const ChartsQuery = z.object({
  page: positiveInt(1_000_000).optional(),
  size: positiveInt(MAX_PAGE_SIZE).optional(),
  sort: z.literal('publication_date', { message: "Only 'publication_date' is supported." }).optional(),
  paywall: booleanParam.optional(),
  N: z
    .string()
    .regex(/^\d{1,20}$/, 'Subject filter must be digits only.')
    .optional(),
});

const ChartFile = z.object({ file: z.string().regex(/^(dv-\d{4,})\.svg$/) });
/** A file of the chart store as a download names it; the id is then looked up, never opened as a path. */
const DownloadFile = z.object({ file: z.string().regex(/^[a-z0-9-]{1,80}\.svg$/) });
const VideoImage = z.object({ id: z.string().regex(/^\d{1,20}$/), kind: z.enum(['poster.svg', 'thumbnail.svg']) });

export const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'public, max-age=86400',
  // An SVG opened on its own must not run script.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Headers of a chart image: what it shows depends on the viewer (the media decision), so a cache
 * keeps it for this browser only and asks again every time (a 304 once allowed).
 */
export const CHART_IMAGE_HEADERS = {
  ...SVG_HEADERS,
  'Cache-Control': 'private, no-cache',
  Vary: 'Cookie',
};

/** A walled media request: the wall the page shows, as a 403 (no byte of the item is sent). */
export const MEDIA_WALLED = {
  video: 'This video is for subscribers, or for readers with free articles left this month',
  chart: 'This chart is for subscribers, or for readers with free articles left this month',
} as const;

/** Headers of a chart download (with Content-Disposition: attachment and the file name). */
export const DOWNLOAD_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

/** 403 unless the viewer has the visual library and the path's digest is their own (compared in constant time). */
function assertOwnDigest(viewer: Viewer, req: Request): void {
  const own = viewer.subscriber?.digest;
  if (own === undefined || !permissionsOf(viewer.tiers.map((roleCode) => ({ roleCode }))).has('PERM_VISUAL_LIBRARY')) {
    throw new ForbiddenError('Downloads are for subscribers with the visual library');
  }
  const given = Buffer.from(String(req.params.digest ?? ''), 'utf8');
  const expected = Buffer.from(own, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ForbiddenError('This download link belongs to another subscriber');
  }
}

/**
 * Headers of a video's clip (Content-Type, Range and conditional GETs come with res.sendFile). Who
 * may have it depends on the viewer: kept by this browser only and checked again on every use.
 */
export const VIDEO_FILE_HEADERS = {
  'Content-Type': 'video/webm',
  'Cache-Control': 'private, no-cache',
  Vary: 'Cookie',
  'X-Content-Type-Options': 'nosniff',
};

export function mediaRoutes({ services, viewers }: RouteContext): Router {
  const router = Router();

  router.get('/api/playlists', async (_req, res) => {
    res.json(await services.media.playlists());
  });

  /** The video paywall decision (shared-contracts video.ts): reads the meter, never spends it, sets no cookie. */
  router.get('/api/videos/:id/access', async (req, res) => {
    const { id } = parseInput(VideoParams, req.params, 'Invalid video id');
    const answer = await services.videoAccess.access(id, await watcherOf(req, viewers));
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' }).json(answer);
  });

  /**
   * The clip a video plays, to a watcher the video page would show the player to (the same
   * decision as /api/videos/{id}/access, read without spending the meter); else 403 before any
   * byte, ranges included. The file is the one its row names (videos.clip) from a fixed list, under
   * the clips directory; the request's id only looks the row up. Range requests (206) and
   * conditional GETs (304) are res.sendFile's.
   */
  router.get('/media/videos/:id/video.webm', async (req, res) => {
    const parsed = VideoParams.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError('Not found');
    const wall = await services.videoAccess.wallFor({ kind: 'video', id: parsed.data.id }, await watcherOf(req, viewers));
    if (wall !== null) throw new ForbiddenError(MEDIA_WALLED.video);
    const file = await services.media.videoClipFile(parsed.data.id);
    await new Promise<void>((resolve, reject) => {
      res.sendFile(file, { root: VIDEO_CLIPS_DIR, dotfiles: 'deny', cacheControl: false, lastModified: true, headers: VIDEO_FILE_HEADERS }, (err) => {
        // Sent, or the browser went away mid-file (it asks again with a Range).
        if (!err || res.headersSent || (err as { code?: unknown }).code === 'ECONNABORTED') resolve();
        // A missing file is an unknown video; 412/416 (conditions, ranges) keep their status.
        else reject((err as { status?: unknown }).status === 404 ? new NotFoundError('Video not found') : err);
      });
    });
  });

  router.get('/api/videos/:id', async (req, res) => {
    const { id } = parseInput(VideoParams, req.params, 'Invalid video id');
    res.json(await services.media.video(id));
  });

  router.get('/api/playlists/:id', async (req, res) => {
    const { id } = parseInput(PlaylistParams, req.params, 'Invalid playlist id');
    res.json(await services.media.playlist(id));
  });

  router.get('/api/data-and-visuals/subjects', async (_req, res) => {
    res.json(await services.media.chartSubjects());
  });

  router.get('/api/data-and-visuals/collections', async (_req, res) => {
    res.json(await services.media.collections());
  });

  /**
   * The feed. The server decides the paywall: a paywall=true request is honoured, and a reader the
   * media decision walls (services/video-access.ts: read, never spent, no cookie set) is paywalled.
   */
  router.get('/api/data-and-visuals', async (req, res) => {
    const q = parseInput(ChartsQuery, req.query, 'Invalid visual-library query');
    const wall = await services.videoAccess.wallFor({ kind: 'feed' }, await watcherOf(req, viewers));
    const page = await services.media.charts({
      page: q.page ?? 1,
      size: q.size ?? VISUAL_LIBRARY_PAGE_SIZE,
      filter: q.N ?? null,
      paywall: q.paywall === true || wall !== null,
    });
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' }).json(page);
  });

  /**
   * A subscriber's chart download (PAY-06, PAY-07): /data-visuals/download/{subscriberDigest}/{file}.
   * The file must name a chart of the store (else 404, before anything else); a guest gets 401; a
   * viewer without PERM_VISUAL_LIBRARY, or whose own digest is not the one in the path, 403. The
   * chart is drawn from its row (chartSvg); no path is built from the request.
   */
  router.get('/data-visuals/download/:digest/:file', async (req, res) => {
    const parsed = DownloadFile.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError('Chart not found');
    const file = parsed.data.file;
    const viewer = await viewers.viewerOf(req);
    if (!viewer) throw new NotSignedInError();
    assertOwnDigest(viewer, req);
    const svg = await services.media.chartSvg(file.slice(0, -'.svg'.length));
    // The file name passed the pattern above: nothing to quote or escape.
    res.set({ ...DOWNLOAD_HEADERS, 'Content-Disposition': `attachment; filename="${file}"` }).send(svg);
  });

  /**
   * A chart image, to a watcher the visual library would show it to: anyone the feed does not wall,
   * and a walled watcher only the charts the walled feeds show (the first of each); else 403.
   */
  router.get('/data-visuals/images/:file', async (req, res) => {
    const parsed = ChartFile.safeParse(req.params);
    const id = parsed.success ? parsed.data.file.replace(/\.svg$/, '') : null;
    if (id === null) throw new NotFoundError('Chart not found');
    const wall = await services.videoAccess.wallFor({ kind: 'chart', id }, await watcherOf(req, viewers));
    if (wall !== null) throw new ForbiddenError(MEDIA_WALLED.chart);
    res.set(CHART_IMAGE_HEADERS).send(await services.media.chartSvg(id));
  });

  /** Posters and thumbnails are what a walled page shows in place of the player: not gated. */
  router.get('/media/videos/:id/:kind', async (req, res) => {
    const parsed = VideoImage.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError('Not found');
    const kind = parsed.data.kind === 'poster.svg' ? 'poster' : 'thumbnail';
    res.set(SVG_HEADERS).send(await services.media.videoImageSvg(parsed.data.id, kind));
  });

  return router;
}
