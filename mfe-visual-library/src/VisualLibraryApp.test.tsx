import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { instanceMarkers, userStore, type Chart, type ChartPage, type VisualSubject } from 'shared-contracts';
import VisualLibraryApp from './VisualLibraryApp';
import { mockFetch } from 'shared-contracts/src/testing';


const subjects: VisualSubject[] = [
  { id: 's1', label: 'Strategy', filter: '4294967001' },
  { id: 's2', label: 'Leadership', filter: '4294967002' },
];

function chart(n: number, term: string): Chart {
  return {
    id: `c${n}`,
    title: `Chart number ${n}`,
    url: `/data-visuals/download/guest/charts/c${n}.png`,
    term,
    contentImage: `/images/charts/c${n}.png`,
    parentArticle: `Parent article ${n}`,
    parentArticleLink: `/2025/03/parent-article-${n}`,
    summary: `What chart ${n} shows.`,
    published: '2025-03-14T00:00:00.000Z',
    isCollection: false,
  };
}

function chartPage(content: Chart[], number: number, totalPages: number, totalElements: number): ChartPage {
  return { content, number, size: 10, totalPages, totalElements, first: number === 1, last: number >= totalPages };
}

/**
 * The visual-library API: 23 charts in all (3 pages), 1 Strategy chart, 0 Leadership charts.
 * Every answer is recorded so that tests can check what was asked.
 */
function visualApi() {
  return mockFetch((_path, url) => {
    if (url.pathname === '/api/data-and-visuals/subjects') return { body: subjects };
    if (url.pathname === '/api/data-and-visuals') {
      const page = Number(url.searchParams.get('page'));
      const n = url.searchParams.get('N');
      if (n === '4294967001') return { body: chartPage([chart(100, 'Strategy')], 1, 1, 1) };
      if (n === '4294967002') return { body: chartPage([], 1, 0, 0) };
      const first = (page - 1) * 10 + 1;
      const count = page < 3 ? 10 : 3;
      return { body: chartPage(Array.from({ length: count }, (_, i) => chart(first + i, 'Strategy')), page, 3, 23) };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

function chartRequests(fetch: jest.Mock) {
  return fetch.mock.calls
    .map((call: unknown[]) => new URL(String(call[0]), 'http://localhost'))
    .filter((u) => u.pathname === '/api/data-and-visuals');
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <VisualLibraryApp />
    </MemoryRouter>,
  );
}

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
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['All Data & Visuals', 'Strategy', 'Leadership']);
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
      url.pathname.endsWith('/subjects')
        ? { status: 500, body: { message: 'boom' } }
        : { body: chartPage([chart(1, 'Strategy')], 1, 1, 1) },
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
