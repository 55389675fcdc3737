/**
 * The playlist block (PAY-02): the playlist name, a dropdown of playlists, tiles (6 first, 'Load
 * more' reveals PLAYLIST_LOAD_MORE_COUNT more) and, for the named playlists, an ad slot after the
 * second tile.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'shared-contracts/router';
import { Badge, Button, Card, formatLongDate, Picture } from 'shared-contracts';
import { formatVideoDuration, playlistHasAdSlot, PLAYLIST_AD_SLOT_AFTER_TILE, PLAYLIST_LOAD_MORE_COUNT, VIDEO_TEXT, videoPath } from 'shared-contracts/video';
import type { Playlist, Video, PlaylistList } from 'shared-contracts/video';
import { ItemActionsSlot } from '../ItemActionsSlot';
import { isoDuration } from './duration';

/** Tiles shown before the first 'Load more'. */
export const PLAYLIST_FIRST_TILES = 6;

export interface PlaylistBlockProps {
  playlist: Playlist;
  /** The dropdown's playlists; null leaves the dropdown out. */
  playlists: PlaylistList['playlists'] | null;
  currentId: string;
  /** The playlist the tiles' links carry. */
  linkPlaylistId: string;
  /** A playlist was chosen in the dropdown. */
  onChoose(playlistId: string): void;
  /** The page's first block (the hub's): its first row of pictures is in the first view. */
  lead?: boolean;
}

/** A tile's width: a quarter of the page's column on a desktop, half of it on a tablet, a side picture on a phone. */
export const TILE_SIZES = '(min-width: 1024px) 18rem, (min-width: 768px) 50vw, 40vw';

/**
 * `first`: the tile's picture is in the first view (the hub's first row): loaded at once, the first
 * one first. `later`: the block is not the page's first (the video page's playlist, below the
 * poster and the description; the hub's later playlists): its pictures are asked for once the page
 * is hydrated, so they do not share a slow connection with the first view's picture.
 */
function VideoTile({
  video,
  current,
  playlistId,
  first,
  later,
}: {
  video: Video;
  current: boolean;
  playlistId: string;
  first?: 'priority' | 'eager';
  later: boolean;
}) {
  const published = formatLongDate(video.custom_fields.pubdate);
  return (
    <Card as="li" className="video-tile" aria-current={current ? 'true' : undefined} data-video-id={video.id}>
      <div className="video-tile-poster">
        <Picture image={video.image ?? video.thumbnail} alt="" sizes={TILE_SIZES} priority={first === 'priority'} eager={first === 'eager'} later={later} />
        <Badge as="p" tone="ink" className="video-tile-duration">
          <time dateTime={isoDuration(video.duration)}>{formatVideoDuration(video.duration)}</time>
        </Badge>
      </div>
      <h3 className="video-tile-name ds-card__title">
        <Link to={videoPath(video, playlistId)}>{video.name}</Link>
      </h3>
      {published && (
        <p className="video-tile-date ds-card__meta">
          <time dateTime={video.custom_fields.pubdate}>{published}</time>
        </p>
      )}
      <ItemActionsSlot video={video} nameWithTitle />
    </Card>
  );
}

export function PlaylistBlock({ playlist, playlists, currentId, linkPlaylistId, onChoose, lead = false }: PlaylistBlockProps) {
  const headingId = useId();
  const selectId = useId();
  const [shown, setShown] = useState(PLAYLIST_FIRST_TILES);
  const tiles = playlist.videos.slice(0, shown);
  const withAd = playlistHasAdSlot(playlist.name);

  const items: ReactNode[] = [];
  tiles.forEach((video, i) => {
    items.push(
      <VideoTile
        key={video.id}
        video={video}
        current={video.id === currentId}
        playlistId={linkPlaylistId}
        first={lead && i < 3 ? (i ? 'eager' : 'priority') : undefined}
        later={!lead}
      />,
    );
    if (withAd && i + 1 === PLAYLIST_AD_SLOT_AFTER_TILE) {
      items.push(<li key="ad-slot" className="video-ad-slot" data-ad-slot={playlist.id} aria-label={VIDEO_TEXT.advertisement} />);
    }
  });

  return (
    <section className="video-playlist" aria-labelledby={headingId} data-playlist-id={playlist.id}>
      <h2 id={headingId} className="ds-section-title">
        {playlist.name}
      </h2>
      {playlists && playlists.length > 0 && (
        <p className="video-playlist-choice">
          <label htmlFor={selectId}>{VIDEO_TEXT.playlists}</label>{' '}
          <select id={selectId} value={playlist.id} onChange={(e) => onChoose(e.currentTarget.value)}>
            {!playlists.some((p) => p.id === playlist.id) && <option value={playlist.id}>{playlist.name}</option>}
            {playlists.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </p>
      )}
      <ul className="video-tiles ds-grid" aria-labelledby={headingId}>
        {items}
      </ul>
      {shown < playlist.videos.length && (
        <Button variant="ghost" className="video-load-more" onClick={() => setShown((n) => n + PLAYLIST_LOAD_MORE_COUNT)}>
          {VIDEO_TEXT.loadMore}
        </Button>
      )}
    </section>
  );
}
