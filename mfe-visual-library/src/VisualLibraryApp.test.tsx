import * as React from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, instanceMarkers, userStore, type HostSlotProps } from 'shared-contracts';
import { mockFetch, sampleUser } from 'shared-contracts/src/testing';
import { chart, chartPage, chartRequests, issueApi, renderAt, renderWith, subjects, subscriber, visualApi } from './testing';

describe('VisualLibraryApp', () => {
  it('marks its root with the remote name and the React and store instance ids', async () => {
    visualApi();
    const { container } = renderAt('/visual-library');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'visualLibrary');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
    await screen.findByRole('list', { name: 'Charts' });
  });

  it('shows the heading, the subject tabs with All Data & Visuals selected, and the first page', async () => {
    const fetch = visualApi();
    renderAt('/visual-library');
    expect(screen.getByRole('heading', { level: 1, name: 'Visual Library' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading charts…');

    const tablist = screen.getByRole('tablist', { name: 'Subjects' });
    expect(await within(tablist).findByRole('tab', { name: 'Strategy' })).toHaveAttribute('aria-selected', 'false');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All Data & Visuals', 'Strategy', 'Leadership']);
    expect(within(tablist).getByRole('tab', { name: 'All Data & Visuals' })).toHaveAttribute('aria-selected', 'true');

    const feed = await screen.findByRole('tabpanel', { name: 'All Data & Visuals' });
    expect(within(feed).getByRole('heading', { level: 2, name: 'All Data & Visuals' })).toBeInTheDocument();
    expect(within(feed).getByText('23 items')).toBeInTheDocument();
    expect(within(feed).getAllByRole('link', { name: 'Download Chart' })).toHaveLength(10);

    const [request] = chartRequests(fetch);
    expect(request?.searchParams.get('page')).toBe('1');
    expect(request?.searchParams.get('size')).toBe('10');
    expect(request?.searchParams.has('N')).toBe(false);
  });

  it('shows topic, title, chart image, download link, parent article and month-year for an entry', async () => {
    visualApi();
    renderAt('/visual-library');
    const entries = within(await screen.findByRole('list', { name: 'Charts' })).getAllByRole('listitem');
    const first = within(entries[0]!);
    expect(first.getByRole('link', { name: 'Strategy' })).toHaveAttribute('href', '/visual-library?filter=4294967001');
    expect(first.getByRole('heading', { level: 3, name: 'Chart number 1' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Chart number 1' })).toHaveAttribute('src', '/images/charts/c1.png');
    expect(first.getByRole('link', { name: 'Download Chart' })).toHaveAttribute('href', '/data-visuals/download/guest/charts/c1.png');
    expect(first.getByRole('link', { name: 'Parent article 1' })).toHaveAttribute('href', '/2025/03/parent-article-1');
    expect(first.getByText('March 2025')).toBeInTheDocument();
  });

  it('preselects the subject tab named by ?filter= and asks for that subject', async () => {
    const fetch = visualApi();
    renderAt('/visual-library?filter=4294967001');
    const tab = await screen.findByRole('tab', { name: 'Strategy' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All Data & Visuals' })).toHaveAttribute('aria-selected', 'false');
    const feed = await screen.findByRole('tabpanel', { name: 'Strategy' });
    expect(within(feed).getByRole('heading', { level: 2, name: 'Strategy' })).toBeInTheDocument();
    expect(await within(feed).findByText('1 item')).toBeInTheDocument();
    expect(within(feed).getByRole('heading', { level: 3, name: 'Chart number 100' })).toBeInTheDocument();
    expect(chartRequests(fetch).map((u) => u.searchParams.get('N'))).toEqual(['4294967001']);
  });

  it('choosing a tab sets the filter and shows that subject; All Data & Visuals clears it', async () => {
    const fetch = visualApi();
    renderAt('/visual-library');
    await userEvent.click(await screen.findByRole('tab', { name: 'Leadership' }));
    expect(screen.getByRole('tab', { name: 'Leadership' })).toHaveAttribute('aria-selected', 'true');
    const feed = await screen.findByRole('tabpanel', { name: 'Leadership' });
    expect(await within(feed).findByText('0 items')).toBeInTheDocument();
    expect(within(feed).getByText('There are no charts here yet.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'All Data & Visuals' }));
    expect(await screen.findByText('23 items')).toBeInTheDocument();
    expect(chartRequests(fetch).map((u) => u.searchParams.get('N'))).toEqual([null, '4294967002', null]);
  });

  it('moves between tabs with the arrow keys', async () => {
    visualApi();
    renderAt('/visual-library');
    const all = screen.getByRole('tab', { name: 'All Data & Visuals' });
    await screen.findByRole('tab', { name: 'Strategy' });
    all.focus();
    await userEvent.keyboard('{ArrowRight}');
    const strategy = screen.getByRole('tab', { name: 'Strategy' });
    expect(strategy).toHaveFocus();
    expect(strategy).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('1 item')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Leadership' })).toHaveFocus();
  });

  it('pages with Next and Previous, keeping ?page= in step with the feed', async () => {
    const fetch = visualApi();
    renderAt('/visual-library');
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(pagination).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/visual-library?page=2');

    await userEvent.click(within(pagination).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Chart number 11' })).toBeInTheDocument();
    const nav2 = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav2).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/visual-library');
    expect(within(nav2).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav2).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Chart number 21' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(chartRequests(fetch).map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('reads the page from ?page=, and choosing a subject goes back to its first page', async () => {
    const fetch = visualApi();
    renderAt('/visual-library?page=2');
    expect(await screen.findByRole('heading', { level: 3, name: 'Chart number 11' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Strategy' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Chart number 100' })).toBeInTheDocument();
    expect(chartRequests(fetch).map((u) => [u.searchParams.get('page'), u.searchParams.get('N')])).toEqual([
      ['2', null],
      ['1', '4294967001'],
    ]);
  });

  it('shows an error message when the charts cannot be loaded, keeping the tabs', async () => {
    mockFetch((_path, url) => (url.pathname.endsWith('/subjects') ? { body: subjects } : { status: 500, body: { message: 'boom' } }));
    renderAt('/visual-library');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the visual library. Please try again.');
    expect(screen.getByRole('tab', { name: 'All Data & Visuals' })).toHaveAttribute('aria-selected', 'true');
  });

  it('still shows the feed when the subjects cannot be loaded', async () => {
    mockFetch((_path, url) =>
      url.pathname.endsWith('/subjects') ? { status: 500, body: { message: 'boom' } } : { body: chartPage([chart(1, 'Strategy')], 1, 1, 1) },
    );
    renderAt('/visual-library');
    expect(await screen.findByText('1 item')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All Data & Visuals']);
    // Without subjects the topic is shown as text, not as a link.
    const entry = within(screen.getByRole('list', { name: 'Charts' })).getByRole('listitem');
    expect(within(entry).getByText('Strategy')).toBeInTheDocument();
    expect(within(entry).queryByRole('link', { name: 'Strategy' })).not.toBeInTheDocument();
  });

  it('shows Page not found for an unknown path below /visual-library', () => {
    visualApi();
    renderAt('/visual-library/nothing-here');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Visual Library' })).toHaveAttribute('href', '/visual-library');
  });
});

/* ------------------------------------------------------------------ the feed */

const feed = () => document.querySelector('[data-feed-state]');

describe('VisualLibraryApp feed: collections, pages and audiences (decision 016)', () => {
  // The reader is reset before each test, not after it: Testing Library unmounts only after this
  // block's afterEach hooks, and a change of reader makes a mounted feed load again.
  beforeEach(() => {
    userStore.getState().setUser(null);
    localStorage.clear();
  });
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('puts a collection card after entries 3, 6 and 9, cycling through the collections, with the summary cut near 165 characters', async () => {
    issueApi();
    renderWith('/visual-library');
    const list = await screen.findByRole('list', { name: 'Charts' });
    await within(list).findAllByText('Collection');
    const items = [...list.children].map((li) => li.getAttribute('data-chart-entry') ?? `[${li.getAttribute('data-collection-card')}]`);
    expect(items).toEqual(['c1', 'c2', 'c3', '[k1]', 'c4', 'c5', 'c6', '[k2]', 'c7', 'c8', 'c9', '[k1]', 'c10']);
    const card = within(list.children[3] as HTMLElement);
    expect(card.getByText('Collection')).toBeInTheDocument();
    expect(card.getByRole('heading', { level: 3, name: 'Collection 1' })).toBeInTheDocument();
    const summary = card.getByText(/^This collection gathers/).textContent!;
    expect(summary).toBe(
      'This collection gathers the charts that explain how companies set prices, how buyers react to them, and what the data says about discounts, bundles and the...',
    );
    expect(summary.length).toBeLessThanOrEqual(168);
    expect(card.getByRole('link', { name: 'View the collection' })).toHaveAttribute('href', '/visual-library/collections/k1');
    expect((list.children[3] as HTMLElement).querySelector('img')).toHaveAttribute('src', '/images/k1.png');
    expect(feed()).toHaveAttribute('data-feed-state', 'full');
  });

  it('still shows the entries when the collections cannot be loaded', async () => {
    issueApi({ collections: 'fail' });
    renderWith('/visual-library');
    expect(await screen.findByText('120 items')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Download Chart' })).toHaveLength(10);
    expect(screen.queryByText('Collection')).not.toBeInTheDocument();
  });

  it('paginates with the shared component: no Previous on page 1, ellipses, Next; a page change focuses the feed heading', async () => {
    issueApi();
    renderWith('/visual-library');
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '…', '12', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Page 12' })).toHaveAttribute('href', '/visual-library?page=12');

    await userEvent.click(within(nav).getByRole('link', { name: 'Page 5' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/visual-library?page=5');
    const heading = screen.getByRole('heading', { level: 2, name: 'All Data & Visuals' });
    expect(heading).toHaveFocus();
    expect(await screen.findByRole('heading', { level: 3, name: 'Chart number 41' })).toBeInTheDocument();
    const nav5 = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav5)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Previous', '1', '…', '4', '5', '6', '…', '12', 'Next']);
    expect(within(nav5).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/visual-library?page=4');
  });

  it('paywalled: shows only the first item, the wall and no pagination; guests can register', async () => {
    issueApi({ paywalled: true });
    const opened = jest.fn();
    const off = bus.on('auth:open', opened);
    renderWith('/visual-library');
    expect(await screen.findByText('120 items')).toBeInTheDocument();
    expect(feed()).toHaveAttribute('data-feed-state', 'paywalled');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Chart number 1']);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.getByText('Subscribe to see every chart in the visual library.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
    await userEvent.click(screen.getByRole('button', { name: 'Register for free' }));
    expect(opened).toHaveBeenCalledWith({ screen: 'registration' });
    off();
  });

  it('paywalled: a registered reader gets Subscribe but no register button', async () => {
    act(() => userStore.getState().setUser(sampleUser()));
    issueApi({ paywalled: true });
    renderWith('/visual-library');
    expect(await screen.findByRole('link', { name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register for free' })).not.toBeInTheDocument();
  });

  it('marks the feed loading, then full; error when the charts fail', async () => {
    issueApi();
    const { unmount } = renderWith('/visual-library');
    expect(feed()).toHaveAttribute('data-feed-state', 'loading');
    await screen.findByText('120 items');
    expect(feed()).toHaveAttribute('data-feed-state', 'full');
    unmount();
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderWith('/visual-library');
    await screen.findByRole('alert');
    expect(feed()).toHaveAttribute('data-feed-state', 'error');
  });

  it.each([
    ['a Best subscriber gets the digest link', () => subscriber('ROLE_HBRG_BEST'), '/data-visuals/download/d1g3st/c1.png'],
    ['a Good subscriber gets the item url', () => subscriber('ROLE_HBRG_GOOD'), '/data-visuals/download/guest/charts/c1.png'],
    ['a guest gets the item url', () => null, '/data-visuals/download/guest/charts/c1.png'],
  ])('Download Chart: %s', async (_name, user, href) => {
    act(() => userStore.getState().setUser(user()));
    issueApi();
    renderWith('/visual-library');
    const [first] = await screen.findAllByRole('link', { name: 'Download Chart' });
    expect(first).toHaveAttribute('href', href);
    expect(first).toHaveAttribute('download');
  });

  it('preselects the tab of ?filter= and shows its label and the item count in the feed header', async () => {
    visualApi();
    renderWith('/visual-library?filter=4294967001');
    const feedPanel = await screen.findByRole('tabpanel', { name: 'Strategy' });
    expect(screen.getByRole('tab', { name: 'Strategy' })).toHaveAttribute('aria-selected', 'true');
    expect(within(feedPanel).getByRole('heading', { level: 2, name: 'Strategy' })).toBeInTheDocument();
    expect(await within(feedPanel).findByText('1 item')).toBeInTheDocument();
  });

  it('shows library/ItemActions for each chart through the host slot', async () => {
    issueApi();
    const seen: HostSlotProps[] = [];
    renderWith('/visual-library', (props) => {
      seen.push(props);
      return <div data-testid="slot">{`${props.remote}/${props.module}`}</div>;
    });
    expect(await screen.findAllByTestId('slot')).toHaveLength(10);
    expect(seen.at(-1)).toMatchObject({
      remote: 'library',
      module: 'ItemActions',
      props: {
        item: {
          id: 'c10',
          title: 'Chart number 10',
          url: '/data-visuals/download/guest/charts/c10.png',
          summary: 'What chart 10 shows.',
          contentType: 'Chart',
        },
        nameWithTitle: true,
      },
      fallback: null,
    });
  });

  it('audience: guests see the offer; no chart is labelled subscriber exclusive, since the server lets them download it (decision 016)', async () => {
    issueApi();
    renderWith('/visual-library');
    await screen.findByText('120 items');
    expect(document.querySelector('[data-offer]')).toBeVisible();
    expect(document.querySelector('[data-offer]')).toHaveTextContent('Subscribers see every chart, every month, with no limit. See subscription options');
    expect(screen.getByRole('link', { name: 'See subscription options' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.getAllByRole('link', { name: 'Download Chart' })).toHaveLength(10);
    expect(screen.queryByText(/subscriber exclusive/i)).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-subscriber-only]')).toHaveLength(0);
  });

  it('audience: when the server walls the feed, the wall says the rest is subscriber exclusive', async () => {
    issueApi({ paywalled: true });
    renderWith('/visual-library');
    await screen.findByText('120 items');
    const wall = document.querySelector('[data-visual-wall]')!;
    const label = within(wall as HTMLElement).getByText('Subscriber exclusive');
    expect(label).toBeVisible();
    expect(label).toHaveAttribute('data-subscriber-only');
    // The one chart shown is the reader's to download: no label on it.
    const entry = document.querySelector('li[data-chart-entry]') as HTMLElement;
    expect(within(entry).queryByText('Subscriber exclusive')).not.toBeInTheDocument();
  });

  it('audience: registered users have offers hidden, subscriber-only elements shown', async () => {
    act(() => userStore.getState().setUser(sampleUser()));
    issueApi({ paywalled: true });
    renderWith('/visual-library');
    await screen.findByText('120 items');
    expect(document.querySelector('[data-offer]')).not.toBeVisible();
    const marked = document.querySelectorAll('[data-subscriber-only]');
    expect(marked.length).toBeGreaterThan(0);
    marked.forEach((el) => expect(el).toBeVisible());
  });

  it('audience: subscribers have subscriber-only elements and offers hidden', async () => {
    act(() => userStore.getState().setUser(subscriber('ROLE_HBRG_BEST')));
    issueApi({ paywalled: true });
    renderWith('/visual-library');
    await screen.findByText('120 items');
    expect(document.querySelector('[data-offer]')).not.toBeVisible();
    const marked = document.querySelectorAll('[data-subscriber-only]');
    expect(marked.length).toBeGreaterThan(0);
    marked.forEach((el) => expect(el).not.toBeVisible());
  });

  it('sends a subscriber who signs in on a sub-path to /visual-library; a registered user stays', async () => {
    issueApi();
    renderWith('/visual-library/anything');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    act(() => userStore.getState().setUser(sampleUser()));
    expect(screen.getByTestId('location')).toHaveTextContent('/visual-library/anything');
    act(() => userStore.getState().setUser(subscriber('ROLE_HBRG_GOOD')));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/visual-library$/);
    expect(await screen.findByRole('heading', { level: 1, name: 'Visual Library' })).toBeInTheDocument();
  });

  it('shows the left nav as a 2-slide carousel under 768 px', async () => {
    const queries: string[] = [];
    window.matchMedia = ((query: string) => {
      queries.push(query);
      return { matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
    }) as typeof window.matchMedia;
    issueApi();
    renderWith('/visual-library');
    await screen.findByText('120 items');
    expect(queries).toContain('(max-width: 767px)');
    const nav = document.querySelector('nav[data-left-nav]')!;
    expect(nav).toHaveAttribute('data-left-nav', 'hidden');
    const carousel = nav.querySelector('[aria-roledescription="carousel"]')!;
    expect([...carousel.querySelectorAll('[aria-roledescription="slide"]')].map((s) => s.getAttribute('aria-label'))).toEqual(['Slide 1 of 2', 'Slide 2 of 2']);
  });
});
