/**
 * The clips the seeded videos play (dev-server/media/clips, see the README there): four short VP8
 * WebM files. A video row names its clip (videos.clip, migration 0007); the file is found through
 * this fixed list only, so no request input ever becomes part of a path.
 */
import path from 'node:path';

/** The directory of the clip files (this file is dev-server/src/services/video-clips.ts). */
export const VIDEO_CLIPS_DIR = path.resolve(__dirname, '..', '..', 'media', 'clips');

/** Every clip: its name (videos.clip) and length in whole seconds. */
export const VIDEO_CLIPS = [
  { clip: 'clip-1', seconds: 3 },
  { clip: 'clip-2', seconds: 4 },
  { clip: 'clip-3', seconds: 5 },
  { clip: 'clip-4', seconds: 6 },
] as const;

export type VideoClip = (typeof VIDEO_CLIPS)[number];

/** The clip of the seed's `index`-th video: clip-1, clip-2, clip-3, clip-4, clip-1, ... */
export function clipOfIndex(index: number): VideoClip {
  return VIDEO_CLIPS[((index % VIDEO_CLIPS.length) + VIDEO_CLIPS.length) % VIDEO_CLIPS.length]!;
}

/** The file name of a known clip (relative to VIDEO_CLIPS_DIR), else null. */
export function clipFileName(clip: string): string | null {
  return VIDEO_CLIPS.some((c) => c.clip === clip) ? `${clip}.webm` : null;
}

/** The address a video's clip is served at (routes/media.ts). */
export function videoSourcePath(id: string): string {
  return `/media/videos/${id}/video.webm`;
}
