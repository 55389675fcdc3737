import * as React from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PAYWALL_MESSAGE_TYPES, bus, instanceMarkers, userStore, type EventMap, type PaywallMessage } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import ArticleGate from './ArticleGate';
import { viewForMessage, promoAfter } from './components/gate';
import { meterText } from './text';
import { BODY, CONTENT_KEY, article, content, gateSection, message, mockApi, renderGate, resetPaywallTestState } from './testing';

const INVITE = 'Register for free to save articles and get newsletters.';
const LEAD = 'The plan was good. The meeting went well. Then nothing happened.';

function listen<K extends keyof EventMap>(type: K) {
  const seen: EventMap[K][] = [];
  const off = bus.on(type, (p) => seen.push(p));
  return { seen, off };
}

let offs: Array<() => void> = [];
beforeEach(() => {
  resetPaywallTestState();
});
afterEach(() => {
  offs.forEach((off) => off());
  offs = [];
  jest.restoreAllMocks();
});

function answering(answer: ReturnType<typeof content>) {
  return mockApi({ [CONTENT_KEY]: { body: answer } });
}

async function ready(container: HTMLElement, state: string) {
  await waitFor(() => expect(gateSection(container)).toHaveAttribute('data-gate-state', state));
}

const creative = {
  greetingFirstName: 'Ada',
  title: 'Keep reading with a subscription',
  dek: 'Unlimited articles, the archive and the app.',
  subDek: 'Cancel any time.',
  cta: { text: 'Subscribe now', href: '/subscriptions?ab=paywall-creative' },
};

