import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, MESSAGES, type EventMap } from 'shared-contracts';
import type { Following } from 'shared-contracts/discovery';
import { LIBRARY_EMPTY_TEXT, LIBRARY_MESSAGES } from 'shared-contracts/library';
import { sampleStreamEntry } from 'shared-contracts/src/testing';
import { libraryApi, signIn } from '../../testing/fixtures';
import { renderLibrary } from '../../testing/render';

jest.mock('../flyouts/LibraryFlyout', () => require('../../testing/flyoutStub'));

const following: Following = {
  topics: [
    { id: 't1', name: 'Strategy', slug: 'strategy', followedAt: '2025-03-01T00:00:00.000Z' },
    { id: 't2', name: 'Innovation', slug: 'innovation', followedAt: '2025-02-01T00:00:00.000Z' },
  ],
  unreadCount: 3,
};
const streams = {
  '': [
    sampleStreamEntry({ id: 's1', title: 'Strategy for the middle', category: { term: 'Strategy' } }),
    sampleStreamEntry({ id: 'i1', title: 'Innovating slowly', category: { term: 'Innovation' } }),
  ],
  strategy: [sampleStreamEntry({ id: 's1', title: 'Strategy for the middle', category: { term: 'Strategy' } })],
  innovation: [],
};

const menu = () => document.querySelector<HTMLElement>('[data-topic-menu]')!;
const topicTabs = () => screen.getByRole('tablist', { name: 'Followed topics' });

async function openTopics(path = '/my-library') {
  renderLibrary(path);
  await userEvent.click(await screen.findByRole('tab', { name: 'Topics' }));
}

let offs: (() => void)[] = [];
afterEach(() => {
  offs.forEach((off) => off());
  offs = [];
});

beforeEach(() => signIn());

