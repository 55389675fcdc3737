import * as React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOMER_SERVICE_EMAIL, CUSTOMER_SERVICE_PHONES, MESSAGES, bus, instanceMarkers, userStore, type EventMap, type User } from 'shared-contracts';
import { DISCOVERY_MESSAGES, FOLLOW_LABELS, type Following } from 'shared-contracts/discovery';
import { mockApiRoutes, sampleUser, type ApiAnswer } from 'shared-contracts/src/testing';
import FollowTopicDefault, { FollowTopic, SUBSCRIBER_TOPIC_HINT } from './FollowTopic';

const strategy = { id: 'tp-strategy', name: 'Strategy', slug: 'strategy', followedAt: '2025-03-01T00:00:00.000Z' };
const innovation = { id: 'tp-innovation', name: 'Innovation', slug: 'innovation', followedAt: '2025-02-01T00:00:00.000Z' };
const notFollowing: Following = { topics: [innovation], unreadCount: 2 };
const followingStrategy: Following = { topics: [strategy, innovation], unreadCount: 7 };

function signIn(u: User = sampleUser()) {
  act(() => userStore.getState().setUser(u));
}

function setStatus(status: 'unknown' | 'guest') {
  userStore.setState({ status, user: null, quota: null });
}

/** Collects the payloads of one bus event while a test runs. */
function listen<K extends keyof EventMap>(type: K) {
  const seen: EventMap[K][] = [];
  const off = bus.on(type, (p) => seen.push(p));
  offs.push(off);
  return seen;
}
let offs: (() => void)[] = [];

