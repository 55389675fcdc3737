/** The video remote's calls about playlists (the client's own functions, named for this remote). */
import { videoApi } from 'shared-contracts/video';

export const loadPlaylist = videoApi.playlist;

/** Every playlist, for the playlist dropdown. */
export const loadPlaylists = videoApi.playlists;
