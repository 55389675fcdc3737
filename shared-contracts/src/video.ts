/**
 * Video pages (decision 015): the access decision, the playlist list, paths, the end-screen and embed
 * rules. The constants are in constants.ts (VIDEO_END_COUNTDOWN_SECONDS, PLAYLIST_LOAD_MORE_COUNT,
 * VIDEO_ASPECT_RATIO_PERCENT, VIDEO_EMBED_SIZE, PLAYLIST_AD_SLOT_*), the texts in messages.ts
 * (countdownText, replayText), isValidPlaylistParam and formatVideoDuration in validation.ts.
 */
import * as z from 'zod/mini';
import { wholeCount, plural } from 'shared-contracts/contracts';

/** Named playlists that get an ad slot (PAY-09). */
export const PLAYLIST_AD_SLOT_PLAYLISTS = ['What to watch next', 'The Latest', 'Explainers'] as const;

/* ================================================================== video, search */

/** Playlist query parameter: letters, digits and hyphens only (PAY-02, PAY-05). */
export const PLAYLIST_PARAM_PATTERN = /^[A-Za-z0-9-]+$/;
export function isValidPlaylistParam(value: string): boolean {
  return PLAYLIST_PARAM_PATTERN.test(value);
}
/** True when a playlist gets an ad slot after its second tile (PAY-02, PAY-09). */
export function playlistHasAdSlot(playlistName: string): boolean {
  return (PLAYLIST_AD_SLOT_PLAYLISTS as readonly string[]).includes(playlistName);
}
/**
 * Video duration as h:mm:ss (PAY-02), from a number of seconds (fractions dropped):
 * 65 -> '0:01:05', 3725 -> '1:02:05'. Negative or non-finite counts as 0.
 */
export function formatVideoDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/* ------------------------------------------------------------------ video and visual library */

/**
 * Video end-screen countdown (PAY-02: 'will start playing in N second(s)'). Choice: 'second'
 * when n is 1, 'seconds' otherwise (including 0).
 */
export function countdownText(n: number): string {
  const k = wholeCount(n);
  return `will start playing in ${k} ${plural(k, 'second', 'seconds')}`;
}
/** Video end-screen replay link (PAY-02). */
export function replayText(videoName: string): string {
  return `Replay ${videoName}`;
}

/* ------------------------------------------------------------------ video (PAY-02, PAY-09) */

/** Video end countdown, in seconds (PAY-02, PAY-09). */
export const VIDEO_END_COUNTDOWN_SECONDS = 10;
/** Playlist 'Load more' reveals this many more tiles (PAY-09). */
export const PLAYLIST_LOAD_MORE_COUNT = 6;
/** Video aspect ratio as a padding percentage (PAY-09). */
export const VIDEO_ASPECT_RATIO_PERCENT = 56.25;
/** Video embed size in px (PAY-02, PAY-09). */
export const VIDEO_EMBED_SIZE = { width: 480, height: 270 } as const;
/** The ad slot goes after this tile (1-based) in a named playlist (PAY-02 Playlist block). */
export const PLAYLIST_AD_SLOT_AFTER_TILE = 2;

/** Video (PAY-03). duration is in seconds. */
export const VideoSchema = z.object({
  id: z.string().check(z.regex(/^\d+$/)),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  link: z.nullable(z.object({ url: z.string(), text: z.string() })),
  poster: z.string(),
  thumbnail: z.string(),
  /** The generated poster's base path for a <picture> (images.ts `pictureOf`); poster and thumbnail are JPEGs of it. */
  image: z.optional(z.nullable(z.string())),
  src: z.string(),
  duration: z.number().check(z.nonnegative()),
  custom_fields: z.object({ pubdate: z.string() }),
  tags: z.array(z.string()),
  subscriberOnly: z.boolean(),
});
export type Video = z.infer<typeof VideoSchema>;
export const PlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  videos: z.array(VideoSchema),
});
export type Playlist = z.infer<typeof PlaylistSchema>;

