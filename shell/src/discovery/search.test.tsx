import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userStore, type User } from 'shared-contracts';
import { DISCOVERY_MESSAGES, helpBoxStorageKey } from 'shared-contracts/discovery';
import { mockApiRoutes, sampleUser } from 'shared-contracts/src/testing';
import { SearchPage } from '../pages/SearchPage';
import { installIntersectionObserver, LocationProbe, sampleEntry, streamPage } from './testing';

const facets = {
  contentType: [
    { value: 'Digital Article', label: 'Digital Article', count: 30 },
    { value: 'Magazine Article', label: 'Magazine Article', count: 12 },
  ],
  topic: [
    { value: 'strategy', label: 'Strategy', count: 20 },
    { value: 'innovation', label: 'Innovation', count: 9 },
  ],
};

function searchRoutes(total = 42) {
  return mockApiRoutes({
    'GET /service/stream/search/1/8': {
      body: { ...streamPage('search', 1, { facets }), page: { number: 1, size: 8, totalPages: 6, totalElements: total, last: false } },
    },
    'GET /service/stream/search/2/8': { body: streamPage('search', 2, { facets }) },
  });
}

function renderSearch(path: string, user: User | null = null) {
  act(() => userStore.getState().setUser(user));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location');
const searchUrls = (api: ReturnType<typeof mockApiRoutes>) => api.urls('GET /service/stream/search/1/8');

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  localStorage.clear();
  io = installIntersectionObserver();
});
afterEach(() => io.restore());

