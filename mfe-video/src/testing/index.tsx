/** Helpers of this package's tests (not bundled: nothing imports it outside tests). */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { RemoteSlotContext, type HostSlot } from 'shared-contracts';
import type { Playlist, Video, PlaylistList, VideoAccess } from 'shared-contracts/video';
import { mockApiRoutes, samplePlaylist, type ApiRoute } from 'shared-contracts/src/testing';
import VideoApp from '../VideoApp';

/** jsdom has no media playback: play() announces 'play' and resolves, pause() does nothing. */
export function stubMedia() {
  const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  return { play, pause };
}

/** The host slot: renders what it was asked for, with the props as JSON. */
export const FakeSlot: HostSlot = ({ remote, module, props }) => (
  <div data-testid="slot" data-slot={`${remote}/${module}`} data-props={JSON.stringify(props ?? null)} />
);

/** Shows the router's address and state, for assertions. */
export function Address() {
  const location = useLocation();
  return (
    <div data-testid="address" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </div>
  );
}

export function renderApp(path: string, { state, slot = FakeSlot }: { state?: unknown; slot?: HostSlot | null } = {}) {
  return render(
    <RemoteSlotContext.Provider value={slot}>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0] ?? path, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <VideoApp />
        <Address />
      </MemoryRouter>
    </RemoteSlotContext.Provider>,
  );
}

export interface VideoApiOptions {
  videos?: Video[];
  playlists?: Playlist[];
  list?: PlaylistList['playlists'];
  access?: Pick<VideoAccess, 'message' | 'wall'>;
  extra?: Record<string, ApiRoute>;
}

/** The video API: the videos, their access, the playlists (404 for unknown ones), the list, watched. */
export function videoApi({
  playlists = [samplePlaylist(8)],
  videos,
  list,
  access = { message: 'disable-paywall', wall: null },
  extra = {},
}: VideoApiOptions = {}) {
  const all = videos ?? playlists.flatMap((p) => p.videos);
  const routes: Record<string, ApiRoute> = {
    'GET /api/playlists': { body: { playlists: list ?? playlists.map((p) => ({ id: p.id, name: p.name, count: p.videos.length })) } },
    'POST /service/user/watched': { body: { ok: true } },
  };
  for (const v of all) {
    routes[`GET /api/videos/${v.id}`] = { body: v };
    routes[`GET /api/videos/${v.id}/access`] = { body: { videoId: v.id, ...access } };
  }
  for (const p of playlists) routes[`GET /api/playlists/${p.id}`] = { body: p };
  return mockApiRoutes({ ...routes, ...extra });
}
