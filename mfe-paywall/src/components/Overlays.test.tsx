import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, userStore, type EventMap, type PaywallCreative, type ReadingList } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { BODY, CONTENT_KEY, content, gateSection, message, mockApi, readingList, renderGate, resetPaywallTestState } from '../testing';

beforeEach(() => {
  resetPaywallTestState();
});
afterEach(() => jest.restoreAllMocks());

async function ready(container: HTMLElement, state: string) {
  await waitFor(() => expect(gateSection(container)).toHaveAttribute('data-gate-state', state));
}

describe('subscription wall and subscriber-only panel', () => {
  const creative: PaywallCreative = {
    greetingFirstName: 'Ada',
    title: 'Keep reading with a subscription',
    dek: 'Unlimited articles, the archive and the app.',
    subDek: 'Cancel any time.',
    cta: { text: 'Subscribe now', href: '/subscriptions?ab=paywall-creative' },
  };

  it('shows the greeting, title, dek, sub-dek and the call to action with its ab tag', async () => {
    mockApi({ [CONTENT_KEY]: { body: content({ message: message('piano:enable-paywall-creative', { creative }), content: [], reason: 'walled' }) } });
    const { container } = renderGate();
    await ready(container, 'subscriber-panel');
    // The walls are a chunk of their own, shown once it has arrived.
    const region = await screen.findByRole('region', { name: 'Keep reading with a subscription' });
    expect(within(region).getByText('Hi, Ada')).toBeVisible();
    expect(within(region).getByText('Unlimited articles, the archive and the app.')).toBeVisible();
    expect(within(region).getByText('Cancel any time.')).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('href', '/subscriptions?ab=paywall-creative');
    expect(gateSection(container).querySelectorAll('p')).toHaveLength(0);
    expect(window.dataLayer).toEqual([{ event: 'paywall_wall_shown', wall: 'subscriber-panel', context: 'article' }]);
  });

  it('leaves out the optional greeting, dek and sub-dek', async () => {
    const plain = { ...creative, greetingFirstName: null, dek: null, subDek: null };
    mockApi({ [CONTENT_KEY]: { body: content({ message: message('piano:enable-paywall-creative', { creative: plain }), content: [] }) } });
    const { container } = renderGate();
    await ready(container, 'subscriber-panel');
    const region = await screen.findByRole('region', { name: 'Keep reading with a subscription' });
    expect(region).not.toHaveTextContent('Hi,');
    expect(within(region).queryByText(creative.dek!)).not.toBeInTheDocument();
    expect(within(region).queryByText(creative.subDek!)).not.toBeInTheDocument();
  });

  it("enable-paywall: 'Subscribe now' to /subscriptions?ab=paywall; a guest may sign in", async () => {
    const seen: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => seen.push(p));
    mockApi({ [CONTENT_KEY]: { body: content({ message: message('enable-paywall'), content: [] }) } });
    const { container } = renderGate();
    await ready(container, 'subscription-wall');
    const region = await screen.findByRole('region', { name: 'Subscribe to keep reading' });
    expect(within(region).getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('href', '/subscriptions?ab=paywall');
    await userEvent.click(within(region).getByRole('button', { name: 'Sign in' }));
    expect(seen).toEqual([{ screen: 'signin', reason: 'paywall' }]);
    off();
  });
});