describe('/search', () => {
  it('asks for a term and sends nothing when the term is blank', async () => {
    const api = searchRoutes();
    renderSearch('/search?term=%20%20');
    expect(screen.getByText(DISCOVERY_MESSAGES.searchTermRequired)).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('searchbox', { name: 'Search articles and videos' })).toHaveValue('');
  });

  it('searches the term of the address and heads the results with the count', async () => {
    const api = searchRoutes(42);
    renderSearch('/search?term=strategy');
    expect(screen.getByRole('searchbox', { name: 'Search articles and videos' })).toHaveValue('strategy');
    expect(await screen.findByRole('heading', { level: 2, name: '42 results for "strategy"' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 1 entry 1' })).toBeInTheDocument();
    expect(document.querySelector('[data-stream="search"]')).toBeInTheDocument();
    const [url] = searchUrls(api);
    expect(url?.searchParams.get('query')).toBe('strategy');
    expect(url?.searchParams.get('sort')).toBeNull();
  });

  it('passes the filters and sort of the address to the search', async () => {
    const api = searchRoutes();
    renderSearch('/search?term=strategy&contentType=Magazine%20Article&topic=innovation&sort=date&order=asc');
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    const [url] = searchUrls(api);
    expect(Object.fromEntries(url?.searchParams ?? [])).toMatchObject({
      query: 'strategy',
      contentType: 'Magazine Article',
      topic: 'innovation',
      sort: 'date',
      order: 'asc',
    });
    expect(screen.getByLabelText('Content type')).toHaveValue('Magazine Article');
    expect(screen.getByLabelText('Topic')).toHaveValue('innovation');
    expect(screen.getByLabelText('Sort by')).toHaveValue('oldest');
  });

  it('filters from the facets and sorts change the address (and start the list again)', async () => {
    const user = userEvent.setup();
    const api = searchRoutes();
    renderSearch('/search?term=strategy&page=2');
    await screen.findByRole('link', { name: 'Page 2 entry 1' });
    const contentType = screen.getByLabelText('Content type');
    expect([...(contentType as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'All content types',
      'Digital Article (30)',
      'Magazine Article (12)',
    ]);
    await user.selectOptions(contentType, 'Digital Article');
    expect(location()).toHaveTextContent('/search?term=strategy&contentType=Digital+Article');
    await user.selectOptions(screen.getByLabelText('Topic'), 'strategy');
    expect(location()).toHaveTextContent('/search?term=strategy&contentType=Digital+Article&topic=strategy');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest');
    expect(location()).toHaveTextContent('sort=date&order=desc');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Relevance');
    expect(location()).not.toHaveTextContent('sort=');
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    const last = searchUrls(api).at(-1);
    expect(last?.searchParams.get('contentType')).toBe('Digital Article');
    expect(last?.searchParams.get('topic')).toBe('strategy');
  });

  it('submitting the form searches the new term', async () => {
    const user = userEvent.setup();
    searchRoutes();
    renderSearch('/search?term=strategy');
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    const input = screen.getByRole('searchbox', { name: 'Search articles and videos' });
    await user.clear(input);
    await user.type(input, 'team culture{Enter}');
    expect(location()).toHaveTextContent('/search?term=team+culture');
    expect(await screen.findByRole('heading', { level: 2, name: '42 results for "team culture"' })).toBeInTheDocument();
  });
});

describe('videos in the results', () => {
  const video = {
    ...sampleEntry({
      id: '2414901393803',
      title: 'A Short Guide to Annual Reviews',
      url: '/video/2414901393803/a-short-guide-to-annual-reviews',
      contentType: 'Video',
      category: { term: 'Careers' },
      author: [],
      image: '/media/videos/2414901393803/thumbnail.svg',
      published: '2023-06-19T15:00:00.000Z',
    }),
    duration: 3725,
  };
  const article = sampleEntry({ id: 'a1', title: 'Annual Reviews That Work', url: '/2025/03/annual-reviews-that-work' });
  const videoFacets = { contentType: [...facets.contentType, { value: 'Video', label: 'Video', count: 3 }], topic: facets.topic };

  it('shows a video with its poster and length, linking to its page, among the articles', async () => {
    mockApiRoutes({ 'GET /service/stream/search/1/8': { body: streamPage('search', 1, { entries: [video, article], totalPages: 1, facets: videoFacets }) } });
    renderSearch('/search?term=annual%20reviews');
    const link = await screen.findByRole('link', { name: 'A Short Guide to Annual Reviews' });
    expect(link).toHaveAttribute('href', '/video/2414901393803/a-short-guide-to-annual-reviews');
    const card = link.closest('li')!;
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/videos/2414901393803/thumbnail.svg');
    expect(card.querySelector('img')!.closest('a')).toHaveAttribute('href', '/video/2414901393803/a-short-guide-to-annual-reviews');
    const length = within(card).getByText('1:02:05');
    expect(length).toHaveAttribute('dateTime', 'PT1H2M5S');
    expect(card).toHaveTextContent('Duration 1:02:05');
    expect(card).toHaveTextContent('June 19, 2023');
    // The article keeps the usual card.
    const other = screen.getByRole('link', { name: 'Annual Reviews That Work' }).closest('li')!;
    expect(other.querySelector('img, time[dateTime^="PT"]')).toBeNull();
  });

  it('filters to videos from the content-type facet', async () => {
    const user = userEvent.setup();
    const api = mockApiRoutes({
      'GET /service/stream/search/1/8': { body: streamPage('search', 1, { entries: [video], totalPages: 1, facets: videoFacets }) },
    });
    renderSearch('/search?term=annual%20reviews');
    await screen.findByRole('link', { name: 'A Short Guide to Annual Reviews' });
    await user.selectOptions(screen.getByLabelText('Content type'), 'Video (3)');
    expect(location()).toHaveTextContent('/search?term=annual+reviews&contentType=Video');
    await waitFor(() => expect(api.urls('GET /service/stream/search/1/8').at(-1)?.searchParams.get('contentType')).toBe('Video'));
  });
});

describe('subscriber search help box', () => {
  const subscriber = () => sampleUser({ status: 'subscriber', state: 'subscribers' });
  const tips = () => screen.queryByRole('complementary', { name: 'Search tips' });

  it('shows the tips to a subscriber once per browser', async () => {
    const user = userEvent.setup();
    searchRoutes();
    const { unmount } = renderSearch('/search?term=strategy', subscriber());
    expect(tips()).toHaveTextContent(DISCOVERY_MESSAGES.subscriberSearchHelp);
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(localStorage.getItem(helpBoxStorageKey('subscriber-search'))).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss tip' }));
    expect(tips()).not.toBeInTheDocument();
    unmount();

    renderSearch('/search?term=other', subscriber());
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(tips()).not.toBeInTheDocument();
  });

  it('is never shown again, even when it was not dismissed', async () => {
    searchRoutes();
    const { unmount } = renderSearch('/search?term=strategy', subscriber());
    expect(tips()).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    unmount();
    renderSearch('/search?term=strategy', subscriber());
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(tips()).not.toBeInTheDocument();
  });

  it.each([
    ['a guest', null],
    ['a registered reader', sampleUser()],
  ])('is not shown to %s (and not used up)', async (_who, user) => {
    searchRoutes();
    renderSearch('/search?term=strategy', user);
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(tips()).not.toBeInTheDocument();
    expect(localStorage.getItem(helpBoxStorageKey('subscriber-search'))).toBeNull();
  });
});
