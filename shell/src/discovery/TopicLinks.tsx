import { Link } from 'shared-contracts/router';
import { topicPath, type Topic } from 'shared-contracts';

/** A list of topic links to their topic pages (/topic/{name-lowercased-hyphenated}). */
export function TopicLinks({ topics }: { topics: readonly Topic[] }) {
  return (
    <ul className="topic-list">
      {topics.map((t) => (
        <li key={t.id}>
          <Link to={topicPath(t.name)}>{t.name}</Link>
        </li>
      ))}
    </ul>
  );
}
