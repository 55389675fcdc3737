import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus, userStore } from 'shared-contracts';
import type { Playlist } from 'shared-contracts/video';
import { embedCode } from 'shared-contracts/video';
import { samplePlaylist, sampleUser, sampleVideo } from 'shared-contracts/src/testing';
import { renderApp, stubMedia, videoApi } from '../testing';

const PATH = '/video/1000000000001/video-1';
let media: ReturnType<typeof stubMedia>;

beforeEach(() => {
  media = stubMedia();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  userStore.getState().setUser(null);
});

const address = () => screen.getByTestId('address');
const stage = (container: HTMLElement) => container.querySelector('[data-video-state]');
function videoEl(container: HTMLElement): HTMLVideoElement {
  const el = container.querySelector('video');
  if (!el) throw new Error('no <video>');
  return el;
}

async function loaded(name = 'Video 1') {
  await screen.findByRole('heading', { level: 1, name });
  await screen.findByRole('heading', { level: 2 });
  await screen.findByRole('button', { name: `Play ${name}` });
}

function end(container: HTMLElement) {
  act(() => {
    videoEl(container).dispatchEvent(new Event('ended'));
  });
}

const tick = (ms = 1000) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

describe('the player', () => {
  it("starts playback from the big 'Play {name}' button", async () => {
    videoApi();
    const { container } = renderApp(PATH);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Play Video 1' }));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Play Video 1' })).not.toBeInTheDocument();
    expect(videoEl(container).muted).toBe(false);
  });

  it("shows '▶ Play' over the poster and the player's own controls only from the first play (they ran into each other)", async () => {
    videoApi();
    const { container } = renderApp(PATH);
    await loaded();
    const play = screen.getByRole('button', { name: 'Play Video 1' });
    expect(play).toHaveTextContent(/^▶ Play$/);
    expect(videoEl(container)).not.toHaveAttribute('controls');
    fireEvent.click(play);
    expect(videoEl(container)).toHaveAttribute('controls');
    // The end screen covers the player: its controls hide meanwhile, and come back with Replay.
    end(container);
    expect(videoEl(container)).not.toHaveAttribute('controls');
    fireEvent.click(screen.getByRole('link', { name: 'Replay Video 1' }));
    expect(videoEl(container)).toHaveAttribute('controls');
  });

  it('plays at once, muted, when reached from the end screen (state autoplay)', async () => {
    videoApi();
    const { container } = renderApp(PATH, { state: { autoplay: true } });
    await screen.findByRole('heading', { level: 1, name: 'Video 1' });
    await waitFor(() => expect(media.play).toHaveBeenCalledTimes(1));
    expect(videoEl(container).muted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Play Video 1' })).not.toBeInTheDocument();
  });
});

