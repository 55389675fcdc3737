/**
 * A publisher-sized archive (SEED_ARTICLES, PLAT-20): catalogue articles added to the seed until the
 * site holds the number asked, spread over 1956 to June 2025 and over every subtopic, each drawn from
 * its own block's random stream ('catalogue:{block}'), so article i is the same whatever the total and
 * a database can be topped up later. Ids 'c' + six digits; slugs end with the id, so they never meet
 * another article's path. No issue membership (the archive's tables of contents stay as seeded).
 */
import type { NewArticle, NewTopic } from '../db/database';
import { createRng } from './prng';
import { capitalize, makeParagraph, makePersonName, makeSentence, makeTitle, slugify } from './text';
import { SERIES } from './words';

/** Articles per random stream (and per insert batch of the seed). */
export const CATALOGUE_BLOCK = 1000;

const FIRST = Date.UTC(1956, 0, 1);
/** Before the last generated articles' month ends (the site's clock in tests is 1 July 2025). */
const LAST = Date.UTC(2025, 5, 28);

export function isCatalogueArticleId(id: string): boolean {
  return /^c\d{6}$/.test(id);
}

/** Catalogue articles number `from` (counted from 0) to `to` (excluded). */
export function buildCatalogueArticles(seed: string, topics: readonly Pick<NewTopic, 'id' | 'name' | 'parent_id'>[], from: number, to: number): NewArticle[] {
  const subtopics = topics.filter((t) => t.parent_id !== null && t.parent_id !== undefined);
  const rows: NewArticle[] = [];
  for (let block = Math.floor(from / CATALOGUE_BLOCK); block * CATALOGUE_BLOCK < to; block++) {
    const rng = createRng(seed, `catalogue:${block}`);
    for (let n = 0; n < CATALOGUE_BLOCK; n++) {
      const index = block * CATALOGUE_BLOCK + n;
      // Every draw of the block is made, kept or not, so an article never depends on `from`.
      // Topics in turn (every one of them gets its share), the rest drawn.
      const topic = subtopics[index % subtopics.length]!;
      const title = makeTitle(rng, topic.name);
      const published = new Date(FIRST + Math.floor(rng.next() * (LAST - FIRST)));
      const authors = Array.from({ length: rng.chance(0.3) ? 2 : 1 }, () => makePersonName(rng));
      const bigIdea = rng.chance(0.03);
      const series = bigIdea ? 'The Big Idea' : rng.chance(0.15) ? rng.pick(SERIES) : null;
      const summary = `${makeSentence(rng)} ${capitalize(makeSentence(rng))}`;
      const lead = makeParagraph(rng, 2, 3);
      const body = JSON.stringify(Array.from({ length: rng.int(3, 6) }, () => makeParagraph(rng)));
      const magazine = rng.chance(0.4);
      const free = rng.chance(0.1);
      if (index < from || index >= to) continue;
      const id = `c${String(index + 1).padStart(6, '0')}`;
      rows.push({
        id,
        slug: `${slugify(title)}-${id}`,
        year: published.getUTCFullYear(),
        month: published.getUTCMonth() + 1,
        title,
        summary,
        lead,
        body,
        authors: JSON.stringify([...new Set(authors)]),
        published: published.toISOString(),
        content_type: magazine ? 'Magazine Article' : 'Digital Article',
        topic_id: topic.id,
        series,
        big_idea: bigIdea ? 1 : 0,
        free: free ? 1 : 0,
        image: null,
      });
    }
  }
  return rows;
}
