import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DISCOVERY_MESSAGES, type StreamParams, type StreamType } from 'shared-contracts/discovery';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { StreamList, type StreamListProps } from './StreamList';
import { installIntersectionObserver, LocationProbe, sampleEntry, streamPage, streamRoutes } from './testing';

function renderList(props: StreamListProps, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StreamList {...props} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const container = (type: StreamType) => document.querySelector(`[data-stream="${type}"]`) as HTMLElement;
const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const location = () => screen.getByTestId('location');
const requested = (api: ReturnType<typeof mockApiRoutes>, type: StreamType, params: StreamParams = {}) =>
  api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname.startsWith(`/service/stream/${type}/`))
    .map((u) => {
      for (const [k, v] of Object.entries(params)) expect(u.searchParams.get(k)).toBe(v);
      return u.pathname.split('/')[4];
    });

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
});
afterEach(() => io.restore());

describe('StreamList', () => {
  it('shows the first page as cards and marks the list with its stream, loaded pages and busy state', async () => {
    mockApiRoutes(
      streamRoutes('latest', {
        entries: [sampleEntry({ title: 'Why Strategy Fails', author: [{ name: 'Ann Lee' }, { name: 'Bo Chen' }] })],
      }),
    );
    renderList({ type: 'latest' });
    expect(container('latest')).toHaveAttribute('aria-busy', 'true');
    expect(container('latest')).toHaveAttribute('data-loaded-pages', '0');
    const link = await screen.findByRole('link', { name: 'Why Strategy Fails' });
    expect(link).toHaveAttribute('href', '/2025/03/why-strategy-fails-in-the-middle');
    const card = link.closest('li') as HTMLElement;
    expect(within(card).getByText('Strategy')).toHaveClass('eyebrow');
    expect(within(card).getByText('Digital Article')).toBeInTheDocument();
    expect(within(card).getByText('Most plans die between the board room and the shop floor.')).toBeInTheDocument();
    expect(card.querySelector('.byline')).toHaveTextContent('By Ann Lee and Bo Chen · March 04, 2025');
    expect(container('latest')).toHaveAttribute('aria-busy', 'false');
    expect(container('latest')).toHaveAttribute('data-loaded-pages', '1');
    expect(container('latest')).toHaveAttribute('data-stream-status', 'ready');
  });

  it('autoloads the next page at the end of the list until two pages show, then offers Load more', async () => {
    const api = mockApiRoutes(streamRoutes('latest', { totalPages: 5 }));
    renderList({ type: 'latest' });
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();

    io.reachEnd();
    expect(container('latest')).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(container('latest')).toHaveAttribute('data-loaded-pages', '2');

    // Two pages show: reaching the end again loads nothing more; the link asks instead.
    io.reachEnd();
    expect(io.watching()).toBe(0);
    const more = screen.getByRole('link', { name: 'Load more' });
    expect(more).toHaveAttribute('href', '/?page=3');
    expect(requested(api, 'latest')).toEqual(['0', '1']);

    await userEvent.click(more);
    const firstNew = await screen.findByRole('link', { name: 'Page 2 entry 1' });
    expect(requested(api, 'latest')).toEqual(['0', '1', '2']);
    expect(container('latest')).toHaveAttribute('data-loaded-pages', '3');
    // The clicked link was replaced: focus goes to the first new entry. The address did not change.
    expect(firstNew).toHaveFocus();
    expect(location()).toHaveTextContent(/^\/$/);
    expect(titles()).toHaveLength(6);
  });

  it('hides Load more on the last page', async () => {
    const api = mockApiRoutes(streamRoutes('latest', { totalPages: 3 }));
    renderList({ type: 'latest' });
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
    io.reachEnd();
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    await userEvent.click(screen.getByRole('link', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Page 2 entry 1' });
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
    io.reachEnd();
    expect(requested(api, 'latest')).toEqual(['0', '1', '2']);
  });

  it('neither autoloads nor offers more when the first page is the last', async () => {
    const api = mockApiRoutes(streamRoutes('latest', { totalPages: 1 }));
    renderList({ type: 'latest' });
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
    expect(io.watching()).toBe(0);
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requested(api, 'latest')).toEqual(['0']);
  });

  it('hides Load more when told to', async () => {
    mockApiRoutes(streamRoutes('latest', { totalPages: 5 }));
    renderList({ type: 'latest', hideLoadMore: true });
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
    io.reachEnd();
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the loaded page count of a search in the address (replace navigation), counting from 1', async () => {
    const api = mockApiRoutes(streamRoutes('search', { totalPages: 5 }));
    renderList({ type: 'search', params: { query: 'strategy' } }, '/search?term=strategy');
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    // One page: the address stays as it was.
    expect(location()).toHaveTextContent('/search?term=strategy');
    io.reachEnd();
    await screen.findByRole('link', { name: 'Page 2 entry 1' });
    await waitFor(() => expect(location()).toHaveTextContent('/search?term=strategy&page=2'));
    expect(location()).toHaveAttribute('data-navigation', 'REPLACE');
    await userEvent.click(screen.getByRole('link', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Page 3 entry 1' });
    await waitFor(() => expect(location()).toHaveTextContent('/search?term=strategy&page=3'));
    expect(requested(api, 'search', { query: 'strategy' })).toEqual(['1', '2', '3']);
  });

  it('reads the page count back from the address: a reload shows the same pages', async () => {
    const api = mockApiRoutes(streamRoutes('search', { totalPages: 5 }));
    renderList({ type: 'search', params: { query: 'strategy' } }, '/search?term=strategy&page=3');
    await screen.findByRole('link', { name: 'Page 3 entry 1' });
    expect(titles()).toEqual(['Page 1 entry 1', 'Page 1 entry 2', 'Page 2 entry 1', 'Page 2 entry 2', 'Page 3 entry 1', 'Page 3 entry 2']);
    expect(requested(api, 'search').sort()).toEqual(['1', '2', '3']);
    expect(container('search')).toHaveAttribute('data-loaded-pages', '3');
    expect(screen.getByRole('link', { name: 'Load more' })).toHaveAttribute('href', '/search?term=strategy&page=4');
    expect(location()).toHaveTextContent('/search?term=strategy&page=3');
  });

  it('stops at the last page when the address asks for more pages than there are', async () => {
    mockApiRoutes(streamRoutes('search', { totalPages: 2 }));
    renderList({ type: 'search', params: { query: 'strategy' } }, '/search?term=strategy&page=4');
    await screen.findByRole('link', { name: 'Page 2 entry 1' });
    await waitFor(() => expect(location()).toHaveTextContent('/search?term=strategy&page=2'));
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('does not keep pages in the address for streams counting from 0', async () => {
    mockApiRoutes(streamRoutes('topic', { totalPages: 5 }));
    renderList({ type: 'topic', params: { topic: 'strategy' } }, '/topic/strategy?page=3');
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
    expect(container('topic')).toHaveAttribute('data-loaded-pages', '1');
    io.reachEnd();
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(location()).toHaveTextContent('/topic/strategy?page=3');
  });

  it('shows the maintenance view and no entry when the server reports maintenance', async () => {
    mockApiRoutes({ 'GET /service/stream/latest/0/8': { body: streamPage('latest', 0, { maintenance: true }) } });
    renderList({ type: 'latest' });
    expect(await screen.findByText(DISCOVERY_MESSAGES.streamMaintenance)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(container('latest')).toHaveAttribute('data-stream-status', 'maintenance');
    expect(container('latest')).toHaveAttribute('aria-busy', 'false');
  });

  it('gives sponsored entries their style and a visible sponsor label', async () => {
    mockApiRoutes(
      streamRoutes('analytics', {
        entries: [
          sampleEntry({ id: 's1', title: 'Data at Work', sponsored: true, sponsor: 'Acme Analytics', contentType: 'Sponsored Report' }),
          sampleEntry({ id: 's2', title: 'Plain Entry' }),
        ],
      }),
    );
    renderList({ type: 'analytics' }, '/hbr-analytic-services');
    const sponsored = (await screen.findByRole('link', { name: 'Data at Work' })).closest('li') as HTMLElement;
    expect(sponsored).toHaveClass('stream-entry--sponsored');
    expect(within(sponsored).getByText('Sponsored by Acme Analytics')).toBeVisible();
    expect(within(sponsored).getByText('Sponsored Report')).toBeInTheDocument();
    const plain = screen.getByRole('link', { name: 'Plain Entry' }).closest('li') as HTMLElement;
    expect(plain).not.toHaveClass('stream-entry--sponsored');
    expect(within(plain).queryByText(/Sponsored/)).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the page again', async () => {
    let fail = true;
    mockApiRoutes({
      'GET /service/stream/latest/0/8': () => (fail ? { status: 500, body: { message: 'Boom' } } : { body: streamPage('latest', 0) }),
    });
    renderList({ type: 'latest' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this list. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Page 0 entry 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty message for a stream without entries', async () => {
    mockApiRoutes({ 'GET /service/stream/latest/0/8': { body: streamPage('latest', 0, { count: 0, totalPages: 1 }) } });
    renderList({ type: 'latest', emptyMessage: 'Nothing here yet.' });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('without IntersectionObserver, loads the next page when the end of the list is in view (and stops after two)', async () => {
    io.restore();
    const saved = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    try {
      const api = mockApiRoutes(streamRoutes('latest', { totalPages: 5 }));
      renderList({ type: 'latest' });
      // jsdom lays nothing out: the sentinel is at the top of the viewport, so in view.
      await screen.findByRole('link', { name: 'Page 1 entry 1' });
      expect(await screen.findByRole('link', { name: 'Load more' })).toBeInTheDocument();
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
      });
      expect(requested(api, 'latest')).toEqual(['0', '1']);
    } finally {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = saved;
    }
  });

  it("prefixes an entry link beginning with '?' with /search", async () => {
    mockApiRoutes(streamRoutes('latest', { entries: [sampleEntry({ title: 'More on strategy', url: '?term=strategy' })] }));
    renderList({ type: 'latest' });
    expect(await screen.findByRole('link', { name: 'More on strategy' })).toHaveAttribute('href', '/search?term=strategy');
  });

  it('loads the images of the first two cards at once and the others lazily', async () => {
    const entries = [1, 2, 3, 4].map((n) => sampleEntry({ id: `v${n}`, title: `Video ${n}`, url: `/video/${n}/v`, image: `/images/video/${n}/0123456789ab` }));
    mockApiRoutes(streamRoutes('topic', { entries }));
    renderList({ type: 'topic', params: { topic: 'innovation' } });
    await screen.findByRole('link', { name: 'Video 1' });
    // The pictures are decorative (alt ''): the title after each is its name.
    const loading = [...document.querySelectorAll('.stream-entry img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual([null, null, 'lazy', 'lazy']);
  });

  it('shows the price and quick add of a product entry in the list (SITE-03.5)', async () => {
    const product = sampleEntry({
      id: 'p1',
      title: 'The Adaptive Playbook',
      contentType: 'Book',
      listPrice: 2800,
      productLink: '/product/the-adaptive-playbook/B1-HBK',
    });
    mockApiRoutes(streamRoutes('topic', { entries: [sampleEntry(), product] }));
    renderList({ type: 'topic', params: { topic: 'innovation' } });
    const card = (await screen.findByRole('link', { name: 'The Adaptive Playbook' })).closest('li') as HTMLElement;
    expect(within(card).getByText('$28.00')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to cart: The Adaptive Playbook' })).toBeInTheDocument();
  });

  it('passes the stream parameters and size with every page', async () => {
    const api = mockApiRoutes(streamRoutes('topic', { size: 10 }));
    renderList({ type: 'topic', params: { topic: 'innovation' }, size: 10 });
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
    const [url] = api.urls('GET /service/stream/topic/0/10');
    expect(url?.searchParams.get('topic')).toBe('innovation');
  });
});
