/**
 * A topic page, `/topic/{name}` and `/topic/subject/{slug}` (SITE-02): the topic's name, the
 * breadcrumb to its taxonomy root (for a subtopic), the subtopics (for a root), its article count,
 * the follow toggle (mfe-library's FollowTopic widget, an island hydrated when the reader reaches for
 * it: decision 043) and the topic's stream. An unknown topic
 * shows the not-found page.
 */
import { Link, useParams } from 'shared-contracts/router';
import { api, isNotFound, topicPath, useLoad } from 'shared-contracts';
import { articleDocumentTitle } from '../article/headline';
import { useDocumentTitle } from '../article/useDocumentTitle';
import { StreamList } from '../discovery/StreamList';
import { TopicLinks } from '../discovery/TopicLinks';
import { RemoteSlot } from '../RemoteSlot';
import { NotFound } from './NotFound';

export interface FollowTopicProps {
  slug: string;
  name: string;
  subscriberLimited?: boolean;
}

export function articleCountText(count: number): string {
  return `${count} ${count === 1 ? 'article' : 'articles'}`;
}

export function TopicPage() {
  const { slug = '' } = useParams();
  const detail = useLoad(`topic:${slug}`, () => api.topic(slug));
  useDocumentTitle(detail.status === 'ready' ? articleDocumentTitle(detail.data.topic.name) : null);

  if (detail.status === 'error' && isNotFound(detail.error)) return <NotFound />;
  if (detail.status !== 'ready') {
    return (
      <main id="main" className="page topic-page">
        {detail.status === 'loading' ? <p role="status">Loading the topic…</p> : <p role="alert">We could not load this topic. Please try again.</p>}
      </main>
    );
  }
  const { topic, root, children, subscriberLimited, articleCount } = detail.data;
  const isRoot = topic.id === root.id;
  return (
    <main id="main" className="page topic-page" data-topic={topic.slug}>
      {!isRoot && (
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to={topicPath(root.name)}>{root.name}</Link>
            </li>
            <li aria-current="page">{topic.name}</li>
          </ol>
        </nav>
      )}
      <h1>{topic.name}</h1>
      <div className="topic-meta">
        <p className="topic-count">{articleCountText(articleCount)}</p>
        <RemoteSlot<FollowTopicProps>
          remote="library"
          module="FollowTopic"
          className="follow-topic-slot"
          props={{ slug: topic.slug, name: topic.name, subscriberLimited }}
          fallback={<p className="slot-fallback">Following topics is unavailable right now.</p>}
          hydrate="interaction"
        />
      </div>
      {isRoot && children.length > 0 && (
        <section aria-labelledby="subtopics-title" className="subtopics">
          <h2 id="subtopics-title" className="ds-section-title">
            Subtopics
          </h2>
          <TopicLinks topics={children} />
        </section>
      )}
      <section aria-labelledby="topic-stream-title">
        <h2 id="topic-stream-title" className="ds-section-title">
          {`Latest in ${topic.name}`}
        </h2>
        <StreamList type="topic" params={{ topic: topic.slug }} label={`${topic.name} articles`} />
      </section>
    </main>
  );
}