describe('reading-list overlay', () => {
  const leadership = readingList('Leadership Essentials', ['Lead from the middle', 'Say no', 'Hire well']);
  const strategy = readingList('Strategy Basics', ['What is strategy?', 'Five forces']);
  const teams = readingList('Teams', ['Team of teams']);
  const change = readingList('Change', ['Lead change']);
  const extra = readingList('Négociation', ['Get to yes']);

  function withLists(type: 'full-content+rl' | 'waiver+rl' | 'enable-reading-list-paywall', selected?: string) {
    return mockApi({
      [CONTENT_KEY]: { body: content({ message: message(type, { readingList: selected }), content: type === 'enable-reading-list-paywall' ? [] : BODY }) },
      'GET /api/reading-lists': ({ url }) => ({
        body: { lists: url.searchParams.get('article') === 'a1' ? [leadership, strategy, teams, change, extra] : [] },
      }),
    });
  }

  it.each(['full-content+rl', 'waiver+rl', 'enable-reading-list-paywall'] as const)(
    '%s: the button opens the overlay on the list, numbered 01, 02, ...',
    async (type) => {
      withLists(type, 'leadership-essentials');
      renderGate();
      const open = await screen.findByRole('button', { name: 'This article appears in Leadership Essentials' });
      await userEvent.click(open);
      const dialog = screen.getByRole('dialog', { name: 'THIS ARTICLE APPEARS IN' });
      expect(within(dialog).getByRole('heading', { level: 3, name: 'Leadership Essentials' })).toBeVisible();
      const items = within(within(dialog).getAllByRole('list')[0]!).getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual(['01 Lead from the middle', '02 Say no', '03 Hire well']);
      expect(within(items[0]!).getByRole('link', { name: 'Lead from the middle' })).toHaveAttribute('href', leadership.recordList.recordItems[0]!.link);
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    },
  );

  it("shows each entry's picture (imageUri), lazy and decorative, beside its number and title", async () => {
    const pictured: ReadingList = {
      ...leadership,
      recordList: { recordItems: leadership.recordList.recordItems.map((it, i) => ({ ...it, imageUri: i === 0 ? '/images/article/x1/0123456789ab' : null })) },
    };
    mockApi({
      [CONTENT_KEY]: { body: content({ message: message('full-content+rl', { readingList: 'leadership-essentials' }) }) },
      'GET /api/reading-lists': { body: { lists: [pictured] } },
    });
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'This article appears in Leadership Essentials' }));
    const items = within(screen.getByRole('dialog', { name: 'THIS ARTICLE APPEARS IN' })).getAllByRole('listitem');
    const img = items[0]!.querySelector('picture.ds-picture img')!;
    expect(img).toHaveAttribute('src', '/images/article/x1/0123456789ab-640.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('alt', '');
    expect(items[1]!.querySelector('picture')).toBeNull();
  });

  it('opens on the list named by the message (accents and case ignored), links up to three related lists, and switches', async () => {
    withLists('full-content+rl', 'negociation');
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'This article appears in Négociation' }));
    const dialog = screen.getByRole('dialog', { name: 'THIS ARTICLE APPEARS IN' });
    const related = within(dialog).getByRole('heading', { name: 'Related reading lists' }).nextElementSibling as HTMLElement;
    expect(
      within(related)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Leadership Essentials', 'Strategy Basics', 'Teams']);
    await userEvent.click(within(related).getByRole('button', { name: 'Strategy Basics' }));
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Strategy Basics' })).toHaveFocus();
    const items = within(within(dialog).getAllByRole('list')[0]!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['01 What is strategy?', '02 Five forces']);
    // The related lists are the others, in the answer's order, still at most three.
    const now = within(dialog).getByRole('heading', { name: 'Related reading lists' }).nextElementSibling as HTMLElement;
    expect(
      within(now)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Leadership Essentials', 'Teams', 'Change']);
  });

  it('keeps focus inside; Escape closes and gives focus back to the button', async () => {
    withLists('full-content+rl', 'leadership-essentials');
    renderGate();
    const open = await screen.findByRole('button', { name: 'This article appears in Leadership Essentials' });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'THIS ARTICLE APPEARS IN' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await userEvent.tab(); // Close is last: back to the first link
    expect(within(dialog).getByRole('link', { name: 'Lead from the middle' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows no button when the article is in no list', async () => {
    const api = mockApi({
      [CONTENT_KEY]: { body: content({ message: message('full-content+rl') }) },
      'GET /api/reading-lists': { body: { lists: [] } },
    });
    const { container } = renderGate();
    await ready(container, 'full-content');
    await waitFor(() => expect(api.urls('GET /api/reading-lists')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /This article appears in/ })).not.toBeInTheDocument();
  });
});

