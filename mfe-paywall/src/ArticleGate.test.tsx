import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { bus, instanceMarkers, userStore, type Article, type EventMap } from 'shared-contracts';
import ArticleGate from './ArticleGate';
import { sampleUser } from 'shared-contracts/src/testing';

const INVITE = 'Register for free to save articles and get newsletters.';

function article(over: Partial<Article> = {}): Article {
  return {
    id: 'a1',
    title: 'Why Strategy Fails in the Middle',
    summary: 'Most plans die between the board room and the shop floor.',
    url: '/2025/03/why-strategy-fails-in-the-middle',
    published: '2025-03-04T00:00:00.000Z',
    contentType: 'Digital Article',
    category: { term: 'Strategy' },
    author: [{ name: 'Jo Writer' }],
    image: null,
    free: false,
    slug: 'why-strategy-fails-in-the-middle',
    year: 2025,
    month: 3,
    topic: { name: 'Strategy', url: '/topic/strategy' },
    series: null,
    bigIdea: false,
    lead: 'The plan was good. The meeting went well. Then nothing happened.',
    body: ['Middle managers translate strategy into work.', 'When they are left out, the plan stalls.'],
    ascend: false,
    ...over,
  };
}

const reader = sampleUser();

function listen<K extends keyof EventMap>(type: K) {
  const seen: EventMap[K][] = [];
  const off = bus.on(type, (p) => seen.push(p));
  return { seen, off };
}

function renderGate(a: Article = article(), strict = false) {
  const tree = (
    <MemoryRouter initialEntries={[a.url]}>
      <ArticleGate article={a} />
    </MemoryRouter>
  );
  return render(strict ? <React.StrictMode>{tree}</React.StrictMode> : tree);
}

let offs: Array<() => void> = [];
afterEach(() => {
  offs.forEach((off) => off());
  offs = [];
});

beforeEach(() => {
  userStore.setState({ status: 'unknown', user: null, quota: null });
});

describe('ArticleGate', () => {
  it('marks its root with the remote name and the React and store instance ids', () => {
    const { container } = renderGate();
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'paywall');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
  });

  it('shows the lead and every body paragraph in the full-content section', () => {
    const { container } = renderGate();
    const section = container.querySelector('section[data-gate-state="full-content"]');
    expect(section).not.toBeNull();
    const paragraphs = Array.from(section?.querySelectorAll('p') ?? []).map((p) => p.textContent);
    expect(paragraphs).toEqual([
      'The plan was good. The meeting went well. Then nothing happened.',
      'Middle managers translate strategy into work.',
      'When they are left out, the plan stalls.',
    ]);
    expect(screen.getByText('When they are left out, the plan stalls.')).toBeVisible();
  });

  it("announces paywall:state full-content once, even in StrictMode and on re-render", () => {
    const { seen, off } = listen('paywall:state');
    offs.push(off);
    const a = article();
    const { rerender } = renderGate(a, true);
    rerender(
      <React.StrictMode>
        <MemoryRouter initialEntries={[a.url]}>
          <ArticleGate article={{ ...a }} />
        </MemoryRouter>
      </React.StrictMode>,
    );
    expect(seen).toEqual([{ state: 'full-content' }]);
  });

  it('announces again when the shell shows another article in the same gate', () => {
    const { seen, off } = listen('paywall:state');
    offs.push(off);
    const { rerender } = renderGate();
    rerender(
      <MemoryRouter initialEntries={['/2025/03/other']}>
        <ArticleGate article={article({ id: 'a2', body: ['Another body.'] })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Another body.')).toBeInTheDocument();
    expect(seen).toEqual([{ state: 'full-content' }, { state: 'full-content' }]);
  });

  it('invites a guest to register; Register opens the registration screen', async () => {
    userStore.setState({ status: 'guest' });
    const { seen, off } = listen('auth:open');
    offs.push(off);
    renderGate();
    const invite = screen.getByRole('complementary');
    expect(invite).toHaveTextContent(INVITE);
    expect(screen.getByText(INVITE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(seen).toEqual([{ screen: 'registration' }]);
  });

  it.each(['unknown', 'registered'] as const)('does not invite a reader whose status is %s', (status) => {
    if (status === 'registered') userStore.getState().setUser(reader);
    renderGate();
    expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('drops the invitation when the guest signs in while reading', () => {
    userStore.setState({ status: 'guest' });
    renderGate();
    expect(screen.getByText(INVITE)).toBeInTheDocument();
    act(() => userStore.getState().setUser(reader));
    expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
    expect(screen.getByText('Middle managers translate strategy into work.')).toBeInTheDocument();
  });
});