describe('ArticleGate', () => {
  it('marks its root with the remote name and the React and store instance ids', async () => {
    answering(content());
    const { container } = renderGate();
    await ready(container, 'full-content');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'paywall');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
  });

  it('shows the lead at once, then the body paragraphs from the content call in .article-gated', async () => {
    const api = answering(content());
    const { container } = renderGate();
    expect(screen.getByText(LEAD)).toBeVisible();
    expect(gateSection(container)).toHaveAttribute('data-gate-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the article…');
    await ready(container, 'full-content');
    const paragraphs = Array.from(gateSection(container).querySelectorAll('p')).map((p) => p.textContent);
    expect(paragraphs).toEqual(BODY);
    // The lead is free: it sits outside the gated part.
    expect(gateSection(container)).not.toHaveTextContent(LEAD);
    const [url] = api.urls(CONTENT_KEY);
    expect(url?.search).toBe('?year=2025&month=03&seotitle=why-strategy-fails-in-the-middle');
    expect(api.sent(CONTENT_KEY)).toEqual([{}]);
  });

  it('sends the gift token of the page URL and shows until when the gift lasts', async () => {
    const api = answering(content({ reason: 'gift', giftExpiresAt: '2025-04-03T10:00:00.000Z' }));
    const { container } = renderGate(article(), { path: '/2025/03/why-strategy-fails-in-the-middle?gift=tok123' });
    await ready(container, 'full-content');
    expect(api.sent(CONTENT_KEY)).toEqual([{ gift: 'tok123' }]);
    expect(screen.getByRole('status')).toHaveTextContent('This article is a gift. You can read it until April 03, 2025.');
  });

  it.each([
    [3, 'You have 3 free articles left this month.'],
    [1, 'You have 1 free article left this month.'],
    [0, 'You have 0 free articles left this month.'],
  ])('shows the meter of a metered read (%i left)', async (remaining, text) => {
    answering(content({ reason: 'metered', quota: { limit: 4, count: 4 - remaining, remaining } }));
    const { container } = renderGate();
    await ready(container, 'full-content');
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });

  it('shows no meter for a free article or a subscriber', async () => {
    answering(content({ reason: 'subscriber', quota: null }));
    const { container } = renderGate();
    await ready(container, 'full-content');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByText(/free articles? left/)).not.toBeInTheDocument();
  });

  describe('every paywall message', () => {
    const expected: Record<PaywallMessage['type'], string> = {
      'full-content': 'full-content',
      'ascend-full-content': 'full-content',
      'full-content+rl': 'full-content',
      'waiver+rl': 'full-content',
      'enable-paywall': 'subscription-wall',
      'enable-anonymus-paywall': 'registration-wall',
      'piano:enable-paywall-creative': 'subscriber-panel',
      'enable-reading-list-paywall': 'subscription-wall',
      'enable-registration-wall-ascend': 'registration-wall',
      'disable-paywall': 'full-content',
    };

    it('has an expected state for every type of the contract', () => {
      expect(Object.keys(expected).sort()).toEqual([...PAYWALL_MESSAGE_TYPES].sort());
    });

    it.each(PAYWALL_MESSAGE_TYPES.map((t) => [t, expected[t]] as const))('%s shows %s', async (type, state) => {
      const walled = state !== 'full-content';
      mockApi({
        [CONTENT_KEY]: {
          body: content({
            message: message(type, type === 'piano:enable-paywall-creative' ? { creative } : {}),
            content: walled ? [] : BODY,
            reason: walled ? 'walled' : 'free',
          }),
        },
        'GET /api/reading-lists': { body: { lists: [] } },
      });
      const { container } = renderGate();
      await ready(container, state);
      const body = gateSection(container).querySelectorAll('p');
      expect(body).toHaveLength(walled ? 0 : BODY.length);
      expect(screen.getByText(LEAD)).toBeVisible();
      if (state === 'registration-wall') expect(await screen.findByRole('heading', { name: 'Create a free account to keep reading' })).toBeVisible();
      if (state === 'subscription-wall') expect(await screen.findByRole('heading', { name: 'Subscribe to keep reading' })).toBeVisible();
      if (state === 'subscriber-panel') expect(await screen.findByRole('heading', { name: creative.title })).toBeVisible();
      if (state === 'full-content') expect(screen.queryByRole('link', { name: 'Subscribe now' })).not.toBeInTheDocument();
    });

    it('handles video and data-visual contexts generically', () => {
      expect(viewForMessage(message('enable-paywall', { context: 'video' }))).toEqual({
        kind: 'subscription-wall',
        abTag: 'video-paywall',
        readingList: false,
      });
      expect(viewForMessage(message('enable-paywall', { context: 'data-visual' }))).toEqual({
        kind: 'subscription-wall',
        abTag: 'data-visual-paywall',
        readingList: false,
      });
      expect(viewForMessage(message('disable-paywall', { context: 'video' }))).toEqual({ kind: 'full-content', readingList: false });
    });

    it('falls back to the plain subscription wall when the creative is missing', () => {
      expect(viewForMessage(message('piano:enable-paywall-creative')).kind).toBe('subscription-wall');
    });
  });

  it('never shows body paragraphs behind a wall, even if the answer carries some', async () => {
    answering(content({ message: message('enable-anonymus-paywall'), content: BODY, reason: 'walled' }));
    const { container } = renderGate();
    await ready(container, 'registration-wall');
    expect(gateSection(container).querySelectorAll('p')).toHaveLength(0);
    expect(screen.queryByText(BODY[0]!)).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument();
  });

  it('inserts the promo block after half the paragraphs, with a subscribe link', async () => {
    answering(content());
    const { container } = renderGate();
    await ready(container, 'full-content');
    const promo = screen.getByRole('complementary', { name: 'Promotion' });
    expect(within(promo).getByRole('link', { name: 'See subscription offers' })).toHaveAttribute('href', '/subscriptions?ab=article-promo');
    const children = Array.from(gateSection(container).children);
    expect(children.indexOf(promo)).toBe(2); // after paragraph floor(5/2) = 2
    expect(promo.previousElementSibling).toHaveTextContent(BODY[1]!);
    expect(promo.nextElementSibling).toHaveTextContent(BODY[2]!);
  });

  it.each([
    [0, null],
    [1, 1],
    [2, 1],
    [4, 2],
    [5, 2],
    [9, 4],
  ])('promo after %i paragraphs goes after paragraph %p', (n, after) => {
    expect(promoAfter(n)).toBe(after);
  });

  it('shows no promo to a subscriber', async () => {
    userStore.getState().setUser(sampleUser({ status: 'subscriber' }));
    mockApi({
      [CONTENT_KEY]: { body: content({ reason: 'subscriber' }) },
      'GET /api/article-gift/allowance': { body: { articleGiftsLeft: 5, monthlyAllowance: 5 } },
    });
    const { container } = renderGate();
    await ready(container, 'full-content');
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument();
  });

  it('words the meter with article for 1', () => {
    expect(meterText(1)).toBe('You have 1 free article left this month.');
    expect(meterText(2)).toBe('You have 2 free articles left this month.');
  });

  it('announces paywall:state once with the message, asks once, even in StrictMode and on re-render', async () => {
    const { seen, off } = listen('paywall:state');
    offs.push(off);
    const api = answering(content());
    const a = article();
    const { rerender, container } = renderGate(a, { strict: true });
    await ready(container, 'full-content');
    rerender(
      <React.StrictMode>
        <MemoryRouter initialEntries={[a.url]}>
          <ArticleGate article={{ ...a }} />
        </MemoryRouter>
      </React.StrictMode>,
    );
    expect(seen).toEqual([{ state: 'full-content', message: message('full-content') }]);
    expect(api.sent(CONTENT_KEY)).toHaveLength(1);
    expect(window.dataLayer).toEqual([]);
  });

  it('pushes paywall_wall_shown once when a wall shows', async () => {
    const { seen, off } = listen('paywall:state');
    offs.push(off);
    answering(content({ message: message('enable-paywall'), content: [], reason: 'walled' }));
    const { container } = renderGate(article(), { strict: true });
    await ready(container, 'subscription-wall');
    expect(seen).toEqual([{ state: 'subscription-wall', message: message('enable-paywall') }]);
    expect(window.dataLayer).toEqual([{ event: 'paywall_wall_shown', wall: 'subscription-wall', context: 'article' }]);
  });

  it('announces again when the shell shows another article in the same gate', async () => {
    const { seen, off } = listen('paywall:state');
    offs.push(off);
    mockApi({
      [CONTENT_KEY]: ({ url }) =>
        url.searchParams.get('seotitle') === 'other'
          ? { body: content({ content: ['Another body.'], message: message('enable-anonymus-paywall') }) }
          : { body: content() },
    });
    const { rerender, container } = renderGate();
    await ready(container, 'full-content');
    rerender(
      <MemoryRouter initialEntries={['/2025/03/other']}>
        <ArticleGate article={article({ id: 'a2', slug: 'other', url: '/2025/03/other' })} />
      </MemoryRouter>,
    );
    await ready(container, 'registration-wall');
    expect(seen.map((s) => s.state)).toEqual(['full-content', 'registration-wall']);
  });

  it('shows an error with Try again when the content call fails twice, then recovers', async () => {
    let calls = 0;
    mockApi({ [CONTENT_KEY]: () => (++calls <= 2 ? { status: 500, body: { message: 'boom' } } : { body: content() }) });
    const { container } = renderGate();
    await ready(container, 'error');
    expect(calls).toBe(2); // retried once (at most 2 attempts)
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the rest of this article. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await ready(container, 'full-content');
    expect(screen.getByText(BODY[0]!)).toBeVisible();
  });

  it('retries once when the first answer is not 200', async () => {
    let calls = 0;
    mockApi({ [CONTENT_KEY]: () => (++calls === 1 ? { status: 503, body: { message: 'busy' } } : { body: content() }) });
    const { container } = renderGate();
    await ready(container, 'full-content');
    expect(calls).toBe(2);
  });

  describe('register invitation', () => {
    it('invites a guest to register on full content; Register opens the registration screen', async () => {
      const { seen, off } = listen('auth:open');
      offs.push(off);
      answering(content());
      const { container } = renderGate();
      await ready(container, 'full-content');
      const invite = screen.getByRole('complementary', { name: 'Registration invitation' });
      expect(invite).toHaveTextContent(INVITE);
      await userEvent.click(within(invite).getByRole('button', { name: 'Register' }));
      expect(seen).toEqual([{ screen: 'registration' }]);
    });

    it.each(['unknown', 'registered'] as const)('does not invite a reader whose status is %s', async (status) => {
      if (status === 'registered') userStore.getState().setUser(sampleUser());
      else userStore.setState({ status: 'unknown' });
      answering(content());
      const { container } = renderGate();
      await ready(container, 'full-content');
      expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
    });

    it('does not invite on the registration wall (the panel is there)', async () => {
      answering(content({ message: message('enable-anonymus-paywall'), content: [] }));
      const { container } = renderGate();
      await ready(container, 'registration-wall');
      expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
    });

    it('drops the invitation when the guest signs in while reading', async () => {
      answering(content());
      const { container } = renderGate();
      await ready(container, 'full-content');
      expect(screen.getByText(INVITE)).toBeInTheDocument();
      act(() => userStore.getState().setUser(sampleUser()));
      expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
      expect(screen.getByText(BODY[0]!)).toBeInTheDocument();
    });
  });
});
