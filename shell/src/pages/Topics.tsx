/**
 * Topics `/topics` (SITE-02, SITE-09): every topic under its taxonomy root (11 roots, an h2 each), each
 * linking to its topic page. A signed-in member sees the topics they follow with the unread count,
 * or, following none, the empty-topics state with the suggested topics (SITE-09).
 */
import { useEffect } from 'react';
import { Link } from 'shared-contracts/router';
import { TopicLinks } from '../discovery/TopicLinks';
import { api, bus, topicPath, useLoad, useUserStore } from 'shared-contracts';
import { EMPTY_TOPICS_SUGGESTIONS, TOPICS_COUNT_COPY, DISCOVERY_MESSAGES, topicTree } from 'shared-contracts/discovery';

function FollowedTopics() {
  const following = useLoad('following', () => api.following());
  // A follow or unfollow elsewhere on the page (the follow widget) reloads the list.
  useEffect(() => bus.on('following:changed', following.reload), [following.reload]);
  if (following.status !== 'ready') return null;
  const { topics, unreadCount } = following.data;
  if (topics.length === 0) {
    return (
      <section className="empty-topics" aria-labelledby="empty-topics-title">
        <h2 id="empty-topics-title">Topics you follow</h2>
        <p>{DISCOVERY_MESSAGES.emptyTopics}</p>
        <ul className="topic-suggestions">
          {EMPTY_TOPICS_SUGGESTIONS.map((name) => (
            <li key={name}>
              <Link to={topicPath(name)}>{name}</Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="followed-topics" aria-labelledby="followed-topics-title">
      <h2 id="followed-topics-title">Topics you follow</h2>
      <p className="following-unread">{`${unreadCount} unread ${unreadCount === 1 ? 'article' : 'articles'}`}</p>
      <ul className="followed-topic-list">
        {topics.map((t) => (
          <li key={t.id}>
            <Link to={`/topic/${t.slug}`}>{t.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Topics() {
  const topics = useLoad('topics', () => api.topics());
  const status = useUserStore((s) => s.status);
  const member = status === 'registered' || status === 'subscriber';
  return (
    <main id="main" className="page topics-page">
      <h1>Topics</h1>
      <p className="topics-intro">{`Explore ${TOPICS_COUNT_COPY} topics`}</p>
      {member && <FollowedTopics />}
      {topics.status === 'loading' && <p role="status">Loading topics…</p>}
      {topics.status === 'error' && <p role="alert">We could not load the topics. Please try again.</p>}
      {topics.status === 'ready' && (
        <div className="topic-tree">
          {topicTree(topics.data).map(({ root, children }) => (
            <section key={root.id} className="topic-root" aria-labelledby={`topic-root-${root.id}`}>
              <h2 id={`topic-root-${root.id}`}>
                <Link to={topicPath(root.name)}>{root.name}</Link>
              </h2>
              <TopicLinks topics={children} />
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
