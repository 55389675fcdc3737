/**
 * The video pages' pictures (decision 036): the generated poster over the player until the first play
 * (the first view's largest picture: sized, loaded at once with fetchpriority high, AVIF and WebP
 * first), the paywalled poster likewise with the video's name, and the tiles' posters (decorative,
 * sized, lazy below the fold and, in the server's HTML, asked for once the page is hydrated; the hub's
 * first row loaded at once) with the duration over them.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Playlist, Video } from 'shared-contracts/video';
import { samplePlaylist } from 'shared-contracts/src/testing';
import { PlayerStage } from './components/player/PlayerStage';
import { PlaylistBlock } from './components/playlist/PlaylistBlock';
import { renderApp, stubMedia, videoApi } from './testing';

const PATH = '/video/1000000000001/video-1';
const imageOf = (id: string) => `/images/video/${id}/0123456789ab`;

/** A playlist whose videos carry generated posters. */
function pictured(count: number, over: Partial<Playlist> = {}): Playlist {
  const playlist = samplePlaylist(count, over);
  return { ...playlist, videos: playlist.videos.map((v): Video => ({ ...v, image: imageOf(v.id) })) };
}

function imgOf(picture: Element | null): HTMLImageElement {
  const img = picture?.querySelector('img');
  if (!img) throw new Error('no picture');
  return img;
}

beforeEach(() => {
  stubMedia();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe("the player's poster", () => {
  it('is a sized picture loaded first, decorative behind the Play button, and gives way to the player at the first play', async () => {
    videoApi({ playlists: [pictured(3)] });
    const { container } = renderApp(PATH);
    const play = await screen.findByRole('button', { name: 'Play Video 1' });
    const poster = container.querySelector('.video-player picture.video-poster');
    const img = imgOf(poster);
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    expect(img).toHaveAttribute('src', `${imageOf('1000000000001')}-640.jpg`);
    expect(poster?.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      expect.stringContaining(`${imageOf('1000000000001')}-1280.avif 1280w`),
    );

    fireEvent.click(play);
    expect(container.querySelector('.video-poster')).toBeNull();
    // The player's element has its poster from then on (the generated poster's JPEG).
    expect(container.querySelector('video')).toHaveAttribute('poster', '/media/videos/1000000000001/poster.svg');
  });

  it("gives the player's element the file the browser chose for it as its poster, not a second download", async () => {
    videoApi({ playlists: [pictured(2)] });
    const chosen = `${imageOf('1000000000001')}-960.avif`;
    jest.spyOn(HTMLImageElement.prototype, 'currentSrc', 'get').mockImplementation(function (this: HTMLImageElement) {
      return this.closest('.video-poster') ? `http://localhost${chosen}` : '';
    });
    const { container } = renderApp(PATH);
    await screen.findByRole('button', { name: 'Play Video 1' });
    expect(container.querySelector('video')).toHaveAttribute('poster', `http://localhost${chosen}`);
  });

  it('is in the server HTML as the only poster asked for (the element gets one once mounted)', () => {
    const video = {
      id: 'v1',
      name: 'How Teams Decide',
      src: '/media/videos/v1/video.webm',
      poster: '/images/video/v1/0123456789ab-1280.jpg',
      image: imageOf('v1'),
    };
    const view = renderToString(<PlayerStage video={video} autoplay={false} />);
    expect(view).toMatch(/<img[^>]* src="\/images\/video\/v1\/0123456789ab-640.jpg"[^>]* width="640" height="360" alt=""[^>]* fetchPriority="high"/);
    expect(view).not.toMatch(/<video[^>]* poster=/);
    expect(view).toMatch(/sizes="\(min-width: 1216px\) 1152px, 100vw"/);
  });

  it('of a paywalled video is named by the video and loaded first', async () => {
    videoApi({ playlists: [pictured(2)], access: { message: 'enable-paywall', wall: 'registration-wall' } });
    const { container } = renderApp(PATH);
    const img = await screen.findByRole('img', { name: 'Video 1' });
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    expect(container.querySelector('video')).toBeNull();
  });

  it('of the embed page is sized to its 480 px box', async () => {
    videoApi({ playlists: [pictured(1)] });
    const { container } = renderApp('/video/embed/1000000000001/video-1');
    await screen.findByRole('button', { name: 'Play Video 1' });
    const img = imgOf(container.querySelector('.video-player-embed picture'));
    expect(img).toHaveAttribute('sizes', '480px');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });
});

describe("the tiles' posters", () => {
  it('on the video page are decorative, sized and lazy, with the duration over them', async () => {
    videoApi({ playlists: [pictured(4)] });
    renderApp(PATH);
    const list = await screen.findByRole('list', { name: 'What to watch next' });
    const tile = within(list).getByRole('link', { name: 'Video 2' }).closest('li')!;
    expect(tile).toHaveClass('ds-card');
    const poster = tile.querySelector('.video-tile-poster')!;
    const img = imgOf(poster);
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(within(poster as HTMLElement).getByText('0:00:04').tagName).toBe('TIME');
    for (const other of list.querySelectorAll('img')) expect(other).toHaveAttribute('loading', 'lazy');
  });

  it("on the hub: the first playlist's first row is loaded at once, its first picture first; the rest are lazy", async () => {
    const first = pictured(5);
    const second = pictured(2, { id: 'the-latest', name: 'The Latest' });
    videoApi({ playlists: [first, second] });
    renderApp('/video');
    const lists = [await screen.findByRole('list', { name: 'What to watch next' }), await screen.findByRole('list', { name: 'The Latest' })];
    const imgs = (list: HTMLElement) => [...list.querySelectorAll('.video-tile img')];
    expect(imgs(lists[0]!).map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')])).toEqual([
      [null, 'high'],
      [null, null],
      [null, null],
      ['lazy', null],
      ['lazy', null],
    ]);
    expect(imgs(lists[1]!).map((i) => i.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
  });

  it("of a playlist below the first view are, in the server's HTML, their boxes only: asked for once the page is hydrated, not beside the poster", () => {
    const playlist = pictured(5);
    const tiles = (lead: boolean) => {
      const view = renderToString(
        <MemoryRouter>
          <PlaylistBlock playlist={playlist} playlists={null} currentId="" linkPlaylistId={playlist.id} onChoose={() => undefined} lead={lead} />
        </MemoryRouter>,
      );
      return [...view.matchAll(/<li[^>]*video-tile[\s\S]*?<\/li>/g)].map(([tile]) => {
        const outside = tile.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
        return outside.includes('<img') ? 'now' : tile.includes('<noscript><picture') ? 'later' : 'none';
      });
    };
    // The video page: every tile is below the poster and the description.
    expect(tiles(false)).toEqual(['later', 'later', 'later', 'later', 'later']);
    // The hub's first playlist is its first view (its first row loaded at once, the rest lazy).
    expect(tiles(true)).toEqual(['now', 'now', 'now', 'now', 'now']);
  });
});
