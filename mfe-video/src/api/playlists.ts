/** The video remote's calls about playlists (the client's own functions, named for this remote). */
import { api } from 'shared-contracts';

export const loadPlaylist = api.playlist;

/** Every playlist, for the playlist dropdown. */
export const loadPlaylists = api.playlists;
