import { Link } from 'react-router-dom';
import { api, useLoad } from 'shared-contracts';

export function Topics() {
  const topics = useLoad('topics', () => api.topics());
  return (
    <main id="main" className="page">
      <h1>Topics</h1>
      {topics.status === 'loading' && <p role="status">Loading topics…</p>}
      {topics.status === 'error' && <p role="alert">We could not load the topics. Please try again.</p>}
      {topics.status === 'ready' && (
        <ul className="topic-list">
          {topics.data.map((t) => (
            <li key={t.id}>
              <Link to={`/topic/${t.slug}`}>{t.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
