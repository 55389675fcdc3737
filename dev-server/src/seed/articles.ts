/** Generated articles, January 2023 to June 2025, about four a month. */
import type { NewArticle, NewTopic } from '../db/database';
import { articleUrl } from '../services/content';
import type { Rng } from './prng';
import { capitalize, makeParagraph, makePersonName, makeSentence, makeTitle, slugify, uniqueSlug } from './text';
import { SERIES } from './words';

export const ARTICLE_MONTHS: { first: { year: number; month: number }; last: { year: number; month: number } } = {
  first: { year: 2023, month: 1 },
  last: { year: 2025, month: 6 },
};
const PER_MONTH = 4;

/**
 * Ids of these generated articles: 'a' + year + month + number in the month (a20250604). The later
 * parts of the seed (sponsored reports 'sr...', issue articles 'a{issueCode}-{n}') never match it.
 */
export function isGeneratedArticleId(id: string): boolean {
  return /^a\d{8}$/.test(id);
}

/** The article page path: /{yyyy}/{mm}/{slug}, month zero-padded (one definition, in the content service). */
export const articlePath = articleUrl;

export function buildArticles(rng: Rng, topics: readonly NewTopic[]): NewArticle[] {
  const subtopics = topics.filter((t) => t.parent_id !== null && t.parent_id !== undefined);
  const slugs = new Set<string>();
  const rows: NewArticle[] = [];
  const { first, last } = ARTICLE_MONTHS;
  for (let y = first.year; y <= last.year; y++) {
    const lastMonth = y === last.year ? last.month : 12;
    for (let m = y === first.year ? first.month : 1; m <= lastMonth; m++) {
      const days = rng
        .sample(
          Array.from({ length: 28 }, (_, i) => i + 1),
          PER_MONTH,
        )
        .sort((a, b) => a - b);
      days.forEach((day, i) => {
        const topic = rng.pick(subtopics);
        const title = makeTitle(rng, topic.name);
        const slug = uniqueSlug(slugify(title), slugs);
        const bigIdea = rng.chance(0.08);
        const series = bigIdea ? 'The Big Idea' : rng.chance(0.2) ? rng.pick(SERIES) : null;
        const authorCount = rng.chance(0.35) ? 2 : 1;
        const authors = Array.from({ length: authorCount }, () => makePersonName(rng));
        const hour = rng.int(9, 20);
        const published = new Date(Date.UTC(y, m - 1, day, hour, rng.int(0, 59))).toISOString();
        rows.push({
          id: `a${y}${String(m).padStart(2, '0')}${String(i + 1).padStart(2, '0')}`,
          slug,
          year: y,
          month: m,
          title,
          summary: `${makeSentence(rng)} ${capitalize(makeSentence(rng))}`,
          lead: makeParagraph(rng, 2, 3),
          body: JSON.stringify(Array.from({ length: rng.int(6, 10) }, () => makeParagraph(rng))),
          authors: JSON.stringify([...new Set(authors)]),
          published,
          content_type: rng.chance(0.35) ? 'Magazine Article' : 'Digital Article',
          topic_id: topic.id,
          series,
          big_idea: bigIdea ? 1 : 0,
          free: rng.chance(0.1) ? 1 : 0,
          image: null,
        });
      });
    }
  }
  return rows;
}
