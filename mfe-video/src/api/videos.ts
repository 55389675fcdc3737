/**
 * The video remote's calls about one video: the video, the reader's access to it, the watched
 * record. The client's own functions, named for this remote (a wrapper would only add bytes).
 */
import { videoApi } from 'shared-contracts/video';

export const loadVideo = videoApi.video;

/** The server's paywall decision for the video. */
export const loadVideoAccess = videoApi.videoAccess;

/** Records the video in the member's watched history. */
export const recordWatched = videoApi.watched;
