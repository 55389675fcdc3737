/** Small pure helpers behind the article headline and actions (SITE-03, SITE-09). */
import { topicPath, type Article } from 'shared-contracts';

/** The site's name, the suffix of every article's document title. */
export const SITE_NAME = 'The Management Review';

/** '{title} | The Management Review'. */
export function articleDocumentTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/** 'By A', 'By A and B', 'By A, B and C'; '' without authors. */
export function bylineText(names: readonly string[]): string {
  const list = names.map((n) => n.trim()).filter(Boolean);
  if (list.length === 0) return '';
  if (list.length === 1) return `By ${list[0]}`;
  return `By ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** The topic link (SITE-02, SITE-03 topicURL): the article's own topic URL, else /topic/{name-lowercased-hyphenated}. */
export function topicHref(topic: Article['topic']): string {
  return topic.url || topicPath(topic.name);
}

/** The marker shown for Big Idea articles. */
export const BIG_IDEA_LABEL = 'Big Idea';

/**
 * The series line, or null. The headline entity (SITE-03) has series and seriesTitle; the Article
 * schema carries `series` only so far, so `seriesTitle` is read when the answer has it. A series
 * that only repeats the Big Idea marker ('The Big Idea') is not shown twice.
 */
export function seriesLine(a: {
  series: string | null;
  seriesTitle?: string | null;
  bigIdea: boolean;
}): { series: string | null; title: string | null } | null {
  const title = a.seriesTitle?.trim() || null;
  let series = a.series?.trim() || null;
  if (series && a.bigIdea && /^(the\s+)?big idea$/i.test(series)) series = null;
  return series || title ? { series, title } : null;
}