/** The playlist query parameter of a video page (PAY-02, PAY-05). */
export const PLAYLIST_QUERY_PARAM = 'playlist';

/** The playlist the block shows when the address names none. NOT IN SPEC: the spec names no default. */
export const DEFAULT_PLAYLIST_ID = 'what-to-watch-next';

/**
 * GET /api/videos/{id}/access: the video paywall message (PAY-04: video 'enable-paywall' or
 * 'disable-paywall'). The decision is the server's: subscribers always watch; others watch while
 * their meter has articles left this month (a video does not spend the meter); past it, a guest
 * meets the registration wall and a registered reader the subscription wall, and the page shows the
 * poster instead of the player (PAY-02).
 */
export const VideoAccessSchema = z.object({
  videoId: z.string(),
  message: z.enum(['disable-paywall', 'enable-paywall']),
  wall: z.nullable(z.enum(['registration-wall', 'subscription-wall'])),
});
export type VideoAccess = z.infer<typeof VideoAccessSchema>;

/** GET /api/playlists: the playlists of the block's dropdown, in order. */
export const PlaylistListSchema = z.object({
  playlists: z.array(z.object({ id: z.string(), name: z.string(), count: z.int() })),
});
export type PlaylistList = z.infer<typeof PlaylistListSchema>;

/** The page of a video: /video/{id}/{slug}, with ?playlist= when one is chosen (and valid). */
export function videoPath(video: Pick<Video, 'id' | 'slug'>, playlistId?: string | null): string {
  const base = `/video/${video.id}/${video.slug}`;
  return playlistId && isValidPlaylistParam(playlistId) ? `${base}?${PLAYLIST_QUERY_PARAM}=${encodeURIComponent(playlistId)}` : base;
}

/** The embed page of a video: /video/embed/{id}/{slug}. */
export function videoEmbedPath(video: Pick<Video, 'id' | 'slug'>): string {
  return `/video/embed/${video.id}/${video.slug}`;
}

/**
 * The playlist named by a search string: the parameter when it is letters, digits and hyphens only,
 * else null (anything else is ignored, PAY-05).
 */
export function playlistFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(PLAYLIST_QUERY_PARAM);
  return value !== null && isValidPlaylistParam(value) ? value : null;
}

/** The video after `currentId` in the playlist, wrapping to the first; null when there is no other video. */
export function nextInPlaylist(playlist: Pick<Playlist, 'videos'>, currentId: string): Video | null {
  const videos = playlist.videos;
  if (videos.length === 0) return null;
  const i = videos.findIndex((v) => v.id === currentId);
  const next = videos[(i + 1) % videos.length] ?? null;
  return next && next.id !== currentId ? next : null;
}

/** Embed code of the embed-video flyout: an iframe of the embed page at 480x270 (PAY-09). */
export function embedCode(origin: string, video: Pick<Video, 'id' | 'slug' | 'name'>): string {
  const title = video.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${origin}${videoEmbedPath(video)}" width="${VIDEO_EMBED_SIZE.width}" height="${VIDEO_EMBED_SIZE.height}" title="${title}" frameborder="0" allow="fullscreen" allowfullscreen></iframe>`;
}

/** Texts of the video pages. NOT IN SPEC unless marked. */
export const VIDEO_TEXT = {
  /** PAY-02 ('For more, read' link) is UI_TEXT.forMoreRead. */
  upNext: 'Up next',
  loadMore: 'Load more',
  playlists: 'Playlists',
  embed: 'Embed',
  embedTitle: 'Embed this video',
  copyCode: 'Copy code',
  copied: 'Copied!',
  advertisement: 'Advertisement',
  notFound: 'Video not found',
  loadError: 'We could not load this video. Please try again.',
  paywalledRegistration: 'Register for free to keep watching. You have used your free articles and videos this month.',
  paywalledSubscription: 'Subscribe to keep watching. You have used your free articles and videos this month.',
  subscriberOnly: 'Subscriber-only video',
} as const;