/** An answer the test releases when it wants: to see the pending state. */
function deferred() {
  let release!: (answer: ApiAnswer) => void;
  const promise = new Promise<ApiAnswer>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function toggle() {
  return screen.getByRole('button', { name: /^(Follow this|Following)$/ });
}

function root(container: HTMLElement) {
  return container.querySelector('[data-widget="follow-topic"]');
}

beforeEach(() => {
  setStatus('unknown');
});
afterEach(() => {
  offs.forEach((off) => off());
  offs = [];
});

describe('FollowTopic', () => {
  it('is the default export too, as the shell loads it', () => {
    expect(FollowTopicDefault).toBe(FollowTopic);
  });

  it('marks its root with the widget, the follow state and the React and store instance ids', () => {
    setStatus('guest');
    mockApiRoutes();
    const { container } = render(<FollowTopic slug="strategy" name="Strategy" />);
    const el = root(container);
    const expected = instanceMarkers(React.createElement, userStore);
    expect(el).toHaveAttribute('data-remote-root', 'library');
    expect(el).toHaveAttribute('data-following', 'false');
    expect(el).toHaveAttribute('data-follow-state', 'idle');
    expect(el).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(el).toHaveAttribute('data-store-instance', expected['data-store-instance']);
  });

  it('waits, disabled, while it is not yet known who the reader is', () => {
    const api = mockApiRoutes();
    const { container } = render(<FollowTopic slug="strategy" name="Strategy" />);
    expect(toggle()).toBeDisabled();
    expect(toggle()).toHaveTextContent(FOLLOW_LABELS.follow);
    expect(root(container)).toHaveAttribute('data-follow-state', 'loading');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('asks a guest to sign in instead of following (SITE-06)', async () => {
    setStatus('guest');
    const api = mockApiRoutes();
    const opened = listen('auth:open');
    render(<FollowTopic slug="strategy" name="Strategy" />);
    expect(toggle()).toHaveAccessibleName('Follow this');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle());
    expect(opened).toEqual([{ screen: 'signin', reason: 'follow', intent: expect.any(Function) }]);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows the topic once the guest who asked has signed in through the modal (the intent), without another click', async () => {
    setStatus('guest');
    const api = mockApiRoutes({
      'GET /service/user/topics': { body: notFollowing },
      'POST /service/user/topics': { body: followingStrategy },
    });
    const opened = listen('auth:open');
    const changed = listen('following:changed');
    const { container } = render(<FollowTopic slug="strategy" name="Strategy" />);
    await userEvent.click(toggle());
    // What the shell's modal does after a sign-in: the user in the store, then the request's intent.
    const user = sampleUser();
    act(() => {
      userStore.getState().setUser(user);
      opened[0]!.intent!(user);
    });
    expect(await screen.findByRole('button', { name: 'Following', pressed: true })).toBeEnabled();
    expect(root(container)).toHaveAttribute('data-following', 'true');
    expect(api.sent('POST /service/user/topics')).toEqual([{ name: 'Strategy' }]);
    expect(changed).toEqual([{ slugs: ['strategy', 'innovation'], unreadCount: 7 }]);
    expect(toggle()).toHaveFocus();
  });

  it('does not unfollow a topic the member who signed in already follows', async () => {
    setStatus('guest');
    const api = mockApiRoutes({ 'GET /service/user/topics': { body: followingStrategy } });
    const opened = listen('auth:open');
    render(<FollowTopic slug="strategy" name="Strategy" />);
    await userEvent.click(toggle());
    const user = sampleUser();
    act(() => {
      userStore.getState().setUser(user);
      opened[0]!.intent!(user);
    });
    expect(await screen.findByRole('button', { name: 'Following', pressed: true })).toBeEnabled();
    expect(api.sent('POST /service/user/topics')).toEqual([]);
    expect(api.sent('DELETE /service/user/topics/strategy')).toEqual([]);
  });

  it('follows nothing when the reader signs in some other way than the request the toggle made', async () => {
    setStatus('guest');
    const api = mockApiRoutes({ 'GET /service/user/topics': { body: notFollowing } });
    listen('auth:open');
    render(<FollowTopic slug="strategy" name="Strategy" />);
    await userEvent.click(toggle());
    // The modal was closed (the intent dropped); the reader signs in later from the header.
    signIn();
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(api.sent('POST /service/user/topics')).toEqual([]);
  });

  it("follows for a member: 'Follow this' becomes 'Following', and the server's answer goes on the bus", async () => {
    signIn();
    const api = mockApiRoutes({
      'GET /service/user/topics': { body: notFollowing },
      'POST /service/user/topics': { body: followingStrategy },
    });
    const changed = listen('following:changed');
    const { container } = render(<FollowTopic slug="strategy" name="Strategy" />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).toHaveAccessibleName(FOLLOW_LABELS.follow);
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle());

    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(root(container)).toHaveAttribute('data-following', 'true');
    expect(api.sent('POST /service/user/topics')).toEqual([{ name: 'Strategy' }]);
    expect(changed).toEqual([{ slugs: ['strategy', 'innovation'], unreadCount: 7 }]);
    expect(toggle()).toHaveFocus();
  });

  it("unfollows a followed topic by its slug: 'Following' becomes 'Follow this'", async () => {
    signIn();
    const api = mockApiRoutes({
      'GET /service/user/topics': { body: followingStrategy },
      'DELETE /service/user/topics/strategy': { body: notFollowing },
    });
    const changed = listen('following:changed');
    const { container } = render(<FollowTopic slug="strategy" name="Strategy" />);
    expect(await screen.findByRole('button', { name: 'Following', pressed: true })).toBeEnabled();
    expect(root(container)).toHaveAttribute('data-following', 'true');

    await userEvent.click(toggle());

    expect(await screen.findByRole('button', { name: 'Follow this', pressed: false })).toBeEnabled();
    expect(root(container)).toHaveAttribute('data-following', 'false');
    expect(api.urls('DELETE /service/user/topics/strategy')).toHaveLength(1);
    expect(changed).toEqual([{ slugs: ['innovation'], unreadCount: 2 }]);
  });

  it('is disabled and busy while the request runs', async () => {
    signIn();
    const answer = deferred();
    mockApiRoutes({
      'GET /service/user/topics': { body: notFollowing },
      'POST /service/user/topics': () => answer.promise,
    });
    const { container } = render(<FollowTopic slug="strategy" name="Strategy" />);
    await waitFor(() => expect(toggle()).toBeEnabled());

    await userEvent.click(toggle());

    expect(toggle()).toBeDisabled();
    expect(toggle()).toHaveAttribute('aria-busy', 'true');
    expect(root(container)).toHaveAttribute('data-follow-state', 'pending');
    await userEvent.click(toggle()); // a second click does nothing while the first runs

    await act(async () => answer.release({ body: followingStrategy }));

    expect(await screen.findByRole('button', { name: 'Following' })).toBeEnabled();
    expect(toggle()).toHaveAttribute('aria-busy', 'false');
    expect(root(container)).toHaveAttribute('data-follow-state', 'idle');
  });

  it("shows the server's 403 message for a subscriber-limited topic and keeps the state", async () => {
    signIn();
    mockApiRoutes({
      'GET /service/user/topics': { body: notFollowing },
      'POST /service/user/topics': { status: 403, body: { message: DISCOVERY_MESSAGES.topicSubscribersOnly } },
    });
    const changed = listen('following:changed');
    const { container } = render(<FollowTopic slug="strategy" name="Strategy" subscriberLimited />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(screen.getByText(SUBSCRIBER_TOPIC_HINT)).toBeVisible();
    expect(toggle()).toHaveAccessibleDescription(SUBSCRIBER_TOPIC_HINT);

    await userEvent.click(toggle());

    expect(await screen.findByRole('alert')).toHaveTextContent(DISCOVERY_MESSAGES.topicSubscribersOnly);
    expect(screen.queryByText(MESSAGES.generic)).not.toBeInTheDocument();
    expect(toggle()).toHaveAccessibleName('Follow this');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(toggle()).toBeEnabled();
    expect(root(container)).toHaveAttribute('data-following', 'false');
    expect(changed).toEqual([]);
  });

  it('shows the generic failure with the customer-service phones and email on other failures, and keeps the state', async () => {
    signIn();
    mockApiRoutes({
      'GET /service/user/topics': { body: followingStrategy },
      'DELETE /service/user/topics/strategy': { status: 500, body: { message: 'boom' } },
    });
    const changed = listen('following:changed');
    render(<FollowTopic slug="strategy" name="Strategy" />);
    await screen.findByRole('button', { name: 'Following' });

    await userEvent.click(toggle());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.generic)).toBeInTheDocument();
    for (const phone of CUSTOMER_SERVICE_PHONES) {
      expect(within(alert).getByRole('link', { name: phone.display })).toHaveAttribute('href', `tel:${phone.tel}`);
    }
    expect(within(alert).getByRole('link', { name: CUSTOMER_SERVICE_EMAIL })).toHaveAttribute('href', `mailto:${CUSTOMER_SERVICE_EMAIL}`);
    expect(alert).not.toHaveTextContent('boom');
    expect(toggle()).toHaveAccessibleName('Following');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(changed).toEqual([]);
  });

  it('shows the generic failure when the network fails, and clears it on the next success', async () => {
    signIn();
    let down = true;
    mockApiRoutes({
      'GET /service/user/topics': { body: notFollowing },
      'POST /service/user/topics': () => {
        if (down) throw new TypeError('Failed to fetch');
        return { body: followingStrategy };
      },
    });
    render(<FollowTopic slug="strategy" name="Strategy" />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    await userEvent.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic);
    expect(toggle()).toHaveAccessibleName('Follow this');

    down = false;
    await userEvent.click(toggle());
    expect(await screen.findByRole('button', { name: 'Following' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the generic failure when the followed topics cannot be loaded, and still lets the member follow', async () => {
    signIn();
    mockApiRoutes({
      'GET /service/user/topics': { status: 500, body: { message: 'boom' } },
      'POST /service/user/topics': { body: followingStrategy },
    });
    render(<FollowTopic slug="strategy" name="Strategy" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic);
    expect(toggle()).toBeEnabled();
    await userEvent.click(toggle());
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('follows changes announced by other parts on the bus', async () => {
    signIn();
    mockApiRoutes({ 'GET /service/user/topics': { body: notFollowing } });
    render(<FollowTopic slug="strategy" name="Strategy" />);
    await waitFor(() => expect(toggle()).toBeEnabled());

    act(() => bus.emit('following:changed', { slugs: ['strategy'], unreadCount: 1 }));
    expect(toggle()).toHaveAccessibleName('Following');
    act(() => bus.emit('following:changed', { slugs: [], unreadCount: 0 }));
    expect(toggle()).toHaveAccessibleName('Follow this');
  });

  it("loads the member's follows when a guest signs in while it is shown", async () => {
    setStatus('guest');
    const api = mockApiRoutes({ 'GET /service/user/topics': { body: followingStrategy } });
    render(<FollowTopic slug="strategy" name="Strategy" />);
    expect(toggle()).toHaveAccessibleName('Follow this');
    expect(api.fetch).not.toHaveBeenCalled();

    signIn();

    expect(await screen.findByRole('button', { name: 'Following', pressed: true })).toBeEnabled();
  });

  it('unfollows by the slug the server knows when the topic matched by name', async () => {
    signIn();
    const renamed = { ...strategy, slug: 'strategy-2' };
    const api = mockApiRoutes({
      'GET /service/user/topics': { body: { topics: [renamed], unreadCount: 0 } },
      'DELETE /service/user/topics/strategy-2': { body: { topics: [], unreadCount: 0 } },
    });
    render(<FollowTopic slug="strategy" name="Strategy" />);
    await screen.findByRole('button', { name: 'Following' });
    await userEvent.click(toggle());
    expect(await screen.findByRole('button', { name: 'Follow this' })).toBeEnabled();
    expect(api.urls('DELETE /service/user/topics/strategy-2')).toHaveLength(1);
  });
});
