/**
 * The Topics tab (SITE-02, SITE-04 topic menu): 'All topics' (with the unread-following count) and one
 * tab per followed topic; the selected topic's articles from the following stream (filter={slug},
 * none for all topics); 'Stop following' for the selected topic asks first (delete-confirm), then
 * unfollows and tells the other parts with `following:changed`. 'Find More' goes to /topics; with
 * no followed topic, the topics empty state carries it. 'Stop following all' (the topic deleteAll,
 * SITE-07) asks first too (data-confirm="stop-following-all"), then unfollows every topic. A feed
 * with no articles shows the 'activity' empty state (SITE-02: the activity of the followed topics).
 *
 * Marker: data-topic-menu="all|topic|delete-confirm" on the panel.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'shared-contracts/router';
import { bus, Button, ButtonLink, MESSAGES, useLoad } from 'shared-contracts';
import { useMutation } from 'shared-contracts/mutation';
import { loadFollowedTopics, loadFollowingStream, stopFollowingAllTopics, stopFollowingTopic } from '../../api/lists';
import type { Following, StreamEntry } from 'shared-contracts/discovery';
import { LIBRARY_MESSAGES } from 'shared-contracts/library';
import { FailureNotice, failureOf, type Failure } from '../common/Failure';
import { cardOfStreamEntry } from './cardModel';
import { EmptyState } from './EmptyState';
import { ItemList, type OpenFlyout } from './ItemList';
import { Tabs } from './Tabs';
import { LIST_KEY_PREFIX } from './usePagedList';
import { LIBRARY_TEXT } from '../../text';

const T = LIBRARY_TEXT.topics;
const ALL = 'all';
/** Tab ids: 'all' or 't:{slug}' (a topic slugged 'all' stays apart). */
type TopicTabId = typeof ALL | `t:${string}`;

/** This panel's own words (NOT IN SPEC). */
const ALL_TEXT = {
  stopAll: 'Stop following all',
  confirmAll: 'Stop following every topic you follow?',
  stoppedAll: 'You no longer follow any topics.',
  feedEmpty: 'New articles in the topics you follow will appear here.',
};

type Menu = { state: 'all' } | { state: 'topic'; slug: string } | { state: 'delete-confirm'; slug: string };

export interface TopicsPanelProps {
  onOpen: OpenFlyout;
  announce(message: string): void;
}

function FindMore() {
  return (
    <ButtonLink as={Link} variant="secondary" to="/topics" className="find-more">
      {T.findMore}
    </ButtonLink>
  );
}

