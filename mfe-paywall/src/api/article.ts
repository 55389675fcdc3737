/** The paywall's calls about the article: its body, as the server's meter decides. */
import { ARTICLE_CONTENT_MAX_ATTEMPTS, api, type Article, type ArticleContent } from 'shared-contracts';

/**
 * One content request per article and gift at a time: React's StrictMode mounts twice, and the
 * meter on the server must not see two reads. The entry is dropped once the answer is in.
 */
const inFlight = new Map<string, Promise<ArticleContent>>();

async function fetchContent(article: Article, gift: string | undefined): Promise<ArticleContent> {
  // Retried when the answer is not 200, at most ARTICLE_CONTENT_MAX_ATTEMPTS attempts (PAY-07).
  let lastError: unknown;
  for (let attempt = 1; attempt <= ARTICLE_CONTENT_MAX_ATTEMPTS; attempt++) {
    try {
      return await api.articleContent(article.year, String(article.month).padStart(2, '0'), article.slug, gift);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** The article's content for `key` (article, gift and retry), shared while a request is in flight. */
export function loadArticleContent(key: string, article: Article, gift: string | undefined): Promise<ArticleContent> {
  let p = inFlight.get(key);
  if (!p) {
    p = fetchContent(article, gift);
    inFlight.set(key, p);
    const drop = () => inFlight.delete(key);
    p.then(drop, drop);
  }
  return p;
}
