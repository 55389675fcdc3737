/**
 * The video pages' calls (issue 8): a video, the viewer's access to it, the playlists and the
 * watched history. In the video entry (`shared-contracts/video`), not in the core's client: only the
 * video remote makes them. They go through the page's client (`api.request`).
 */
import * as z from 'zod/mini';
import { api } from 'shared-contracts';
import { PlaylistListSchema, PlaylistSchema, VideoAccessSchema, VideoSchema } from './video';

const path = encodeURIComponent;

export const videoApi = {
  video: (id: string) => api.request('GET', `/api/videos/${path(id)}`, VideoSchema),
  /** The video paywall decision for the viewer (VideoAccess). */
  videoAccess: (id: string) => api.request('GET', `/api/videos/${path(id)}/access`, VideoAccessSchema),
  playlist: (id: string) => api.request('GET', `/api/playlists/${path(id)}`, PlaylistSchema),
  /** The playlists of the video page's dropdown and of the hub. */
  playlists: () => api.request('GET', '/api/playlists', PlaylistListSchema),
  /** Records the video in the member's watched history. */
  watched: (id: string) => api.request('POST', '/service/user/watched', z.object({ ok: z.literal(true) }), { id }),
};
