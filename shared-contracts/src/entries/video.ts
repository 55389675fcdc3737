/** `shared-contracts/video` (decision 022): videos, playlists and the video paywall. */
export {
  countdownText,
  DEFAULT_PLAYLIST_ID,
  embedCode,
  formatVideoDuration,
  nextInPlaylist,
  PLAYLIST_AD_SLOT_AFTER_TILE,
  PLAYLIST_LOAD_MORE_COUNT,
  PlaylistListSchema,
  PlaylistSchema,
  playlistFromSearch,
  playlistHasAdSlot,
  replayText,
  VIDEO_ASPECT_RATIO_PERCENT,
  VIDEO_EMBED_SIZE,
  VIDEO_END_COUNTDOWN_SECONDS,
  VIDEO_TEXT,
  VideoAccessSchema,
  VideoSchema,
  videoPath,
} from '../video';
export type * from '../video';
