/**
 * The article page as a browser without JavaScript (and a crawler) receives it: the built shell's
 * index.html with the article's <title>, meta description and NewsArticle JSON-LD in the head, and
 * the headline and lead inside <div id="root"> (the shell's React root replaces them when it
 * starts). Never a body paragraph: those come only from the meter (POST /api/article/piano/content).
 * Metered articles declare their gated part (hasPart .article-gated), where the paywall gate puts
 * the body; an empty section.article-gated is rendered so the selector names an element.
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

/** The index.html of the shell with the article's head and headline. Replacers are functions: no `$` patterns. */
export function renderArticlePage(indexHtml: string, article: Article, origin: string): string {
  const title = `<title>${escapeHtml(`${article.title} | ${SITE_NAME}`)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(article.summary)}" />`;
  const jsonLd = `<script type="application/ld+json">${scriptJson(articleJsonLd(article, origin))}</script>`;

  let page = indexHtml;
  page = /<title>[\s\S]*?<\/title>/i.test(page) ? page.replace(/<title>[\s\S]*?<\/title>/i, () => title) : beforeHeadEnd(page, title);
  // The built index.html is minified: attribute values may have lost their quotes.
  const existingDescription = /<meta\s+name=(?:"description"|'description'|description)(?=[\s/>])[^>]*>/i;
  page = existingDescription.test(page) ? page.replace(existingDescription, () => description) : beforeHeadEnd(page, description);
  page = beforeHeadEnd(page, jsonLd);

  const headline =
    `<main id="main" class="page article"><article>` +
    `<h1>${escapeHtml(article.title)}</h1>` +
    `<p class="lead">${escapeHtml(article.lead)}</p>` +
    (article.free ? '' : `<section class="article-gated"></section>`) +
    `</article></main>`;
  return page.replace(/<div id=(?:"root"|'root'|root)(?=[\s>])[^>]*>/i, (open) => open + headline);
}