describe('the Topics tab', () => {
  it("without followed topics shows the topics empty state with 'Find More'", async () => {
    libraryApi();
    await openTopics();
    const empty = await screen.findByText(LIBRARY_EMPTY_TEXT.topics);
    const state = empty.closest('[data-empty-state]') as HTMLElement;
    expect(state).toHaveAttribute('data-empty-state', 'topics');
    expect(within(state).getByRole('link', { name: 'Find More' })).toHaveAttribute('href', '/topics');
    expect(menu()).toHaveAttribute('data-topic-menu', 'all');
  });

  it("lists 'All topics' with the unread count and each followed topic; all topics loads the stream without a filter", async () => {
    const api = libraryApi({ following, streams });
    await openTopics();
    await screen.findByRole('tablist', { name: 'Followed topics' });
    expect(
      within(topicTabs())
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All topics (3 unread)', 'Strategy', 'Innovation']);
    expect(within(topicTabs()).getByRole('tab', { name: 'All topics (3 unread)' })).toHaveAttribute('aria-selected', 'true');
    expect(menu()).toHaveAttribute('data-topic-menu', 'all');
    expect(await screen.findByRole('link', { name: 'Innovating slowly' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Strategy for the middle' })).toBeInTheDocument();
    expect(api.urls('GET /service/stream/following/0/10').map((u) => u.search)).toEqual(['?format=json']);
    expect(screen.queryByRole('button', { name: 'Stop following' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find More' })).toHaveAttribute('href', '/topics');
  });

  it('no unread articles: the tab reads All topics', async () => {
    libraryApi({ following: { ...following, unreadCount: 0 }, streams });
    await openTopics();
    expect(await screen.findByRole('tab', { name: 'All topics' })).toBeInTheDocument();
  });

  it("a topic tab (state topic) loads that topic's articles with filter={slug}", async () => {
    const api = libraryApi({ following, streams });
    await openTopics();
    await userEvent.click(await screen.findByRole('tab', { name: 'Strategy' }));
    expect(menu()).toHaveAttribute('data-topic-menu', 'topic');
    expect(screen.getByRole('heading', { level: 3, name: 'Strategy' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Strategy for the middle' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Innovating slowly' })).not.toBeInTheDocument();
    expect(api.urls('GET /service/stream/following/0/10').map((u) => u.searchParams.get('filter'))).toEqual([null, 'strategy']);
    // A topic article is not in the library: it offers Save.
    expect(screen.getByRole('button', { name: 'Save Strategy for the middle' })).toBeInTheDocument();
  });

  it('a topic without articles shows the activity empty state', async () => {
    libraryApi({ following, streams });
    await openTopics();
    await userEvent.click(await screen.findByRole('tab', { name: 'Innovation' }));
    const empty = await screen.findByText(LIBRARY_EMPTY_TEXT.activity);
    const state = empty.closest('[data-empty-state]') as HTMLElement;
    expect(state).toHaveAttribute('data-empty-state', 'activity');
    expect(state).toHaveTextContent('New articles in the topics you follow will appear here.');
  });

  it("'Stop following all' asks first; Cancel and Escape go back without a request", async () => {
    const api = libraryApi({ following, streams });
    await openTopics();
    await screen.findByRole('tablist', { name: 'Followed topics' });
    const stopAll = screen.getByRole('button', { name: 'Stop following all' });
    await userEvent.click(stopAll);
    const confirm = screen.getByRole('group', { name: 'Stop following every topic you follow?' });
    expect(confirm).toHaveAttribute('data-confirm', 'stop-following-all');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Stop following every topic you follow?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop following all' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Stop following all' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Stop following all' })).toHaveFocus();
    expect(api.count('DELETE /service/user/topics/all')).toBe(0);
  });

  it("confirming 'Stop following all' unfollows every topic (deleteAll), tells the other parts and shows the topics empty state", async () => {
    const api = libraryApi({ following, streams }, { 'DELETE /service/user/topics/all': { body: { topics: [], unreadCount: 0 } } });
    const seen: EventMap['following:changed'][] = [];
    offs.push(bus.on('following:changed', (p) => seen.push(p)));
    await openTopics();
    await screen.findByRole('tablist', { name: 'Followed topics' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop following all' }));
    const confirm = screen.getByRole('group', { name: 'Stop following every topic you follow?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stop following all' }));

    const empty = await screen.findByText(LIBRARY_EMPTY_TEXT.topics);
    expect(empty.closest('[data-empty-state]')).toHaveAttribute('data-empty-state', 'topics');
    expect(api.count('DELETE /service/user/topics/all')).toBe(1);
    expect(api.count('DELETE /service/user/topics/strategy')).toBe(0);
    expect(seen).toEqual([{ slugs: [], unreadCount: 0 }]);
    expect(document.querySelector('[data-library-announcer]')).toHaveTextContent('You no longer follow any topics.');
  });

  it("a failed 'Stop following all' shows the generic failure and keeps the topics", async () => {
    libraryApi({ following, streams }, { 'DELETE /service/user/topics/all': { status: 500, body: { message: 'boom' } } });
    await openTopics();
    await screen.findByRole('tablist', { name: 'Followed topics' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop following all' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Stop following every topic you follow?' })).getByRole('button', { name: 'Stop following all' }),
    );
    expect(await screen.findByText(MESSAGES.generic)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Strategy' })).toBeInTheDocument();
  });

  it("'Stop following' asks first (delete-confirm); Cancel goes back to the topic", async () => {
    const api = libraryApi({ following, streams });
    await openTopics();
    await userEvent.click(await screen.findByRole('tab', { name: 'Strategy' }));
    const stop = screen.getByRole('button', { name: 'Stop following' });
    await userEvent.click(stop);
    expect(menu()).toHaveAttribute('data-topic-menu', 'delete-confirm');
    const confirm = screen.getByRole('group', { name: LIBRARY_MESSAGES.stopFollowingConfirm });
    expect(within(confirm).getByRole('button', { name: 'Stop following' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(menu()).toHaveAttribute('data-topic-menu', 'topic');
    expect(screen.getByRole('button', { name: 'Stop following' })).toHaveFocus();
    expect(api.count('DELETE /service/user/topics/strategy')).toBe(0);
  });

  it('confirming unfollows, emits following:changed from the answer and goes back to all topics', async () => {
    const after: Following = { topics: [following.topics[1]!], unreadCount: 1 };
    const api = libraryApi({ following, streams }, { 'DELETE /service/user/topics/strategy': { body: after } });
    const seen: EventMap['following:changed'][] = [];
    offs.push(bus.on('following:changed', (p) => seen.push(p)));
    await openTopics();
    await userEvent.click(await screen.findByRole('tab', { name: 'Strategy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop following' }));
    const confirm = screen.getByRole('group', { name: LIBRARY_MESSAGES.stopFollowingConfirm });
    api.data.streams = { ...streams, '': streams[''].filter((e) => e.id !== 's1') };
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stop following' }));

    await waitFor(() => expect(menu()).toHaveAttribute('data-topic-menu', 'all'));
    expect(api.count('DELETE /service/user/topics/strategy')).toBe(1);
    expect(seen).toEqual([{ slugs: ['innovation'], unreadCount: 1 }]);
    expect(
      within(topicTabs())
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All topics (1 unread)', 'Innovation']);
    expect(within(topicTabs()).getByRole('tab', { name: 'All topics (1 unread)' })).toHaveFocus();
    expect(document.querySelector('[data-library-announcer]')).toHaveTextContent('You stopped following Strategy.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Strategy for the middle' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Innovating slowly' })).toBeInTheDocument();
  });

  it('a failed unfollow shows the generic failure and stays in the confirmation', async () => {
    const seen: EventMap['following:changed'][] = [];
    offs.push(bus.on('following:changed', (p) => seen.push(p)));
    libraryApi({ following, streams }, { 'DELETE /service/user/topics/strategy': { status: 500, body: { message: 'boom' } } });
    await openTopics();
    await userEvent.click(await screen.findByRole('tab', { name: 'Strategy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop following' }));
    await userEvent.click(within(screen.getByRole('group', { name: LIBRARY_MESSAGES.stopFollowingConfirm })).getByRole('button', { name: 'Stop following' }));
    expect(await screen.findByText(MESSAGES.generic)).toBeInTheDocument();
    expect(menu()).toHaveAttribute('data-topic-menu', 'delete-confirm');
    expect(seen).toEqual([]);
  });

  it('says the topics could not be loaded and tries again', async () => {
    let fail = true;
    libraryApi({ streams }, { 'GET /service/user/topics': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: following }) });
    await openTopics();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this list. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Strategy' })).toBeInTheDocument();
  });
});
