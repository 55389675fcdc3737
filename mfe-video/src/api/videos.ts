/** The video remote's calls about one video: the video, the reader's access to it, the watched record (its own, decision 048). */
import { api, OkSchema, type Ok } from 'shared-contracts';
import { VideoAccessSchema, VideoSchema, type Video, type VideoAccess } from 'shared-contracts/video';

const path = encodeURIComponent;

export const loadVideo = (id: string): Promise<Video> => api.request('GET', `/api/videos/${path(id)}`, VideoSchema);

/** The server's paywall decision for the video. */
export const loadVideoAccess = (id: string): Promise<VideoAccess> => api.request('GET', `/api/videos/${path(id)}/access`, VideoAccessSchema);

/** Records the video in the member's watched history. */
export const recordWatched = (id: string): Promise<Ok> => api.request('POST', '/service/user/watched', OkSchema, { id });
