import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { App } from '../App';
import { installIntersectionObserver, sampleArchive, sampleIssue, sampleTopics, streamRoutes } from './testing';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: ({ remote, module }: { remote: string; module: string }) => <div data-mfe-slot={`${remote}/${module}`} />,
  SlotFallback: () => null,
}));

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
  act(() => userStore.getState().setUser(null));
  mockApiRoutes({
    ...streamRoutes('latest'),
    ...streamRoutes('search'),
    ...streamRoutes('topic'),
    ...streamRoutes('magazine'),
    ...streamRoutes('ascend'),
    ...streamRoutes('analytics'),
    'GET /api/topics': { body: sampleTopics },
    'GET /api/topic/strategy': {
      body: { topic: sampleTopics[0], root: sampleTopics[0], children: [sampleTopics[1]], subscriberLimited: false, articleCount: 9 },
    },
    'GET /api/magazine/current-issue': { body: sampleIssue() },
    'GET /api/magazine/issue/BR2501': { body: sampleIssue() },
    'GET /api/magazine/archive': { body: sampleArchive },
  });
});
afterEach(() => io.restore());

function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe('discovery routes', () => {
  it.each([
    ['/', 'The Latest'],
    ['/the-latest', 'The Latest'],
    ['/search?term=strategy', 'Search'],
    ['/topics', 'Topics'],
    ['/topic/strategy', 'Strategy'],
    ['/topic/subject/strategy', 'Strategy'],
    ['/magazine', 'Magazine'],
    ['/archive-toc/BR2501', 'January-February 2025'],
    ['/ascend', 'Ascend'],
    ['/hbr-analytic-services', 'Analytic Services'],
  ])('%s shows its page (%s)', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/ascend', 'ascend'],
    ['/hbr-analytic-services', 'analytics'],
  ])('%s carries the #browse-reports-filter anchor around the %s stream', async (path, type) => {
    renderApp(path);
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    const anchor = document.getElementById('browse-reports-filter');
    expect(anchor).not.toBeNull();
    expect(anchor?.querySelector(`[data-stream="${type}"]`)).not.toBeNull();
  });

  it('the header has a Search button instead of a link', () => {
    renderApp('/no-such-page');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-haspopup', 'dialog');
  });
});
