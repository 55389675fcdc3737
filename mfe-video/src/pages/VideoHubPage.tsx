/**
 * The video hub, /video: every playlist (GET /api/playlists) with its tiles (poster,
 * name, date, duration), six first and 'Load more', 'What to watch next' first. Rendered on the
 * server with the rest of the remote (its loads are keyed as the video page's are).
 */
import { useLoad } from 'shared-contracts';
import type { Playlist, PlaylistList } from 'shared-contracts/video';
import { loadPlaylist, loadPlaylists } from '../api/playlists';
import { PlaylistBlock } from '../components/playlist/PlaylistBlock';
import { HUB_ERROR, HUB_INTRO, HUB_LOADING, HUB_TITLE } from '../text';

function HubPlaylist({ id, lead }: { id: string; lead: boolean }) {
  const playlist = useLoad<Playlist>(`playlist:${id}`, () => loadPlaylist(id));
  if (playlist.status !== 'ready' || playlist.data.videos.length === 0) return null;
  return <PlaylistBlock playlist={playlist.data} playlists={null} currentId="" linkPlaylistId={id} onChoose={() => undefined} lead={lead} />;
}

export function VideoHubPage() {
  const playlists = useLoad<PlaylistList>('playlists', () => loadPlaylists());
  return (
    <div className="video-hub">
      <h1>{HUB_TITLE}</h1>
      <p className="video-hub-intro page-intro">{HUB_INTRO}</p>
      {playlists.status === 'loading' && <p role="status">{HUB_LOADING}</p>}
      {playlists.status === 'error' && <p role="alert">{HUB_ERROR}</p>}
      {playlists.status === 'ready' && playlists.data.playlists.map((p, i) => <HubPlaylist key={p.id} id={p.id} lead={i === 0} />)}
    </div>
  );
}
