import { useEffect, useRef } from 'react';
import { Link, useParams } from 'shared-contracts/router';
import { ApiError, api, lazyComponent, Picture, showBuyCopies, useLoad, usePageMeta, type Article } from 'shared-contracts';
import { ArticleHeadline } from '../article/ArticleHeadline';
import { ArticleLoading } from '../article/ArticleLoading';
import { articleDocumentTitle } from '../article/headline';
import { useDocumentTitle } from '../article/useDocumentTitle';
import { PersistentBanner } from '../banner/PersistentBanner';
import { startRemoteLoad } from '../federation';
import { RemoteSlot, SlotFallback } from '../RemoteSlot';
import { NotFound } from './NotFound';

/**
 * The shell's own Save and Share, standing in for library/ItemActions while it loads (a page the
 * browser draws) or when it fails: the server renders ItemActions itself, so this is off the first view.
 */
const ArticleActions = lazyComponent<{ article: Article }>(() =>
  import(/* webpackChunkName: "article-actions" */ '../article/ArticleActions').then((m) => m.ArticleActions),
);

/**
 * /{yyyy}/{mm}/{slug}: the headline, the actions toolbar and the persistent banner are the shell's;
 * the body is the paywall gate's (it fetches the content itself; GET /api/article answers the
 * headline and lead only).
 */
export function ArticlePage() {
  const { year = '', month = '', slug = '' } = useParams();
  const valid = /^\d{4}$/.test(year) && /^\d{2}$/.test(month);
  // The gate is needed as soon as the article is: load both at once.
  useEffect(() => {
    if (valid) startRemoteLoad('paywall', 'ArticleGate').promise.catch(() => {});
  }, [valid]);
  const article = useLoad(`${year}/${month}/${slug}`, () => (valid ? api.article(year, month, slug) : Promise.reject(new ApiError(404, null))));
  useDocumentTitle(article.status === 'ready' ? articleDocumentTitle(article.data.title) : null);
  // The server writes the article's title, description and structured data into the document's head.
  usePageMeta(article.status === 'ready' ? { article: article.data } : {});
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
  if (article.status === 'loading') return <ArticleLoading />;
  return <ArticleView article={article.data} />;
}

function ArticleView({ article: a }: { article: Article }) {
  const articleRef = useRef<HTMLElement>(null);
  return (
    <main id="main" className="page article">
      <article ref={articleRef}>
        <ArticleHeadline article={a} />
        {/* The hero: the first view's largest picture (fetchpriority high); decorative, the headline says what it shows. */}
        {a.image && <Picture image={a.image} alt="" sizes="(min-width: 768px) 48rem, 100vw" priority className="article-hero" />}
        {/* Save and Share are My Library's (library/ItemActions), server-rendered and hydrated when the reader reaches for them (decision 038); if the server could not render them, or they fail, the shell's own toolbar (share links, Save asking guests to sign in) stands in. */}
        <RemoteSlot
          remote="library"
          module="ItemActions"
          className="article-actions-slot"
          props={{ item: { id: a.id, title: a.title, url: a.url, summary: a.summary, contentType: a.contentType } }}
          placeholder={<ArticleActions article={a} />}
          fallback={<ArticleActions article={a} />}
          hydrate="interaction"
        />
        {/* Buy Copies (SITE-05): magazine and digital articles with a product link go to the store's product page. */}
        {a.productLink && showBuyCopies({ contentType: a.contentType, productLink: a.productLink }) && (
          <p className="buy-copies">
            <Link to={a.productLink} aria-label={`Buy Copies of ${a.title}`}>
              Buy Copies
            </Link>
          </p>
        )}
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
          placeholder={
            <>
              <p className="lead">{a.lead}</p>
              {/* Where the gate puts the body: the server's JSON-LD names it for metered articles. */}
              {!a.free && <section className="article-gated" />}
            </>
          }
        />
      </article>
      <PersistentBanner key={a.id} article={a} articleRef={articleRef} />
    </main>
  );
}