describe('the end screen', () => {
  it('counts down from 10 each second and at 0 goes to the next video with the playlist and autoplay', async () => {
    videoApi();
    const { container } = renderApp(PATH);
    await loaded();
    jest.useFakeTimers();
    end(container);

    const overlay = screen.getByRole('region', { name: 'Up next' });
    expect(stage(container)).toHaveAttribute('data-video-state', 'ended');
    expect(within(overlay).getByText('Video 2')).toBeInTheDocument();
    const status = within(overlay).getByRole('status');
    expect(status).toHaveTextContent('will start playing in 10 seconds');
    for (let n = 9; n >= 1; n -= 1) {
      tick();
      expect(status).toHaveTextContent(`will start playing in ${n} ${n === 1 ? 'second' : 'seconds'}`);
    }
    expect(status).toHaveTextContent(/^will start playing in 1 second$/);
    expect(address()).toHaveTextContent(PATH);

    tick();
    expect(address()).toHaveTextContent('/video/1000000000002/video-2?playlist=what-to-watch-next');
    expect(address()).toHaveAttribute('data-state', JSON.stringify({ autoplay: true }));
    await screen.findByRole('heading', { level: 1, name: 'Video 2' });
    await waitFor(() => expect(media.play).toHaveBeenCalledTimes(1));
    expect(videoEl(container).muted).toBe(true);
    expect(stage(container)).toHaveAttribute('data-video-state', 'player');
  });

  it('keeps the chosen playlist in the address of the next video', async () => {
    const explainers = samplePlaylist(3, { id: 'explainers', name: 'Explainers' });
    videoApi({ playlists: [samplePlaylist(3), explainers] });
    const { container } = renderApp(`${PATH}?playlist=explainers`);
    await loaded();
    expect(screen.getByRole('heading', { level: 2, name: 'Explainers' })).toBeInTheDocument();
    jest.useFakeTimers();
    end(container);
    tick(10_000);
    expect(address()).toHaveTextContent('/video/1000000000002/video-2?playlist=explainers');
    await screen.findByRole('heading', { level: 1, name: 'Video 2' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Explainers' })).toBeInTheDocument();
  });

  it('replay restarts the current video, hides the overlay and cancels the countdown', async () => {
    videoApi();
    const { container } = renderApp(PATH);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Play Video 1' }));
    jest.useFakeTimers();
    end(container);
    tick(3000);
    const replay = screen.getByRole('link', { name: 'Replay Video 1' });
    expect(replay).toHaveAttribute('href', PATH);
    videoEl(container).currentTime = 3;
    fireEvent.click(replay);
    expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
    expect(stage(container)).toHaveAttribute('data-video-state', 'player');
    expect(media.play).toHaveBeenCalledTimes(2);
    expect(videoEl(container).currentTime).toBe(0);
    tick(30_000);
    expect(address()).toHaveTextContent(PATH);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("'Cancel' (named 'Cancel autoplay') stops the countdown; the next video stays a link and Replay stays", async () => {
    videoApi();
    const { container } = renderApp(PATH);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Play Video 1' }));
    jest.useFakeTimers();
    end(container);
    tick(3000);
    const overlay = screen.getByRole('region', { name: 'Up next' });
    expect(within(overlay).getByRole('status')).toHaveTextContent('will start playing in 7 seconds');
    const cancel = within(overlay).getByRole('button', { name: 'Cancel autoplay' });
    expect(cancel).toHaveTextContent(/^Cancel$/);
    fireEvent.click(cancel);
    expect(within(overlay).queryByRole('button', { name: 'Cancel autoplay' })).not.toBeInTheDocument();
    expect(within(overlay).getByRole('status')).toHaveTextContent(/^$/);
    const next = within(overlay).getByRole('link', { name: 'Video 2' });
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('href', '/video/1000000000002/video-2?playlist=what-to-watch-next');
    tick(30_000);
    expect(address()).toHaveTextContent(PATH);
    expect(stage(container)).toHaveAttribute('data-video-state', 'ended');
    expect(jest.getTimerCount()).toBe(0);
    expect(within(overlay).getByRole('link', { name: 'Replay Video 1' })).toBeInTheDocument();

    // The next video's name still takes the reader there, playing.
    fireEvent.click(next);
    expect(address()).toHaveTextContent('/video/1000000000002/video-2?playlist=what-to-watch-next');
    expect(address()).toHaveAttribute('data-state', JSON.stringify({ autoplay: true }));
    await screen.findByRole('heading', { level: 1, name: 'Video 2' });
  });

  it('shows no end screen when the playlist has no other video', async () => {
    videoApi({ playlists: [samplePlaylist(1)] });
    const { container } = renderApp(PATH);
    await loaded();
    end(container);
    expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
    expect(stage(container)).toHaveAttribute('data-video-state', 'player');
  });

  it('clears the countdown when the page goes away', async () => {
    videoApi();
    const { container, unmount } = renderApp(PATH);
    await loaded();
    jest.useFakeTimers();
    end(container);
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('the playlist parameter', () => {
  it('ignores an invalid value, as if absent', async () => {
    const api = videoApi();
    renderApp(`${PATH}?playlist=bad%20value!`);
    await loaded();
    expect(screen.getByRole('heading', { level: 2, name: 'What to watch next' })).toBeInTheDocument();
    expect(api.urls('GET /api/playlists/what-to-watch-next')).toHaveLength(1);
    expect(api.fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('bad'))).toEqual([]);
  });

  it('goes back to the bare path (replace) when the playlist cannot be loaded', async () => {
    const api = videoApi({ extra: { 'GET /api/playlists/broken': { status: 500, body: { message: 'boom' } } } });
    renderApp(`${PATH}?playlist=missing`);
    await waitFor(() => expect(address()).toHaveTextContent(new RegExp(`^${PATH}$`)));
    await loaded();
    expect(api.urls('GET /api/playlists/missing')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'What to watch next' })).toBeInTheDocument();

    renderApp(`${PATH}?playlist=broken`);
    await waitFor(() => expect(screen.getAllByTestId('address')[1]).toHaveTextContent(new RegExp(`^${PATH}$`)));
  });

  it('rewrites the address to the video path when the name is missing', async () => {
    videoApi();
    renderApp('/video/1000000000001');
    await loaded();
    await waitFor(() => expect(address()).toHaveTextContent(new RegExp(`^${PATH}$`)));
  });
});

describe('the playlist block', () => {
  it('lists 6 tiles, reveals 6 more per Load more, marks the current one and links with the playlist', async () => {
    videoApi({ playlists: [samplePlaylist(14)] });
    renderApp(PATH);
    await loaded();
    const list = screen.getByRole('list', { name: 'What to watch next' });
    const tiles = () =>
      within(list)
        .getAllByRole('listitem')
        .filter((li) => !li.hasAttribute('data-ad-slot'));
    expect(tiles()).toHaveLength(6);
    expect(tiles()[0]).toHaveAttribute('aria-current', 'true');
    expect(tiles()[1]).not.toHaveAttribute('aria-current');

    const second = tiles()[1]!;
    expect(within(second).getByRole('link', { name: 'Video 2' })).toHaveAttribute('href', '/video/1000000000002/video-2?playlist=what-to-watch-next');
    expect(second.querySelector('img')).toHaveAttribute('alt', '');
    expect(second.querySelector('img')).toHaveAttribute('src', '/media/videos/1000000000002/thumbnail.svg');
    expect(within(second).getByText('March 04, 2025')).toBeInTheDocument();
    const duration = within(second).getByText('0:00:04');
    expect(duration.tagName).toBe('TIME');
    expect(duration).toHaveAttribute('datetime', 'PT4S');
    const slot = within(second).getByTestId('slot');
    expect(slot).toHaveAttribute('data-slot', 'library/ItemActions');
    expect(JSON.parse(slot.getAttribute('data-props') ?? '{}')).toMatchObject({
      item: { id: '1000000000002', title: 'Video 2', url: '/video/1000000000002/video-2', contentType: 'Video' },
      share: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(tiles()).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(tiles()).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('hides Share on the tiles of subscriber-only videos', async () => {
    const playlist: Playlist = samplePlaylist(3);
    playlist.videos[2] = { ...playlist.videos[2]!, subscriberOnly: true };
    videoApi({ playlists: [playlist] });
    renderApp(PATH);
    await loaded();
    const tile = screen.getByRole('link', { name: 'Video 3' }).closest('li')!;
    expect(JSON.parse(within(tile).getByTestId('slot').getAttribute('data-props') ?? '{}')).toMatchObject({ share: false });
  });

  it('puts an ad slot after the 2nd tile of the named playlists only', async () => {
    const latest = samplePlaylist(5, { id: 'the-latest', name: 'The Latest' });
    const leadership = samplePlaylist(5, { id: 'leadership', name: 'Leadership' });
    videoApi({ playlists: [samplePlaylist(5), latest, leadership] });
    const { container: latestContainer, unmount } = renderApp(`${PATH}?playlist=the-latest`);
    await loaded();
    const items = within(screen.getByRole('list', { name: 'The Latest' })).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[2]).toHaveAttribute('data-ad-slot', 'the-latest');
    expect(items[2]).toHaveAttribute('aria-label', 'Advertisement');
    expect(latestContainer.querySelectorAll('[data-ad-slot]')).toHaveLength(1);
    unmount();

    const { container } = renderApp(`${PATH}?playlist=leadership`);
    await loaded();
    expect(within(screen.getByRole('list', { name: 'Leadership' })).getAllByRole('listitem')).toHaveLength(5);
    expect(container.querySelector('[data-ad-slot]')).toBeNull();
  });

  it('offers the playlists in a dropdown; choosing one goes to this video with it', async () => {
    const explainers = samplePlaylist(3, { id: 'explainers', name: 'Explainers' });
    videoApi({ playlists: [samplePlaylist(3), explainers] });
    renderApp(PATH);
    await loaded();
    const select = screen.getByRole('combobox', { name: 'Playlists' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['What to watch next', 'Explainers']);
    expect(select).toHaveValue('what-to-watch-next');
    fireEvent.change(select, { target: { value: 'explainers' } });
    expect(address()).toHaveTextContent(`${PATH}?playlist=explainers`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Explainers' })).toBeInTheDocument();
  });
});

describe('paywalled videos', () => {
  it('show the poster, no <video>, and the registration wall with Register and Sign in', async () => {
    videoApi({ access: { message: 'enable-paywall', wall: 'registration-wall' } });
    const opened: unknown[] = [];
    const off = bus.on('auth:open', (e) => opened.push(e));
    const { container } = renderApp(PATH);
    const poster = await screen.findByRole('img', { name: 'Video 1' });
    expect(poster).toHaveAttribute('src', '/media/videos/1000000000001/poster.svg');
    expect(container.querySelector('video')).toBeNull();
    expect(stage(container)).toHaveAttribute('data-video-state', 'paywalled');
    expect(screen.getByText('Register for free to keep watching. You have used your free articles and videos this month.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(opened).toEqual([{ screen: 'registration' }, { screen: 'signin' }]);
    off();
  });

  it('show the subscription wall with Subscribe now', async () => {
    videoApi({ access: { message: 'enable-paywall', wall: 'subscription-wall' } });
    const { container } = renderApp(PATH);
    await screen.findByRole('img', { name: 'Video 1' });
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText('Subscribe to keep watching. You have used your free articles and videos this month.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('href', '/subscriptions');
  });
});

describe('actions', () => {
  function pageSlotProps() {
    const slot = screen.getAllByTestId('slot').find((s) => !s.closest('li'));
    return JSON.parse(slot?.getAttribute('data-props') ?? '{}') as { item: unknown; share: boolean };
  }

  it('offer Save/Share through the host slot and Embed', async () => {
    videoApi();
    renderApp(PATH);
    await loaded();
    expect(pageSlotProps()).toMatchObject({
      item: { id: '1000000000001', title: 'Video 1', url: PATH, contentType: 'Video' },
      share: true,
    });
    expect(screen.getByRole('button', { name: 'Embed' })).toBeInTheDocument();
  });

  it('hide Embed and pass share:false for subscriber-only videos', async () => {
    const current = sampleVideo({ id: '1000000000001', name: 'Video 1', slug: 'video-1', subscriberOnly: true });
    videoApi({ videos: [current, ...samplePlaylist(3).videos.slice(1)] });
    renderApp(PATH);
    await loaded();
    expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
    expect(pageSlotProps()).toMatchObject({ share: false });
  });

  it('show nothing in place of Save/Share when the host offers no slots', async () => {
    videoApi();
    renderApp(PATH, { slot: null });
    await loaded();
    expect(screen.queryByTestId('slot')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Embed' })).toBeInTheDocument();
  });
});

describe('the embed dialog', () => {
  it('shows the embed code, copies it, traps Tab and closes on Escape with focus back on Embed', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    videoApi();
    renderApp(PATH);
    await loaded();
    const opener = screen.getByRole('button', { name: 'Embed' });
    opener.focus();
    fireEvent.click(opener);

    // Its code comes with the click (decision 038): the dialog shows once it has arrived.
    const dialog = await screen.findByRole('dialog', { name: 'Embed this video' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    const code = within(dialog).getByRole('textbox', { name: 'Embed code' });
    const expected = embedCode(window.location.origin, { id: '1000000000001', slug: 'video-1', name: 'Video 1' });
    expect(code).toHaveValue(expected);
    expect(code).toHaveAttribute('readonly');
    expect(expected).toContain('/video/embed/1000000000001/video-1');
    expect(expected).toContain('width="480" height="270"');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(expected);
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Copied!'));

    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(code).toHaveFocus();
    fireEvent.keyDown(code, { key: 'Tab', shiftKey: true });
    expect(close).toHaveFocus();

    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('watched', () => {
  it('records the first play once for a signed-in member', async () => {
    userStore.getState().setUser(sampleUser());
    const api = videoApi();
    const { container } = renderApp(PATH);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Play Video 1' }));
    act(() => {
      videoEl(container).dispatchEvent(new Event('play'));
    });
    await waitFor(() => expect(api.sent('POST /service/user/watched')).toEqual([{ id: '1000000000001' }]));
  });

  it('records nothing for a guest', async () => {
    const api = videoApi();
    renderApp(PATH);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Play Video 1' }));
    await act(async () => undefined);
    expect(api.sent('POST /service/user/watched')).toEqual([]);
  });

  it('only logs a failure to record', async () => {
    userStore.getState().setUser(sampleUser());
    videoApi({ extra: { 'POST /service/user/watched': { status: 500, body: { message: 'boom' } } } });
    renderApp(PATH);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Play Video 1' }));
    await waitFor(() => expect(console.info).toHaveBeenCalledWith('video: could not record watched', '1000000000001', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
