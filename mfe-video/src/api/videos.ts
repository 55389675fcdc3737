/**
 * The video remote's calls about one video: the video, the reader's access to it, the watched
 * record. The client's own functions, named for this remote (a wrapper would only add bytes).
 */
import { api } from 'shared-contracts';

export const loadVideo = api.video;

/** The server's paywall decision for the video. */
export const loadVideoAccess = api.videoAccess;

/** Records the video in the member's watched history. */
export const recordWatched = api.watched;
