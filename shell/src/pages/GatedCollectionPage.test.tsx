import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userStore, type User } from 'shared-contracts';
import { mockApiRoutes, sampleUser } from 'shared-contracts/src/testing';
import { installIntersectionObserver, streamRoutes } from '../discovery/testing';
import { GatedCollectionsPage } from './GatedCollectionPage';

function renderAt(path: string, user: User | null) {
  act(() => userStore.getState().setUser(user));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/case-selections" element={<GatedCollectionsPage />} />
        <Route path="/top-50-articles" element={<GatedCollectionsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const subscriber = (roleCode: string, label: string) =>
  sampleUser({ status: 'subscriber', tiers: [{ roleCode }], tier: { roleCode, label, caption: null } as User['tier'] });

beforeEach(() => installIntersectionObserver());
afterEach(() => act(() => userStore.getState().setUser(null)));

describe('the gated collection pages (PAY-06.3)', () => {
  it('/case-selections lists the case studies and tells a Good subscriber theirs does not include them', async () => {
    mockApiRoutes(streamRoutes('case-selections', { size: 10, totalPages: 1 }));
    renderAt('/case-selections', subscriber('ROLE_HBRG_GOOD', 'Good'));
    expect(screen.getByRole('heading', { level: 1, name: 'Case Selections' })).toBeInTheDocument();
    expect(screen.getByText('Included with the Executive and All Access subscriptions.')).toBeInTheDocument();
    const note = screen.getByText(/^Your Good subscription shows you the summaries/).closest('[data-collection-access]')!;
    expect(note).toHaveAttribute('data-collection-access', 'not-included');
    expect(within(note as HTMLElement).getByRole('link', { name: 'Compare subscriptions' })).toHaveAttribute('href', '/subscriptions?ab=tier-wall');
    expect(await screen.findByRole('list', { name: 'Case studies' })).toBeInTheDocument();
  });

  it('/top-50-articles tells a Better subscriber theirs includes them, and a guest who reads them', async () => {
    mockApiRoutes(streamRoutes('top-50-articles', { size: 10, totalPages: 1 }));
    const { unmount } = renderAt('/top-50-articles', subscriber('ROLE_HBRG_BETTER', 'Better'));
    expect(screen.getByRole('heading', { level: 1, name: 'The Top 50 Articles' })).toBeInTheDocument();
    expect(screen.getByText('Included with the Better, Best, Executive and All Access subscriptions.')).toBeInTheDocument();
    expect(screen.getByText('Your Better subscription includes every one of these articles in full.')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'The Top 50 Articles' })).toBeInTheDocument();
    unmount();

    renderAt('/top-50-articles', null);
    expect(screen.getByText(/^Everyone can browse the summaries/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare subscriptions' })).toBeInTheDocument();
  });
});
