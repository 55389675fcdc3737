/** The share links of the article toolbar's stand-in (ArticleActions): off the article's first view. */

export interface ShareLink {
  /** Accessible name and visible text. */
  label: 'Email' | 'LinkedIn' | 'X' | 'Facebook';
  href: string;
}

/** Share links for an article's absolute URL (SITE-02: email, LinkedIn, X, Facebook). */
export function shareLinks(article: { title: string; summary: string }, absoluteUrl: string): ShareLink[] {
  const url = encodeURIComponent(absoluteUrl);
  const title = encodeURIComponent(article.title);
  const body = encodeURIComponent(`${article.summary}\n\n${absoluteUrl}`);
  return [
    { label: 'Email', href: `mailto:?subject=${title}&body=${body}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { label: 'X', href: `https://x.com/intent/tweet?url=${url}&text=${title}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  ];
}

/** The absolute URL of a site path, on the page's own origin. */
export function absoluteUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).href;
}
