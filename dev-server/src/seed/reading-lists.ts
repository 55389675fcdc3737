/**
 * The paywall's seed: which articles are Ascend articles (about 10% of the metered ones), and the
 * reading lists (7 lists of 5-8 articles, each around one top-level topic, some articles in several
 * lists). Both draw from their own random streams, so the rest of the site is unchanged by them.
 * Reading lists hold no Ascend article (an Ascend article's message is ascend-full-content, never
 * full-content+rl).
 */
import type { TopicRow } from '../db/database';
import type { Rng } from './prng';
import { slugify } from './text';
import { topicId } from './topics';

/** What the builders need of an article. */
export interface SeedArticleRef {
  id: string;
  topic_id: string;
  free: number;
}

export const ASCEND_SHARE = 0.1;

/** Names written for this project, each with the top-level topic it is about. */
export const READING_LIST_THEMES: ReadonlyArray<{ name: string; topic: string }> = [
  { name: 'Leading Through Uncertainty', topic: 'Leadership and managing people' },
  { name: 'Strategy Essentials', topic: 'Strategy' },
  { name: 'Managing Yourself Well', topic: 'Managing yourself' },
  { name: 'Innovation in Practice', topic: 'Innovation' },
  { name: 'Money Matters', topic: 'Finance and investing' },
  { name: 'Work and Well-Being', topic: 'Health and behavioral science' },
  { name: 'Data-Driven Decisions', topic: 'Technology and analytics' },
];

/** Ids of the Ascend articles: ASCEND_SHARE of the non-free articles (rounded), drawn by `rng`. */
export function pickAscendArticles(rng: Rng, articles: readonly SeedArticleRef[]): Set<string> {
  const metered = [...articles].filter((a) => a.free !== 1).sort((a, b) => a.id.localeCompare(b.id));
  return new Set(rng.sample(metered, Math.round(metered.length * ASCEND_SHARE)).map((a) => a.id));
}

export interface ReadingListSeed {
  lists: Array<{ id: string; slug: string; name: string; position: number }>;
  items: Array<{ list_id: string; article_id: string; position: number }>;
}

export function buildReadingLists(
  rng: Rng,
  articles: readonly SeedArticleRef[],
  topics: ReadonlyArray<Pick<TopicRow, 'id' | 'parent_id'>>,
  ascend: ReadonlySet<string>,
): ReadingListSeed {
  const rootOf = new Map(topics.map((t) => [t.id, t.parent_id ?? t.id]));
  const pool = [...articles].filter((a) => !ascend.has(a.id)).sort((a, b) => a.id.localeCompare(b.id));
  const out: ReadingListSeed = { lists: [], items: [] };
  const listed: string[] = [];
  READING_LIST_THEMES.forEach((theme, index) => {
    const id = `rl-${String(index + 1).padStart(2, '0')}`;
    out.lists.push({ id, slug: slugify(theme.name), name: theme.name, position: index });
    const size = rng.int(5, 8);
    const chosen: string[] = [];
    // From the second list on, one or two articles that an earlier list already holds.
    if (listed.length > 0) chosen.push(...rng.sample([...new Set(listed)], rng.int(1, 2)));
    const root = topicId(theme.topic);
    const onTopic = rng.shuffle(pool.filter((a) => rootOf.get(a.topic_id) === root && !chosen.includes(a.id)));
    for (const a of onTopic) if (chosen.length < size) chosen.push(a.id);
    const others = rng.shuffle(pool.filter((a) => !chosen.includes(a.id)));
    for (const a of others) if (chosen.length < size) chosen.push(a.id);
    rng.shuffle(chosen).forEach((article_id, position) => out.items.push({ list_id: id, article_id, position }));
    listed.push(...chosen);
  });
  return out;
}