describe('gift flyout', () => {
  const GIFT_URL = 'http://localhost/2025/03/why-strategy-fails-in-the-middle?gift=abc';

  function asSubscriber(routes: Parameters<typeof mockApi>[0] = {}) {
    userStore.getState().setUser(sampleUser({ status: 'subscriber' }));
    return mockApi({
      [CONTENT_KEY]: { body: content({ reason: 'subscriber' }) },
      'GET /api/article-gift/allowance': { body: { articleGiftsLeft: 3, monthlyAllowance: 5 } },
      'POST /api/article-gift/give-gift': { body: { articleGiftURL: GIFT_URL, articleGiftsLeft: 2 } },
      ...routes,
    });
  }

  it('shows what is left, creates a link to copy and reports it', async () => {
    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = asSubscriber();
    const { container } = renderGate();
    await ready(container, 'full-content');
    const open = await screen.findByRole('button', { name: 'Gift this article' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Gift this article' });
    expect(dialog).not.toHaveAttribute('aria-modal');
    expect(await within(dialog).findByText('You have 3 gifts left this month.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create gift link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Gift link' });
    expect(link).toHaveValue(GIFT_URL);
    expect(link).toHaveAttribute('readonly');
    expect(within(dialog).getByText('You have 2 gifts left this month.')).toBeVisible();
    expect(api.sent('POST /api/article-gift/give-gift')).toEqual([{ url: '/2025/03/why-strategy-fails-in-the-middle' }]);
    expect(window.dataLayer).toEqual([{ event: 'gift_given', giftsLeft: 2 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(GIFT_URL);
    expect(within(dialog).getByText('Link copied.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("words one gift as 'gift' and disables the button with none left", async () => {
    asSubscriber({ 'GET /api/article-gift/allowance': { body: { articleGiftsLeft: 1, monthlyAllowance: 5 } } });
    const { container } = renderGate();
    await ready(container, 'full-content');
    await userEvent.click(screen.getByRole('button', { name: 'Gift this article' }));
    expect(await screen.findByText('You have 1 gift left this month.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    asSubscriber({ 'GET /api/article-gift/allowance': { body: { articleGiftsLeft: 0, monthlyAllowance: 5 } } });
    await userEvent.click(screen.getByRole('button', { name: 'Gift this article' }));
    expect(await screen.findByText('You have 0 gifts left this month.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create gift link' })).toBeDisabled();
  });

  it("409 shows the server's message", async () => {
    asSubscriber({ 'POST /api/article-gift/give-gift': { status: 409, body: { message: 'You have no gifts left this month.' } } });
    const { container } = renderGate();
    await ready(container, 'full-content');
    await userEvent.click(screen.getByRole('button', { name: 'Gift this article' }));
    await screen.findByText('You have 3 gifts left this month.');
    await userEvent.click(screen.getByRole('button', { name: 'Create gift link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no gifts left this month.');
    expect(screen.queryByRole('textbox', { name: 'Gift link' })).not.toBeInTheDocument();
    expect(window.dataLayer).toEqual([]);
  });

  it("a session that ended asks for sign-in in gift mode ('On to recipient'); signed in again, the link is created", async () => {
    let signedIn = false;
    const api = asSubscriber({
      'POST /api/article-gift/give-gift': () =>
        signedIn ? { body: { articleGiftURL: GIFT_URL, articleGiftsLeft: 2 } } : { status: 401, body: { message: 'Sign in first.' } },
    });
    const asked: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => asked.push(p));
    try {
      const { container } = renderGate();
      await ready(container, 'full-content');
      await userEvent.click(screen.getByRole('button', { name: 'Gift this article' }));
      await screen.findByText('You have 3 gifts left this month.');
      await userEvent.click(screen.getByRole('button', { name: 'Create gift link' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Sign in to create the gift link.');
      expect(asked).toEqual([{ screen: 'signin', reason: 'gift', intent: expect.any(Function) }]);
      // The modal's sign-in (reason 'gift': its submit reads 'On to recipient') calls the intent.
      signedIn = true;
      await act(async () => asked[0]!.intent!(sampleUser({ status: 'subscriber' })));
      const dialog = screen.getByRole('dialog', { name: 'Gift this article' });
      expect(await within(dialog).findByRole('textbox', { name: 'Gift link' })).toHaveValue(GIFT_URL);
      expect(api.sent('POST /api/article-gift/give-gift')).toHaveLength(2);
    } finally {
      off();
    }
  });

  it('after a gift-mode sign-in as a non-subscriber, no link is asked for', async () => {
    const api = asSubscriber({ 'POST /api/article-gift/give-gift': { status: 401, body: { message: 'Sign in first.' } } });
    const asked: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => asked.push(p));
    try {
      const { container } = renderGate();
      await ready(container, 'full-content');
      await userEvent.click(screen.getByRole('button', { name: 'Gift this article' }));
      await screen.findByText('You have 3 gifts left this month.');
      await userEvent.click(screen.getByRole('button', { name: 'Create gift link' }));
      await screen.findByRole('alert');
      await act(async () => asked[0]!.intent!(sampleUser({ status: 'registered' })));
      expect(api.sent('POST /api/article-gift/give-gift')).toHaveLength(1);
    } finally {
      off();
    }
  });

  it('is only for subscribers on full content', async () => {
    userStore.getState().setUser(sampleUser());
    mockApi({ [CONTENT_KEY]: { body: content({ reason: 'metered', quota: { limit: 4, count: 1, remaining: 3 } }) } });
    const { container } = renderGate();
    await ready(container, 'full-content');
    expect(screen.queryByRole('button', { name: 'Gift this article' })).not.toBeInTheDocument();
    act(() => userStore.getState().setUser(sampleUser({ status: 'subscriber' })));
    expect(screen.getByRole('button', { name: 'Gift this article' })).toBeVisible();
  });
});

describe('the walls as a publisher offer panel', () => {
  const OFFERS = {
    offers: ['GOOD', 'BETTER', 'BEST', 'EXECUTIVE'].map((code, i) => ({
      roleCode: `ROLE_HBRG_${code}`,
      label: code[0] + code.slice(1).toLowerCase(),
      caption: i === 0 ? 'Digital' : null,
      availabilityId: `SUB-${code}`,
      title: `${code} subscription`,
      priceCents: 9900 + i * 3000,
      term: 'year',
      features: ['One', 'Two', 'Three', 'Four'],
    })),
  };

  it('enable-paywall: offers the first three tiers as cards with their yearly price, each linking to the subscription page', async () => {
    mockApi({ [CONTENT_KEY]: { body: content({ message: message('enable-paywall'), content: [] }) }, 'GET /api/store/subscriptions': { body: OFFERS } });
    const { container } = renderGate();
    await ready(container, 'subscription-wall');
    const region = await screen.findByRole('region', { name: 'Subscribe to keep reading' });
    const offers = await within(region).findByRole('region', { name: 'Choose your subscription' });
    const cards = within(offers)
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-offer'));
    expect(cards.map((c) => c.getAttribute('data-offer'))).toEqual(['ROLE_HBRG_GOOD', 'ROLE_HBRG_BETTER', 'ROLE_HBRG_BEST']);
    expect(within(cards[0]!).getByRole('heading', { level: 4, name: 'Good' })).toBeInTheDocument();
    expect(cards[0]!.querySelector('.ds-price')).toHaveTextContent('$99.00 / year');
    expect(within(cards[0]!).queryByText('Four')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: 'Choose Better' })).toHaveAttribute('href', '/subscriptions?ab=paywall');
    // One primary call to action: 'Subscribe now'.
    expect(region.querySelectorAll('.button-primary')).toHaveLength(1);
  });

  it('keeps the wall without cards when the offers cannot be loaded', async () => {
    const api = mockApi({ [CONTENT_KEY]: { body: content({ message: message('enable-paywall'), content: [] }) } });
    const { container } = renderGate();
    await ready(container, 'subscription-wall');
    await waitFor(() => expect(api.urls('GET /api/store/subscriptions')).toHaveLength(1));
    const region = await screen.findByRole('region', { name: 'Subscribe to keep reading' });
    expect(within(region).getByRole('link', { name: 'Subscribe now' })).toBeVisible();
    expect(within(region).queryByRole('region', { name: 'Choose your subscription' })).not.toBeInTheDocument();
  });

  it('a full article loads no offers', async () => {
    const api = mockApi({ [CONTENT_KEY]: { body: content() } });
    const { container } = renderGate();
    await ready(container, 'full-content');
    expect(api.urls('GET /api/store/subscriptions')).toHaveLength(0);
  });
});
