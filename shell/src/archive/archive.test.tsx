import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { LocationProbe, sampleArchive, sampleIssue, streamPage } from '../discovery/testing';
import { ArchiveTocPage } from '../pages/ArchiveTocPage';
import { Magazine } from '../pages/Magazine';
import { ArchivePicker } from './ArchivePicker';

function renderAt(path: string, ui = <ArchivePicker years={sampleArchive.years} />) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/magazine" element={<Magazine />} />
        <Route path="/archive-toc/:issueCode" element={<ArchiveTocPage />} />
        <Route path="*" element={ui} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const year = () => screen.getByLabelText('YEAR') as HTMLSelectElement;
const month = () => screen.getByLabelText('MONTH') as HTMLSelectElement;
const options = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);
const location = () => screen.getByTestId('location');

describe('archive picker', () => {
  it('preselects the first year and its first issue', () => {
    renderAt('/somewhere');
    expect(options(year())).toEqual(['2025', '2024']);
    expect(year().value).toBe('2025');
    expect(options(month())).toEqual(['January-February', 'March-April', 'May-June']);
    expect(month().value).toBe('January-February');
  });

  it('preselects the chosen issue, in its year', () => {
    renderAt('/somewhere', <ArchivePicker years={sampleArchive.years} chosen={{ yearId: '2024', issueURL: '/archive-toc/BR2406' }} />);
    expect(year().value).toBe('2024');
    expect(month().value).toBe('November-December');
  });

  it('changing YEAR resets MONTH to that year’s first issue; Go opens the selected issue', async () => {
    const user = userEvent.setup();
    renderAt('/somewhere');
    await user.selectOptions(month(), 'May-June');
    await user.selectOptions(year(), '2024');
    expect(options(month())).toEqual(['January-February', 'November-December']);
    expect(month().value).toBe('January-February');
    await user.selectOptions(month(), 'November-December');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(location()).toHaveTextContent('/archive-toc/BR2406');
  });
});

function magazineRoutes(over: Record<string, unknown> = {}) {
  return mockApiRoutes({
    'GET /api/magazine/current-issue': { body: sampleIssue() },
    'GET /api/magazine/archive': { body: sampleArchive },
    'GET /service/stream/magazine/0/8': { body: streamPage('magazine', 0, { totalPages: 12 }) },
    'GET /service/stream/magazine/1/8': { body: streamPage('magazine', 1, { totalPages: 12 }) },
    ...over,
  });
}

describe('/magazine', () => {
  it("shows the current issue's card: cover linking to the issue, title, summary and Featuring links", async () => {
    magazineRoutes();
    renderAt('/magazine');
    expect(screen.getByRole('heading', { level: 1, name: 'Magazine' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'January-February 2025' });
    const cover = within(card).getByRole('img', { name: 'January-February 2025 cover' });
    expect(cover).toHaveAttribute('src', '/covers/BR2501.svg');
    expect(cover.closest('a')).toHaveAttribute('href', '/archive-toc/BR2501');
    // The latest issue is the page's lead: large, its cover loaded first.
    expect(card).toHaveClass('issue-card--lead');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(within(card).getByText('Current issue')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 2, name: 'January-February 2025' })).toBeInTheDocument();
    expect(within(card).getByText('How leaders make plans survive contact with the organisation.')).toBeInTheDocument();
    const featuring = within(card).getByRole('list', { name: 'Featuring' });
    expect(
      within(featuring)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/2025/01/why-strategy-fails-in-the-middle', '/2025/01/the-quiet-power-of-routines']);
  });

  it('draws a generated cover as a 3:4 picture with its size set', async () => {
    magazineRoutes({ 'GET /api/magazine/current-issue': { body: sampleIssue({ cover: '/images/issue/BR2501/0123456789ab' }) } });
    renderAt('/magazine');
    const cover = await screen.findByRole('img', { name: 'January-February 2025 cover' });
    expect(cover.closest('picture')).toHaveClass('ds-picture', 'issue-cover');
    expect(cover).toHaveAttribute('src', '/images/issue/BR2501/0123456789ab-480.jpg');
    expect(cover).toHaveAttribute('width', '480');
    expect(cover).toHaveAttribute('height', '640');
    expect(cover.closest('picture')!.querySelectorAll('source')).toHaveLength(2);
  });

  it('has one archive picker (YEAR and MONTH), which also finds an issue by year and month', async () => {
    const user = userEvent.setup();
    magazineRoutes();
    renderAt('/magazine');
    await screen.findByLabelText('YEAR');
    expect(year().value).toBe('2025');
    // One picker with the spec's labels (a second one with other labels is gone).
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Find an issue' })).not.toBeInTheDocument();
    await user.selectOptions(year(), '2024');
    await user.selectOptions(screen.getByLabelText('MONTH'), 'November-December');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(location()).toHaveTextContent('/archive-toc/BR2406');
  });

  it('pages through the magazine stream with the pagination, the page in the address', async () => {
    const user = userEvent.setup();
    const api = magazineRoutes();
    renderAt('/magazine');
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
    const pages = screen.getByRole('navigation', { name: 'Magazine articles pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(pages).getByText('…')).toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toHaveTextContent('/magazine?page=2');
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(api.urls('GET /service/stream/magazine/1/8')).toHaveLength(1);
    const again = screen.getByRole('navigation', { name: 'Magazine articles pages' });
    expect(within(again).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(again).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/magazine');
    expect(screen.getByRole('heading', { level: 2, name: 'From the magazine' })).toHaveFocus();
  });

  it('reads the page from the address', async () => {
    const api = magazineRoutes();
    renderAt('/magazine?page=2');
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    expect(api.urls('GET /service/stream/magazine/0/8')).toHaveLength(0);
  });
});

describe('/archive-toc/:issueCode', () => {
  it('shows the issue card, the table of contents and the picker on this issue', async () => {
    mockApiRoutes({
      'GET /api/magazine/issue/BR2406': {
        body: sampleIssue({ issueCode: 'BR2406', year: 2024, label: 'November-December', title: 'November-December 2024', url: '/archive-toc/BR2406' }),
      },
      'GET /api/magazine/archive': { body: sampleArchive },
    });
    renderAt('/archive-toc/BR2406');
    expect(await screen.findByRole('heading', { level: 1, name: 'November-December 2024' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'November-December 2024 cover' })).toBeInTheDocument();
    const toc = screen.getByRole('list', { name: 'Table of contents' });
    expect(within(toc).getByRole('link', { name: 'The Quiet Power of Routines' })).toHaveAttribute('href', '/2025/01/the-quiet-power-of-routines');
    await screen.findByLabelText('YEAR');
    expect(year().value).toBe('2024');
    expect(month().value).toBe('November-December');
  });

  it('an unknown issue is the not-found page', async () => {
    mockApiRoutes({
      'GET /api/magazine/issue/BR9999': { status: 404, body: { message: 'Issue not found' } },
      'GET /api/magazine/archive': { body: sampleArchive },
    });
    renderAt('/archive-toc/BR9999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
