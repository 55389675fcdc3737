/**
 * Home as the browser first paints it: the built shell's index.html with the page's heading and the
 * carousel's first slide (the first entry of the latest stream) inside <div id="root">, in the
 * markup and classes the shell's Home and Carousel render, so the largest paint of the page needs
 * no script (decision 021). The shell's React root replaces it when it starts (new nodes, so no
 * layout shift is counted) and draws the same slide from the same stream page, which the HTML's
 * preload has already fetched.
 */
import { type StreamEntry } from 'shared-contracts/server';
import { escapeHtml } from './article-html';

/** Home's heading and the carousel's name (shell/src/pages/Home.tsx). */
export const HOME_HEADING = 'The Latest';
export const HOME_CAROUSEL_LABEL = 'Featured articles';

export function renderHomePage(indexHtml: string, first: StreamEntry): string {
  const image = first.image ? `<img class="carousel-image" src="${escapeHtml(first.image)}" alt="" width="640" height="360">` : '';
  const slide =
    `<div class="carousel-slide">${image}` +
    `<p class="eyebrow">${escapeHtml(first.category.term)}</p>` +
    `<h2 class="carousel-title"><a href="${escapeHtml(first.url)}">${escapeHtml(first.title)}</a></h2>` +
    `<p>${escapeHtml(first.summary)}</p></div>`;
  const main =
    `<main id="main" class="page"><h1>${HOME_HEADING}</h1>` +
    `<section class="carousel" aria-label="${HOME_CAROUSEL_LABEL}"><div class="carousel-viewport"><div class="carousel-track">${slide}</div></div></section>` +
    `</main>`;
  return indexHtml.replace(/<div id=(?:"root"|'root'|root)(?=[\s>])[^>]*>/i, (open) => open + main);
}
