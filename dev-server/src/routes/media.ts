/** Videos, playlists, the visual library and the images drawn for them. */
import { Router } from 'express';
import { PLAYLIST_PARAM_PATTERN, VISUAL_LIBRARY_PAGE_SIZE } from 'shared-contracts';
import { z } from 'zod';
import { deviceTokenOf } from '../http/device';
import { parseInput } from '../http/validation';
import { NotFoundError } from '../services/errors';
import { VIDEO_CLIPS_DIR } from '../services/video-clips';
import type { RouteContext } from './context';
import { MAX_PAGE_SIZE } from './content';
import { booleanParam, positiveInt } from './query';

const VideoParams = z.object({ id: z.string().regex(/^\d{1,20}$/, 'Video id must be digits only.') });
const PlaylistParams = z.object({ id: z.string().regex(PLAYLIST_PARAM_PATTERN, 'Playlist id must be letters, digits and hyphens.').max(100) });

const ChartsQuery = z.object({
  page: positiveInt(1_000_000).optional(),
  size: positiveInt(MAX_PAGE_SIZE).optional(),
  sort: z.literal('publication_date', { message: "Only 'publication_date' is supported." }).optional(),
  paywall: booleanParam.optional(),
  N: z.string().regex(/^\d{1,20}$/, 'Subject filter must be digits only.').optional(),
});

const ChartFile = z.object({ file: z.string().regex(/^(dv-\d{4,})\.svg$/) });
const VideoImage = z.object({ id: z.string().regex(/^\d{1,20}$/), kind: z.enum(['poster.svg', 'thumbnail.svg']) });

export const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'public, max-age=86400',
  // An SVG opened on its own must not run script.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

/** Headers of a video's clip (Content-Type, Range and conditional GETs come with res.sendFile). */
export const VIDEO_FILE_HEADERS = {
  'Content-Type': 'video/webm',
  'Cache-Control': 'public, max-age=86400',
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
    const viewer = await viewers.viewerOf(req);
    const answer = viewer
      ? await services.videoAccess.access(id, { viewer })
      : await services.videoAccess.access(id, { viewer: null, deviceToken: deviceTokenOf(req) });
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' }).json(answer);
  });

  /**
   * The clip a video plays. The file is the one its row names (videos.clip) from a fixed list, under
   * the clips directory; the request's id only looks the row up. Range requests (206) and
   * conditional GETs (304) are res.sendFile's.
   */
  router.get('/media/videos/:id/video.webm', async (req, res) => {
    const parsed = VideoParams.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError('Not found');
    const file = await services.media.videoClipFile(parsed.data.id);
    await new Promise<void>((resolve, reject) => {
      res.sendFile(file, { root: VIDEO_CLIPS_DIR, dotfiles: 'deny', cacheControl: false, lastModified: true, headers: VIDEO_FILE_HEADERS }, (err) => {
        // Sent, or the browser went away mid-file (it asks again with a Range).
        if (!err || res.headersSent) resolve();
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

  router.get('/api/data-and-visuals', async (req, res) => {
    const q = parseInput(ChartsQuery, req.query, 'Invalid visual-library query');
    res.json(
      await services.media.charts({
        page: q.page ?? 1,
        size: q.size ?? VISUAL_LIBRARY_PAGE_SIZE,
        filter: q.N ?? null,
        paywall: q.paywall ?? false,
      }),
    );
  });

  router.get('/data-visuals/images/:file', async (req, res) => {
    const parsed = ChartFile.safeParse(req.params);
    const id = parsed.success ? parsed.data.file.replace(/\.svg$/, '') : null;
    if (id === null) throw new NotFoundError('Chart not found');
    res.set(SVG_HEADERS).send(await services.media.chartSvg(id));
  });

  router.get('/media/videos/:id/:kind', async (req, res) => {
    const parsed = VideoImage.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError('Not found');
    const kind = parsed.data.kind === 'poster.svg' ? 'poster' : 'thumbnail';
    res.set(SVG_HEADERS).send(await services.media.videoImageSvg(parsed.data.id, kind));
  });

  return router;
}
