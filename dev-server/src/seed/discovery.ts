/**
 * The discovery seed (decision 012), each part from its own random stream so the content seeded before
 * it does not change:
 *  - three subscriber-limited subtopics (a fixed list);
 *  - sponsored reports (the 'analytics' stream), stream 'sponsored';
 *  - issue membership: magazine articles get the issue covering their month;
 *  - three short archive articles for every issue before the generated articles start (1956-2022),
 *    stream 'archive-articles', so every /archive-toc page has a table of contents;
 *  - issue summaries for the issue card, stream 'issue-summaries';
 *  - newsletters and marketing campaigns (a fixed list).
 *
 * The search index is the database's, filled by triggers as the articles are inserted (migration 0018).
 */
import type { Insertable } from 'kysely';
import type { NewArticle, NewTopic, NewsletterTable } from '../db/database';
import { ARTICLE_MONTHS } from './articles';
import type { IssueSeed } from './issues';
import type { Rng } from './prng';
import { capitalize, makeParagraph, makePersonName, makeSentence, makeTitle, slugify, uniqueSlug } from './text';
import { topicId } from './topics';

/** Subtopics whose follow needs a subscriber class (SITE-06). */
export const SUBSCRIBER_ONLY_TOPICS = ['Generative AI', 'Private equity', 'Succession planning'] as const;
export const SUBSCRIBER_ONLY_TOPIC_IDS: readonly string[] = SUBSCRIBER_ONLY_TOPICS.map(topicId);

/** Fictional sponsors of the sponsored reports. */
export const SPONSORS = ['Brightfield Systems', 'Calder & Wray', 'Oaklane Cloud', 'Tessellate Data'] as const;
export const SPONSORED_REPORT_COUNT = 8;
/** Where sponsored reports draw their topics from. */
const SPONSORED_ROOTS = ['tp-technology-and-analytics', 'tp-strategy', 'tp-business-management'];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Months (1-12) an issue label covers: 'July-August' -> [7, 8], 'May' -> [5]. */
export function monthsOfLabel(label: string): number[] {
  return label.split('-').map((name) => {
    const index = MONTHS.indexOf(name as (typeof MONTHS)[number]);
    if (index < 0) throw new Error(`Unknown month in issue label '${label}'`);
    return index + 1;
  });
}

/** The issue whose label covers the month, or null (a gap in the archive). */
export function issueCovering(issues: readonly IssueSeed[], year: number, month: number): IssueSeed | null {
  return issues.find((i) => i.year === year && monthsOfLabel(i.label).includes(month)) ?? null;
}

/** Every slug already used in a (year, month), for unique article paths. */
function slugsByMonth(articles: readonly Pick<NewArticle, 'year' | 'month' | 'slug'>[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const a of articles) {
    const key = `${a.year}-${a.month}`;
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(a.slug);
  }
  return map;
}

