import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, api, formatLongDate, useLoad } from 'shared-contracts';
import { startRemoteLoad } from '../federation';
import { RemoteSlot, SlotFallback } from '../RemoteSlot';
import { NotFound } from './NotFound';

/** /{yyyy}/{mm}/{slug}: the headline is the shell's; the body is behind the paywall's gate. */
export function ArticlePage() {
  const { year = '', month = '', slug = '' } = useParams();
  const valid = /^\d{4}$/.test(year) && /^\d{2}$/.test(month);
  // The gate is needed as soon as the article is: load both at once.
  useEffect(() => {
    if (valid) startRemoteLoad('paywall', 'ArticleGate').promise.catch(() => {});
  }, [valid]);
  const article = useLoad(`${year}/${month}/${slug}`, () => (valid ? api.article(year, month, slug) : Promise.reject(new ApiError(404, null))));
  if (!valid) return <NotFound />;
  if (article.status === 'error') {
    return article.error instanceof ApiError && article.error.status === 404 ? (
      <NotFound />
    ) : (
      <main id="main" className="page">
        <p role="alert">We could not load this article. Please try again.</p>
      </main>
    );
  }
  if (article.status === 'loading') {
    return (
      <main id="main" className="page">
        <p role="status">Loading article…</p>
      </main>
    );
  }
  const a = article.data;
  return (
    <main id="main" className="page article">
      <article>
        <header className="article-headline">
          <Link to={a.topic.url} className="eyebrow">
            {a.topic.name}
          </Link>
          {a.series && <p className="series">{a.series}</p>}
          <h1>{a.title}</h1>
          <p className="dek">{a.summary}</p>
          <p className="byline">
            {a.author.map((x) => x.name).join(' and ')} · <time dateTime={a.published}>{formatLongDate(a.published)}</time>
          </p>
        </header>
        <RemoteSlot
          remote="paywall"
          module="ArticleGate"
          props={{ article: a }}
          fallback={
            <div>
              <p className="lead">{a.lead}</p>
              <SlotFallback what="The rest of this article" />
            </div>
          }
          placeholder={<p className="lead">{a.lead}</p>}
        />
      </article>
    </main>
  );
}