export function TopicsPanel({ onOpen, announce }: TopicsPanelProps) {
  const following = useLoad<Following>('following', loadFollowedTopics);
  const [menu, setMenu] = useState<Menu>({ state: 'all' });
  // Each change takes the followed topics the server returns: the list shows them at once, the
  // followed topics' stream loads again without the topic's articles, and the other parts hear of it.
  const changes = { onSuccess: (answer: Following) => following.mutate(answer), invalidates: [`${LIST_KEY_PREFIX}following:`] };
  const stop = useMutation(stopFollowingTopic, changes);
  const stopAll = useMutation(stopFollowingAllTopics, changes);
  const busy = stop.pending || stopAll.pending;
  const failed = stop.error ?? stopAll.error;
  const failure: Failure | null = failed ? failureOf(failed, MESSAGES.generic) : null;
  const clearFailure = () => {
    stop.reset();
    stopAll.reset();
  };
  /** The 'Stop following all' confirmation is showing. */
  const [confirmAll, setConfirmAll] = useState(false);
  const stopAllRef = useRef<HTMLButtonElement>(null);
  const cancelAllRef = useRef<HTMLButtonElement>(null);
  const confirmTextId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'cancel' | 'stop' | 'all' | null>(null);

  const topics = following.status === 'ready' ? following.data.topics : [];
  const selectedTopic = menu.state === 'all' ? undefined : topics.find((t) => t.slug === menu.slug);
  const state: Menu['state'] = selectedTopic ? menu.state : 'all';

  useEffect(() => {
    const which = focusAfter.current;
    focusAfter.current = null;
    if (which === 'cancel') cancelRef.current?.focus();
    else if (which === 'stop') stopRef.current?.focus();
    else if (which === 'all') document.querySelector<HTMLElement>('[data-topic-menu] [role="tab"][aria-selected="true"]')?.focus();
  }, [state]);

  const select = (id: TopicTabId) => {
    clearFailure();
    setConfirmAll(false);
    setMenu(id === ALL ? { state: 'all' } : { state: 'topic', slug: id.slice(2) });
  };

  /** Cancel or Escape on the confirmation: focus goes back to 'Stop following all'. */
  const backToStopAll = useRef(false);
  useEffect(() => {
    if (confirmAll) cancelAllRef.current?.focus();
    else if (backToStopAll.current) stopAllRef.current?.focus();
    backToStopAll.current = false;
  }, [confirmAll]);

  const unfollowed = (answer: Following | undefined, message: string) => {
    if (!answer) return; // refused: the failure shows where the buttons are
    focusAfter.current = 'all';
    setMenu({ state: 'all' });
    setConfirmAll(false);
    bus.emit('following:changed', { slugs: answer.topics.map((t) => t.slug), unreadCount: answer.unreadCount });
    announce(message);
  };

  const unfollowAll = () => void stopAll.run().then((answer) => unfollowed(answer, ALL_TEXT.stoppedAll));

  const unfollow = (slug: string, name: string) => void stop.run(slug).then((answer) => unfollowed(answer, T.stopped(name)));

  let body;
  if (following.status === 'loading') {
    body = <p role="status">{LIBRARY_TEXT.loading}</p>;
  } else if (following.status === 'error') {
    body = (
      <>
        <p role="alert">{LIBRARY_TEXT.listError}</p>
        <Button variant="ghost" onClick={following.reload}>
          {LIBRARY_TEXT.tryAgain}
        </Button>
      </>
    );
  } else if (topics.length === 0) {
    body = (
      <EmptyState type="topics">
        <FindMore />
      </EmptyState>
    );
  } else {
    const unread = following.data.unreadCount;
    const tabs = [
      {
        id: ALL as TopicTabId,
        label: (
          <>
            {T.all}
            {unread > 0 && <span className="unread-count"> {T.unread(unread)}</span>}
          </>
        ),
      },
      ...topics.map((t) => ({ id: `t:${t.slug}` as TopicTabId, label: t.name })),
    ];
    const slug = selectedTopic?.slug;
    body = (
      <>
        <Tabs label={T.menu} tabs={tabs} selected={slug ? `t:${slug}` : ALL} onSelect={select} className="topic-menu">
          {!selectedTopic && (
            <div className="topic-header">
              {confirmAll ? (
                // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape on the group cancels from whichever of its buttons has the focus
                <div
                  role="group"
                  aria-labelledby={confirmTextId}
                  className="confirm"
                  data-confirm="stop-following-all"
                  onKeyDown={(e) => {
                    if (e.key === 'Escape' && !busy) {
                      e.preventDefault();
                      backToStopAll.current = true;
                      setConfirmAll(false);
                    }
                  }}
                >
                  <p id={confirmTextId}>{ALL_TEXT.confirmAll}</p>
                  <Button variant="ghost" disabled={busy} aria-busy={busy ? 'true' : undefined} onClick={unfollowAll}>
                    {ALL_TEXT.stopAll}
                  </Button>
                  <Button
                    variant="ghost"
                    ref={cancelAllRef}
                    disabled={busy}
                    onClick={() => {
                      backToStopAll.current = true;
                      setConfirmAll(false);
                      clearFailure();
                    }}
                  >
                    {LIBRARY_TEXT.cancel}
                  </Button>
                </div>
              ) : (
                <Button variant="ghost" ref={stopAllRef} onClick={() => setConfirmAll(true)}>
                  {ALL_TEXT.stopAll}
                </Button>
              )}
              <FailureNotice failure={failure} />
            </div>
          )}
          {selectedTopic && (
            <div className="topic-header">
              <h3>{selectedTopic.name}</h3>
              {state === 'delete-confirm' ? (
                <div role="group" aria-labelledby={confirmTextId} className="confirm" data-confirm="stop-following">
                  <p id={confirmTextId}>{LIBRARY_MESSAGES.stopFollowingConfirm}</p>
                  <Button variant="ghost" disabled={busy} onClick={() => unfollow(selectedTopic.slug, selectedTopic.name)}>
                    {T.stopFollowing}
                  </Button>
                  <Button
                    variant="ghost"
                    ref={cancelRef}
                    disabled={busy}
                    onClick={() => {
                      focusAfter.current = 'stop';
                      clearFailure();
                      setMenu({ state: 'topic', slug: selectedTopic.slug });
                    }}
                  >
                    {LIBRARY_TEXT.cancel}
                  </Button>
                </div>
              ) : (
                <Button
                  variant="ghost"
                  ref={stopRef}
                  onClick={() => {
                    focusAfter.current = 'cancel';
                    setMenu({ state: 'delete-confirm', slug: selectedTopic.slug });
                  }}
                >
                  {T.stopFollowing}
                </Button>
              )}
              <FailureNotice failure={failure} />
            </div>
          )}
          <ItemList<StreamEntry>
            listKey={`following:${slug ?? ALL}`}
            label={selectedTopic ? selectedTopic.name : T.all}
            load={(page) => loadFollowingStream(page, slug)}
            toCard={cardOfStreamEntry}
            emptyType="activity"
            emptyExtra={<p>{ALL_TEXT.feedEmpty}</p>}
            onOpen={onOpen}
          />
        </Tabs>
        <FindMore />
      </>
    );
  }

  return (
    <div className="topics-panel" data-topic-menu={state}>
      {body}
    </div>
  );
}
