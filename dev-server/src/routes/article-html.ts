/**
 * The head of an article's document: the article's <title>, meta description and NewsArticle
 * JSON-LD, written by the server into the rendered page (routes/shell.ts). The body is never in the
 * HTML: it comes only from the meter (POST /api/article/piano/content). Metered articles declare
 * their gated part (hasPart .article-gated), where the paywall gate puts the body; the rendered page
 * holds an empty section.article-gated until then, so the selector names an element.
 */
import { type Article } from 'shared-contracts/server';

export const SITE_NAME = 'The Management Review';
export const GATED_SELECTOR = '.article-gated';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON for a <script> element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function articleJsonLd(article: Article, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary,
    datePublished: article.published,
    author: article.author.map((a) => ({ '@type': 'Person', name: a.name })),
    url: `${origin}${article.url}`,
    isAccessibleForFree: article.free,
    ...(article.free ? {} : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: GATED_SELECTOR } }),
  };
}

/** Inserts `html` before `</head>` (or at the start when there is none). */
function beforeHeadEnd(page: string, html: string): string {
  const at = page.search(/<\/head>/i);
  return at < 0 ? html + page : page.slice(0, at) + html + page.slice(at);
}

/** index.html with the article's title, description and JSON-LD. Replacers are functions: no `$` patterns. */
export function withArticleHead(indexHtml: string, article: Article, origin: string): string {
  const title = `<title>${escapeHtml(`${article.title} | ${SITE_NAME}`)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(article.summary)}" />`;
  const jsonLd = `<script type="application/ld+json">${scriptJson(articleJsonLd(article, origin))}</script>`;

  let page = indexHtml;
  page = /<title>[\s\S]*?<\/title>/i.test(page) ? page.replace(/<title>[\s\S]*?<\/title>/i, () => title) : beforeHeadEnd(page, title);
  // The built index.html is minified: attribute values may have lost their quotes.
  const existingDescription = /<meta\s+name=(?:"description"|'description'|description)(?=[\s/>])[^>]*>/i;
  page = existingDescription.test(page) ? page.replace(existingDescription, () => description) : beforeHeadEnd(page, description);
  return beforeHeadEnd(page, jsonLd);
}
