import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { instanceMarkers, userStore, type Video } from 'shared-contracts';
import VideoApp from './VideoApp';
import { mockFetch } from 'shared-contracts/src/testing';


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

/** /api/videos/{id}: the one known video, 404 for others. */
function videoApi(v: Video = video) {
  return mockFetch((url) =>
    url === `/api/videos/${v.id}` ? { body: v } : { status: 404, body: { message: 'Video not found' } },
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <VideoApp />
    </MemoryRouter>,
  );
}

function player(container: HTMLElement): HTMLVideoElement {
  const el = container.querySelector('video');
  if (!el) throw new Error('no <video> element');
  return el;
}

describe('VideoApp', () => {
  it('marks its root with the remote name and the React and store instance ids', async () => {
    videoApi();
    const { container } = renderAt('/video/6021/how-teams-decide-under-pressure');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'video');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
    await screen.findByRole('heading', { level: 1 });
  });

  it('loads the video of the path and shows name, description, player, link and date', async () => {
    const fetch = videoApi();
    const { container } = renderAt('/video/6021/how-teams-decide-under-pressure');
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');

    expect(await screen.findByRole('heading', { level: 1, name: 'How Teams Decide Under Pressure' })).toBeInTheDocument();
    expect(screen.getByText('A researcher explains why small teams beat committees when time is short.')).toBeInTheDocument();

    const el = player(container);
    expect(el).toHaveAttribute('controls');
    expect(el).toHaveAttribute('poster', '/media/6021/poster.jpg');
    expect(el).toHaveAttribute('src', '/media/6021/video.mp4');
    expect(el.parentElement).toHaveStyle({ paddingTop: '56.25%', position: 'relative' });

    const more = screen.getByRole('link', { name: 'Decide Faster' });
    expect(more).toHaveAttribute('href', '/2024/03/decide-faster');
    expect(more.parentElement).toHaveTextContent(/^For more, read Decide Faster$/);

    expect(screen.getByText('March 05, 2024')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/videos/6021');
  });

  it('leaves out the For more, read line when the video has no link', async () => {
    videoApi({ ...video, link: null });
    renderAt('/video/6021/how-teams-decide-under-pressure');
    await screen.findByRole('heading', { level: 1, name: 'How Teams Decide Under Pressure' });
    expect(screen.queryByText(/For more, read/)).not.toBeInTheDocument();
  });

  it('shows the embed page in a 480x270 player', async () => {
    const fetch = videoApi();
    const { container } = renderAt('/video/embed/6021/how-teams-decide-under-pressure');
    expect(await screen.findByRole('heading', { level: 1, name: 'How Teams Decide Under Pressure' })).toBeInTheDocument();
    const el = player(container);
    expect(el).toHaveAttribute('src', '/media/6021/video.mp4');
    expect(el.parentElement).toHaveStyle({ width: '480px', height: '270px' });
    expect(el.parentElement).not.toHaveStyle({ paddingTop: '56.25%' });
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/videos/6021');
  });

  it('says Video not found when the API answers 404', async () => {
    videoApi();
    const { container } = renderAt('/video/999/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Video not found' })).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
  });

  it.each(['/video/abc/some-name', '/video/embed/12x/some-name', '/video'])(
    'says Video not found for %s without asking the API',
    (path) => {
      const fetch = videoApi();
      renderAt(path);
      expect(screen.getByRole('heading', { level: 1, name: 'Video not found' })).toBeInTheDocument();
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('shows an error message when the video cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderAt('/video/6021/how-teams-decide-under-pressure');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this video. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Video not found' })).not.toBeInTheDocument();
  });
});