function takenIn(map: Map<string, Set<string>>, year: number, month: number): Set<string> {
  const key = `${year}-${month}`;
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

/** Sponsored reports spread over the months of the generated articles; Digital Article in the table. */
export function buildSponsoredReports(
  rng: Rng,
  topics: readonly Pick<NewTopic, 'id' | 'name' | 'parent_id'>[],
  existing: readonly Pick<NewArticle, 'year' | 'month' | 'slug'>[],
): NewArticle[] {
  const pool = topics.filter((t) => t.parent_id !== null && t.parent_id !== undefined && SPONSORED_ROOTS.includes(t.parent_id));
  const taken = slugsByMonth(existing);
  const { first, last } = ARTICLE_MONTHS;
  const monthCount = (last.year - first.year) * 12 + (last.month - first.month) + 1;
  const rows: NewArticle[] = [];
  for (let i = 0; i < SPONSORED_REPORT_COUNT; i++) {
    // One report in each eighth of the period, on a random month of it.
    const from = Math.floor((i * monthCount) / SPONSORED_REPORT_COUNT);
    const to = Math.floor(((i + 1) * monthCount) / SPONSORED_REPORT_COUNT) - 1;
    const index = first.month - 1 + rng.int(from, Math.max(from, to));
    const year = first.year + Math.floor(index / 12);
    const month = (index % 12) + 1;
    const topic = rng.pick(pool);
    const sponsor = SPONSORS[i % SPONSORS.length] ?? SPONSORS[0];
    const title = `${makeTitle(rng, topic.name)}: A Research Report`;
    const slug = uniqueSlug(slugify(title), takenIn(taken, year, month));
    const day = rng.int(1, 28);
    rows.push({
      id: `sr${year}${String(month).padStart(2, '0')}${String(i + 1).padStart(2, '0')}`,
      slug,
      year,
      month,
      title,
      summary: `Research produced by Analytic Services and sponsored by ${sponsor}. ${capitalize(makeSentence(rng))}`,
      lead: makeParagraph(rng, 2, 3),
      body: JSON.stringify(Array.from({ length: rng.int(6, 8) }, () => makeParagraph(rng))),
      authors: JSON.stringify(['Analytic Services']),
      published: new Date(Date.UTC(year, month - 1, day, rng.int(9, 17), rng.int(0, 59))).toISOString(),
      content_type: 'Digital Article',
      topic_id: topic.id,
      series: null,
      big_idea: 0,
      free: 0,
      image: null,
      sponsor,
    });
  }
  return rows;
}

/** The issue code of each magazine article (id -> code) whose month an issue covers. */
export function issueCodesFor(
  articles: readonly Pick<NewArticle, 'id' | 'year' | 'month' | 'content_type'>[],
  issues: readonly IssueSeed[],
): Map<string, string> {
  const codes = new Map<string, string>();
  for (const a of articles) {
    if (a.content_type !== 'Magazine Article') continue;
    const issue = issueCovering(issues, a.year, a.month);
    if (issue) codes.set(a.id, issue.code);
  }
  return codes;
}

export const ARCHIVE_ARTICLES_PER_ISSUE = 3;

/** Tries at a title that no other article of its issue has, before giving up with an error. */
const TITLE_ATTEMPTS = 50;

/**
 * Short magazine articles published on the first day of an issue's first month: three for every
 * issue before the generated articles start (1956-2022), and, for the later issues, as many as it
 * takes to give each at least three (`issueSizes`: how many generated articles an issue already has).
 *
 * Titles are unique within an issue (a table of contents never lists one title twice):
 * `issueTitles` holds the titles an issue already has (its generated articles), and a title drawn
 * twice is drawn again from `retry`, a stream of its own, so only the clashing article changes and
 * the rest of the seed stays as it was.
 */
export function buildArchiveArticles(
  rng: Rng,
  topics: readonly Pick<NewTopic, 'id' | 'name' | 'parent_id'>[],
  issues: readonly IssueSeed[],
  existing: readonly Pick<NewArticle, 'year' | 'month' | 'slug'>[],
  issueSizes: ReadonlyMap<string, number> = new Map(),
  issueTitles: ReadonlyMap<string, readonly string[]> = new Map(),
  retry: Rng = rng,
): NewArticle[] {
  const subtopics = topics.filter((t) => t.parent_id !== null && t.parent_id !== undefined);
  const taken = slugsByMonth(existing);
  const rows: NewArticle[] = [];
  for (const issue of issues) {
    const count = ARCHIVE_ARTICLES_PER_ISSUE - (issue.year >= ARTICLE_MONTHS.first.year ? (issueSizes.get(issue.code) ?? 0) : 0);
    const month = monthsOfLabel(issue.label)[0] ?? 1;
    const published = new Date(Date.UTC(issue.year, month - 1, 1, 12)).toISOString();
    const titles = new Set(issueTitles.get(issue.code));
    for (let n = 1; n <= count; n++) {
      const topic = rng.pick(subtopics);
      let title = makeTitle(rng, topic.name);
      for (let attempt = 1; titles.has(title); attempt++) {
        if (attempt > TITLE_ATTEMPTS) throw new Error(`No unique title for an article of issue ${issue.code}`);
        title = makeTitle(retry, topic.name);
      }
      titles.add(title);
      const authors = rng.chance(0.3) ? [makePersonName(rng), makePersonName(rng)] : [makePersonName(rng)];
      rows.push({
        id: `a${issue.code}-${n}`,
        slug: uniqueSlug(slugify(title), takenIn(taken, issue.year, month)),
        year: issue.year,
        month,
        title,
        summary: capitalize(makeSentence(rng)),
        lead: makeParagraph(rng, 1, 2),
        body: JSON.stringify(Array.from({ length: rng.int(2, 3) }, () => makeParagraph(rng, 2, 3))),
        authors: JSON.stringify([...new Set(authors)]),
        published,
        content_type: 'Magazine Article',
        topic_id: topic.id,
        series: null,
        big_idea: 0,
        free: 0,
        image: null,
        issue_code: issue.code,
      });
    }
  }
  return rows;
}

/** One or two sentences per issue for the issue card (code -> summary). */
export function buildIssueSummaries(rng: Rng, issues: readonly IssueSeed[]): Map<string, string> {
  const summaries = new Map<string, string>();
  for (const issue of issues) {
    const first = `In the ${issue.label} ${issue.year} issue: ${makeSentence(rng).replace(/^\w/, (c) => c.toLowerCase())}`;
    summaries.set(issue.code, rng.chance(0.5) ? `${first} ${capitalize(makeSentence(rng))}` : first);
  }
  return summaries;
}

/** Newsletters and marketing campaigns (names and copy written for this project). */
const NEWSLETTER_LIST: readonly Omit<Insertable<NewsletterTable>, 'position'>[] = [
  {
    id: 'daily-brief',
    kind: 'newsletter',
    name: 'The Daily Brief',
    description: 'The day’s most useful ideas for managers, in five minutes.',
    frequency: 'Daily',
    subscriber_only: 0,
  },
  {
    id: 'management-tip',
    kind: 'newsletter',
    name: 'Management Tip of the Day',
    description: 'One short, practical tip for running your team better.',
    frequency: 'Daily',
    subscriber_only: 0,
  },
  {
    id: 'leadership-weekly',
    kind: 'newsletter',
    name: 'Leadership Weekly',
    description: 'Research and reflections on leading people, every week.',
    frequency: 'Weekly',
    subscriber_only: 0,
  },
  {
    id: 'tech-and-analytics',
    kind: 'newsletter',
    name: 'Tech and Analytics',
    description: 'How data and technology are changing management.',
    frequency: 'Weekly',
    subscriber_only: 0,
  },
  {
    id: 'subscriber-exclusive',
    kind: 'newsletter',
    name: 'Subscriber Exclusive',
    description: 'Early reads from the next issue, for subscribers only.',
    frequency: 'Monthly',
    subscriber_only: 1,
  },
  {
    id: 'big-idea-insider',
    kind: 'newsletter',
    name: 'The Big Idea Insider',
    description: 'Behind the scenes of each Big Idea, for subscribers only.',
    frequency: 'Monthly',
    subscriber_only: 1,
  },
  {
    id: 'special-offers',
    kind: 'marketingCampaign',
    name: 'Special offers',
    description: 'Discounts on subscriptions, books and courses.',
    frequency: 'Occasional',
    subscriber_only: 0,
  },
  {
    id: 'events-and-webinars',
    kind: 'marketingCampaign',
    name: 'Events and webinars',
    description: 'Invitations to live events and online sessions.',
    frequency: 'Monthly',
    subscriber_only: 0,
  },
  {
    id: 'product-updates',
    kind: 'marketingCampaign',
    name: 'Product updates',
    description: 'New features of the site and the app.',
    frequency: 'Occasional',
    subscriber_only: 0,
  },
];
export const NEWSLETTERS: readonly Insertable<NewsletterTable>[] = NEWSLETTER_LIST.map((n, position) => ({ ...n, position }));
