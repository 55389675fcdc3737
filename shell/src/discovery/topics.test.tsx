import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, userStore, type User } from 'shared-contracts';
import { EMPTY_TOPICS_SUGGESTIONS } from 'shared-contracts/discovery';
import { DISCOVERY_MESSAGES, type TopicDetail } from 'shared-contracts/discovery';
import { mockApiRoutes, sampleUser } from 'shared-contracts/src/testing';
import { TopicPage } from '../pages/TopicPage';
import { Topics } from '../pages/Topics';
import { installIntersectionObserver, sampleTopics, streamRoutes } from './testing';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: ({ remote, module, props, fallback }: { remote: string; module: string; props?: object; fallback: React.ReactNode }) => (
    <div data-mfe-slot={`${remote}/${module}`} data-props={JSON.stringify(props)}>
      {fallback}
    </div>
  ),
  SlotFallback: () => null,
}));

function renderAt(path: string, user: User | null = null) {
  act(() => userStore.getState().setUser(user));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/topics" element={<Topics />} />
        <Route path="/topic/:slug" element={<TopicPage />} />
        <Route path="/topic/subject/:slug" element={<TopicPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const FOLLOWING = 'GET /service/user/topics';

describe('/topics', () => {
  it('lists every topic under its root, an h2 per root, each linking to its topic page', async () => {
    const api = mockApiRoutes({ 'GET /api/topics': { body: sampleTopics } });
    renderAt('/topics');
    expect(screen.getByRole('heading', { level: 1, name: 'Topics' })).toBeInTheDocument();
    expect(screen.getByText('Explore 150+ topics')).toBeInTheDocument();
    const roots = await screen.findAllByRole('heading', { level: 2 });
    expect(roots.map((h) => h.textContent)).toEqual(['Strategy', 'Innovation']);
    expect(within(roots[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/topic/strategy');
    const innovation = screen.getByRole('region', { name: 'Innovation' });
    expect(
      within(innovation)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Innovation', '/topic/innovation'],
      ['Design thinking', '/topic/design-thinking'],
      ['Research and development', '/topic/research-and-development'],
    ]);
    // A guest follows nothing: the following list is not asked.
    expect(api.urls(FOLLOWING)).toHaveLength(0);
  });

  it('shows a member who follows nothing the empty-topics state with the suggested topics', async () => {
    mockApiRoutes({ 'GET /api/topics': { body: sampleTopics }, [FOLLOWING]: { body: { topics: [], unreadCount: 0 } } });
    renderAt('/topics', sampleUser());
    expect(await screen.findByText(DISCOVERY_MESSAGES.emptyTopics)).toBeInTheDocument();
    const empty = screen.getByRole('region', { name: 'Topics you follow' });
    const links = within(empty).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([...EMPTY_TOPICS_SUGGESTIONS]);
    expect(links[1]).toHaveAttribute('href', '/topic/negotiation-strategies');
    expect(links[5]).toHaveAttribute('href', '/topic/decision-making-and-problem-solving');
  });

  it('lists the topics a member follows with the unread count, and follows changes', async () => {
    let following = { topics: [{ id: 't-strategy', name: 'Strategy', slug: 'strategy', followedAt: '2025-03-01T00:00:00.000Z' }], unreadCount: 3 };
    mockApiRoutes({ 'GET /api/topics': { body: sampleTopics }, [FOLLOWING]: () => ({ body: following }) });
    renderAt('/topics', sampleUser());
    const section = await screen.findByRole('region', { name: 'Topics you follow' });
    expect(await within(section).findByRole('link', { name: 'Strategy' })).toHaveAttribute('href', '/topic/strategy');
    expect(within(section).getByText('3 unread articles')).toBeInTheDocument();
    expect(screen.queryByText(DISCOVERY_MESSAGES.emptyTopics)).not.toBeInTheDocument();

    following = {
      topics: [...following.topics, { id: 't-innovation', name: 'Innovation', slug: 'innovation', followedAt: '2025-03-02T00:00:00.000Z' }],
      unreadCount: 5,
    };
    act(() => bus.emit('following:changed', { slugs: ['strategy', 'innovation'], unreadCount: 5 }));
    expect(await screen.findByText('5 unread articles')).toBeInTheDocument();
    const updated = screen.getByRole('region', { name: 'Topics you follow' });
    expect(within(updated).getByRole('link', { name: 'Innovation' })).toHaveAttribute('href', '/topic/innovation');
  });
});

function detail(over: Partial<TopicDetail> = {}): TopicDetail {
  return {
    topic: { id: 't-growth', name: 'Growth strategy', slug: 'growth-strategy', parentId: 't-strategy' },
    root: { id: 't-strategy', name: 'Strategy', slug: 'strategy', parentId: null },
    children: [],
    subscriberLimited: false,
    articleCount: 42,
    ...over,
  };
}

describe('topic page', () => {
  let io: ReturnType<typeof installIntersectionObserver>;
  beforeEach(() => {
    io = installIntersectionObserver();
  });
  afterEach(() => io.restore());

  it('shows the name, the breadcrumb to its root, the count, the follow widget and the topic stream', async () => {
    const api = mockApiRoutes({ 'GET /api/topic/growth-strategy': { body: detail({ subscriberLimited: true }) }, ...streamRoutes('topic') });
    renderAt('/topic/growth-strategy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Growth strategy' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Strategy' })).toHaveAttribute('href', '/topic/strategy');
    expect(within(crumbs).getByText('Growth strategy')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('42 articles')).toBeInTheDocument();
    const slot = document.querySelector('[data-mfe-slot="library/FollowTopic"]') as HTMLElement;
    expect(JSON.parse(slot.getAttribute('data-props') ?? '')).toEqual({ slug: 'growth-strategy', name: 'Growth strategy', subscriberLimited: true });
    expect(within(slot).getByText('Following topics is unavailable right now.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Page 0 entry 1' })).toBeInTheDocument();
    expect(document.querySelector('[data-stream="topic"]')).toBeInTheDocument();
    expect(api.urls('GET /service/stream/topic/0/8')[0]?.searchParams.get('topic')).toBe('growth-strategy');
  });

  it('a root shows its subtopics and no breadcrumb; /topic/subject/{slug} is the same page', async () => {
    mockApiRoutes({
      'GET /api/topic/innovation': {
        body: detail({
          topic: { id: 't-innovation', name: 'Innovation', slug: 'innovation', parentId: null },
          root: { id: 't-innovation', name: 'Innovation', slug: 'innovation', parentId: null },
          children: sampleTopics.filter((t) => t.parentId === 't-innovation'),
          articleCount: 1,
        }),
      },
      ...streamRoutes('topic'),
    });
    renderAt('/topic/subject/innovation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Innovation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(screen.getByText('1 article')).toBeInTheDocument();
    const subtopics = screen.getByRole('region', { name: 'Subtopics' });
    expect(within(subtopics).getByRole('link', { name: 'Design thinking' })).toHaveAttribute('href', '/topic/design-thinking');
    await screen.findByRole('link', { name: 'Page 0 entry 1' });
  });

  it('an unknown topic is the not-found page', async () => {
    mockApiRoutes({ 'GET /api/topic/no-such-topic': { status: 404, body: { message: 'Topic not found' } } });
    renderAt('/topic/no-such-topic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
