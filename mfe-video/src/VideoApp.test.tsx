import * as React from 'react';
import { screen, within } from '@testing-library/react';
import { instanceMarkers, userStore } from 'shared-contracts';
import type { Video } from 'shared-contracts/video';
import { mockFetch, samplePlaylist } from 'shared-contracts/src/testing';
import { renderApp, stubMedia, videoApi } from './testing';

const video: Video = {
  id: '6021',
  name: 'How Teams Decide Under Pressure',
  slug: 'how-teams-decide-under-pressure',
  description: 'A researcher explains why small teams beat committees when time is short.',
  link: { url: '/2024/03/decide-faster', text: 'Decide Faster' },
  poster: '/media/6021/poster.jpg',
  thumbnail: '/media/6021/thumb.jpg',
  src: '/media/6021/video.mp4',
  duration: 185,
  custom_fields: { pubdate: '2024-03-05T10:00:00.000Z' },
  tags: ['decision making'],
  subscriberOnly: false,
};

function player(container: HTMLElement): HTMLVideoElement {
  const el = container.querySelector('video');
  if (!el) throw new Error('no <video> element');
  return el;
}

beforeEach(() => {
  stubMedia();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('VideoApp', () => {
  it('marks its root with the remote name and the React and store instance ids', async () => {
    videoApi({ videos: [video] });
    const { container } = renderApp('/video/6021/how-teams-decide-under-pressure');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'video');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
    await screen.findByRole('heading', { level: 1 });
  });

  it('loads the video of the path and shows name, description, player, link and date', async () => {
    const api = videoApi({ videos: [video] });
    const { container } = renderApp('/video/6021/how-teams-decide-under-pressure');
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');

    expect(await screen.findByRole('heading', { level: 1, name: 'How Teams Decide Under Pressure' })).toBeInTheDocument();
    expect(screen.getByText('A researcher explains why small teams beat committees when time is short.')).toBeInTheDocument();

    await screen.findByRole('button', { name: 'Play How Teams Decide Under Pressure' });
    const el = player(container);
    // The player's own controls come with the first play: before it, the Play button stands in.
    expect(el).not.toHaveAttribute('controls');
    expect(el).toHaveAttribute('playsinline');
    expect(el).toHaveAttribute('preload', 'metadata');
    expect(el).toHaveAttribute('poster', '/media/6021/poster.jpg');
    expect(el).toHaveAttribute('src', '/media/6021/video.mp4');
    expect(el.parentElement).toHaveStyle({ paddingTop: '56.25%', position: 'relative' });
    expect(container.querySelector('[data-video-state]')).toHaveAttribute('data-video-state', 'player');

    const more = screen.getByRole('link', { name: 'Decide Faster' });
    expect(more).toHaveAttribute('href', '/2024/03/decide-faster');
    expect(more.parentElement).toHaveTextContent(/^For more, read Decide Faster$/);

    expect(screen.getByText('March 05, 2024')).toBeInTheDocument();
    expect(api.urls('GET /api/videos/6021')).toHaveLength(1);
    expect(api.urls('GET /api/videos/6021/access')).toHaveLength(1);
    expect(api.urls('GET /api/playlists/what-to-watch-next')).toHaveLength(1);
    expect(api.urls('GET /api/playlists')).toHaveLength(1);
  });

  it('leaves out the For more, read line when the video has no link', async () => {
    videoApi({ videos: [{ ...video, link: null }] });
    renderApp('/video/6021/how-teams-decide-under-pressure');
    await screen.findByRole('heading', { level: 1, name: 'How Teams Decide Under Pressure' });
    expect(screen.queryByText(/For more, read/)).not.toBeInTheDocument();
  });

  it('shows the embed page in a 480x270 player with no extras, no playlist and no end screen', async () => {
    const api = videoApi({ videos: [video], playlists: [samplePlaylist(3)] });
    const { container } = renderApp('/video/embed/6021/how-teams-decide-under-pressure');
    expect(await screen.findByRole('heading', { level: 1, name: 'How Teams Decide Under Pressure' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Play How Teams Decide Under Pressure' });
    const el = player(container);
    expect(el).toHaveAttribute('src', '/media/6021/video.mp4');
    expect(el.parentElement).toHaveStyle({ width: '480px', height: '270px' });
    expect(el.parentElement).not.toHaveStyle({ paddingTop: '56.25%' });
    expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('slot')).not.toBeInTheDocument();
    expect(screen.queryByText(video.description)).not.toBeInTheDocument();
    expect(api.urls('GET /api/playlists/what-to-watch-next')).toHaveLength(0);
    el.dispatchEvent(new Event('ended'));
    expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-video-state]')).toHaveAttribute('data-video-state', 'player');
  });

  it('shows the poster in the 480x270 box when the embedded video is paywalled', async () => {
    videoApi({ videos: [video], access: { message: 'enable-paywall', wall: 'subscription-wall' } });
    const { container } = renderApp('/video/embed/6021/how-teams-decide-under-pressure');
    const poster = await screen.findByRole('img', { name: 'How Teams Decide Under Pressure' });
    // The poster is a <picture> filling the player's box (decision 036).
    expect(poster.closest('.video-player')).toHaveStyle({ width: '480px', height: '270px' });
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('[data-video-state]')).toHaveAttribute('data-video-state', 'paywalled');
  });

  it('says Video not found when the API answers 404', async () => {
    videoApi({ videos: [video] });
    const { container } = renderApp('/video/999/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Video not found' })).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
    expect(console.info).toHaveBeenCalled();
  });

  it.each(['/video/abc/some-name', '/video/embed/12x/some-name'])('says Video not found for %s without asking the API', (path) => {
    const api = videoApi({ videos: [video] });
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Video not found' })).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows an error message when the video cannot be loaded, and only logs the failure', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderApp('/video/6021/how-teams-decide-under-pressure');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this video. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Video not found' })).not.toBeInTheDocument();
    expect(console.info).toHaveBeenCalled();
  });

  it('is a hub at /video: every playlist with its tiles, each tile a link to its video in that playlist', async () => {
    const first = samplePlaylist(8);
    const second = { ...samplePlaylist(3), id: 'explainers', name: 'Explainers' };
    videoApi({ playlists: [first, second] });
    renderApp('/video');
    expect(screen.getByRole('heading', { level: 1, name: 'Video' })).toBeInTheDocument();
    const block = await screen.findByRole('region', { name: first.name });
    // Six tiles first, then 'Load more' (PAY-02's playlist block).
    expect(
      within(block)
        .getAllByRole('listitem')
        .filter((li) => li.classList.contains('video-tile')),
    ).toHaveLength(6);
    expect(within(block).getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    const tile = within(block).getByRole('link', { name: first.videos[0]!.name });
    expect(tile).toHaveAttribute('href', `/video/${first.videos[0]!.id}/${first.videos[0]!.slug}?playlist=${first.id}`);
    expect(await screen.findByRole('region', { name: 'Explainers' })).toBeInTheDocument();
  });
});
