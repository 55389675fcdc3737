import { Link } from 'react-router-dom';
import { api, formatLongDate, type ArticleSummary, useLoad } from 'shared-contracts';

export function ArticleList({ entries }: { entries: ArticleSummary[] }) {
  return (
    <ul className="article-list">
      {entries.map((a) => (
        <li key={a.id} className="article-card">
          <p className="eyebrow">{a.category.term}</p>
          <h3>
            <Link to={a.url}>{a.title}</Link>
          </h3>
          <p>{a.summary}</p>
          <p className="byline">
            {a.author.map((x) => x.name).join(' and ')} · {formatLongDate(a.published)}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function Home({ title = 'The Latest' }: { title?: string }) {
  const latest = useLoad('latest', () => api.latest(1, 8));
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      {latest.status === 'loading' && <p role="status">Loading articles…</p>}
      {latest.status === 'error' && <p role="alert">We could not load the latest articles. Please try again.</p>}
      {latest.status === 'ready' && <ArticleList entries={latest.data.entry} />}
    </main>
  );
}
