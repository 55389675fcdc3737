/** The video remote's calls about playlists (its own, decision 048). */
import { api } from 'shared-contracts';
import { PlaylistListSchema, PlaylistSchema, type Playlist, type PlaylistList } from 'shared-contracts/video';

/** One playlist, with its videos. */
export const loadPlaylist = (id: string): Promise<Playlist> => api.request('GET', `/api/playlists/${encodeURIComponent(id)}`, PlaylistSchema);

/** Every playlist, for the playlist dropdown and the hub. */
export const loadPlaylists = (): Promise<PlaylistList> => api.request('GET', '/api/playlists', PlaylistListSchema);
