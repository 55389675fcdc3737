/**
 * Visual-library charts: 60 across six subjects, each drawn from seeded numbers, then (migration
 * 0008) 12 more, so each subject has 12 (two pages of 10), and six collections, one per subject.
 */
import type { Insertable } from 'kysely';
import type { ChartCollectionTable, ChartSubjectTable, ChartTable, NewArticle } from '../db/database';
import type { ChartData } from '../services/chart-svg';
import type { Rng } from './prng';
import { capitalize, makeSentence } from './text';
import { articlePath } from './articles';
import { chartImagePath } from '../services/media';

export const CHART_SUBJECTS: Insertable<ChartSubjectTable>[] = [
  { id: 'leadership', label: 'Leadership', filter: '4294961101', position: 0 },
  { id: 'strategy', label: 'Strategy', filter: '4294961102', position: 1 },
  { id: 'economics', label: 'Economics', filter: '4294961103', position: 2 },
  { id: 'technology', label: 'Technology', filter: '4294961104', position: 3 },
  { id: 'finance', label: 'Finance', filter: '4294961105', position: 4 },
  { id: 'workplace', label: 'Workplace', filter: '4294961106', position: 5 },
];

const METRICS = ['Share of', 'Number of', 'Growth in the number of'] as const;
const POPULATIONS = ['managers', 'CFOs', 'midsize firms', 'startups', 'employees', 'boards', 'retailers', 'hospitals'] as const;
const PREDICATES = [
  'planning to raise technology budgets',
  'reporting higher turnover',
  'using shared dashboards',
  'piloting four-day weeks',
  'expecting slower hiring',
  'cutting travel spending',
  'adding board committees',
  'tracking supplier emissions',
  'training staff on data skills',
  'moving work to the cloud',
] as const;
const SOURCES = ['Illustrative survey data', 'Generated sample panel', 'Synthetic industry index'] as const;
const GROUPS = ['North', 'South', 'East', 'West', 'Central'] as const;

export const CHART_COUNT = 60;

/** Charts added with the visual library, after the first CHART_COUNT: two more per subject. */
export const EXTRA_CHART_COUNT = 12;

/** Whether a chart id is one of the first CHART_COUNT charts (dv-0001 ... dv-0060). */
export function isBaseChartId(id: string): boolean {
  const match = /^dv-(\d{4})$/.exec(id);
  return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= CHART_COUNT;
}

type ParentArticle = Pick<NewArticle, 'title' | 'year' | 'month' | 'slug'>;

/** The first CHART_COUNT charts (stream 'charts'). */
export function buildCharts(rng: Rng, articles: readonly ParentArticle[]): Insertable<ChartTable>[] {
  return buildChartRange(rng, articles, 0, CHART_COUNT);
}

/** The EXTRA_CHART_COUNT charts after them (stream 'charts-extra'), ids dv-0061 on. */
export function buildExtraCharts(rng: Rng, articles: readonly ParentArticle[]): Insertable<ChartTable>[] {
  return buildChartRange(rng, articles, CHART_COUNT, EXTRA_CHART_COUNT);
}

function buildChartRange(rng: Rng, articles: readonly ParentArticle[], start: number, count: number): Insertable<ChartTable>[] {
  const rows: Insertable<ChartTable>[] = [];
  for (let i = start; i < start + count; i++) {
    const subject = CHART_SUBJECTS[i % CHART_SUBJECTS.length];
    if (!subject) throw new Error('no chart subjects');
    const metric = rng.pick(METRICS);
    const percent = metric === 'Share of';
    const title = `${metric} ${rng.pick(POPULATIONS)} ${rng.pick(PREDICATES)}`;
    const kind = rng.chance(0.5) ? 'bar' : 'line';
    const categories = kind === 'line' ? ['2019', '2020', '2021', '2022', '2023', '2024'] : rng.sample(GROUPS, rng.int(3, 5));
    const seriesCount = rng.chance(0.4) ? 2 : 1;
    const series = Array.from({ length: seriesCount }, (_, si) => ({
      name: seriesCount === 1 ? 'All respondents' : si === 0 ? 'Large firms' : 'Small firms',
      values: categories.map(() => (percent ? rng.int(5, 95) : rng.int(10, 400))),
    }));
    const data: ChartData = { kind, unit: percent ? '%' : '', categories, series, source: rng.pick(SOURCES) };
    const article = rng.pick(articles);
    const published = new Date(Date.UTC(rng.int(2022, 2025), rng.int(0, 11), rng.int(1, 28), 12)).toISOString();
    rows.push({
      id: `dv-${String(i + 1).padStart(4, '0')}`,
      title,
      subject_id: subject.id,
      summary: `${capitalize(makeSentence(rng))} ${makeSentence(rng)}`,
      published,
      kind,
      data: JSON.stringify(data),
      parent_article_title: article.title,
      parent_article_url: articlePath(article.year, article.month, article.slug),
      is_collection: 0,
    });
  }
  return rows;
}

interface CollectionSeed {
  id: string;
  subjectId: string;
  title: string;
  summary: string;
}

/** The collections, one per subject; some summaries run past COLLECTION_SUMMARY_MAX_CHARS (165). */
export const CHART_COLLECTIONS: readonly CollectionSeed[] = [
  {
    id: 'leading-through-uncertainty',
    subjectId: 'leadership',
    title: 'Leading Through Uncertainty',
    summary:
      'How managers and boards are changing the way they plan, hire and communicate when the outlook keeps shifting: a collection of charts on confidence, turnover and the habits of teams that adapt quickly to change.',
  },
  {
    id: 'strategy-in-numbers',
    subjectId: 'strategy',
    title: 'Strategy in Numbers',
    summary: 'Where firms are placing their bets, and what the data says about the plans that last.',
  },
  {
    id: 'the-economy-in-charts',
    subjectId: 'economics',
    title: 'The Economy in Charts',
    summary:
      'Prices, wages, hiring and spending across regions and firm sizes, drawn from illustrative panels: the numbers behind the headlines, with the trends that matter most for planning the year ahead and beyond.',
  },
  {
    id: 'technology-at-work',
    subjectId: 'technology',
    title: 'Technology at Work',
    summary: 'Cloud moves, shared dashboards and data skills: how technology budgets are being spent.',
  },
  {
    id: 'where-the-money-goes',
    subjectId: 'finance',
    title: 'Where the Money Goes',
    summary:
      'What CFOs are cutting, what they are funding and how boards read the risk: a collection of charts on budgets, travel spending, supplier costs and the reporting that investors now expect from every company.',
  },
  {
    id: 'the-future-of-work',
    subjectId: 'workplace',
    title: 'The Future of Work',
    summary: 'Four-day weeks, hybrid teams and the new shape of the office, in a handful of charts.',
  },
];

/**
 * The collection rows: each links to the visual library filtered by its subject and shows the image
 * of that subject's first chart (by id) among `charts`.
 */
export function buildCollections(charts: ReadonlyArray<{ id: string; subject_id: string }>): Insertable<ChartCollectionTable>[] {
  const sorted = [...charts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return CHART_COLLECTIONS.map((c, position) => {
    const subject = CHART_SUBJECTS.find((s) => s.id === c.subjectId);
    const chart = sorted.find((ch) => ch.subject_id === c.subjectId);
    if (!subject || !chart) throw new Error(`no chart of subject ${c.subjectId} for collection ${c.id}`);
    return {
      id: c.id,
      title: c.title,
      summary: c.summary,
      collection_link: `/visual-library?filter=${subject.filter}`,
      content_image: chartImagePath(chart.id),
      position,
    };
  });
}
