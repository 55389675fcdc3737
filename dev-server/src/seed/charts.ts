/** Visual-library charts: about 60, across six subjects, each drawn from seeded numbers. */
import type { Insertable } from 'kysely';
import type { ChartSubjectTable, ChartTable, NewArticle } from '../db/database';
import type { ChartData } from '../services/chart-svg';
import type { Rng } from './prng';
import { capitalize, makeSentence } from './text';
import { articlePath } from './articles';

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
  'planning to raise technology budgets', 'reporting higher turnover', 'using shared dashboards',
  'piloting four-day weeks', 'expecting slower hiring', 'cutting travel spending', 'adding board committees',
  'tracking supplier emissions', 'training staff on data skills', 'moving work to the cloud',
] as const;
const SOURCES = ['Illustrative survey data', 'Generated sample panel', 'Synthetic industry index'] as const;
const GROUPS = ['North', 'South', 'East', 'West', 'Central'] as const;

export const CHART_COUNT = 60;

export function buildCharts(rng: Rng, articles: readonly NewArticle[]): Insertable<ChartTable>[] {
  const rows: Insertable<ChartTable>[] = [];
  for (let i = 0; i < CHART_COUNT; i++) {
    const subject = CHART_SUBJECTS[i % CHART_SUBJECTS.length];
    if (!subject) throw new Error('no chart subjects');
    const metric = rng.pick(METRICS);
    const percent = metric === 'Share of';
    const title = `${metric} ${rng.pick(POPULATIONS)} ${rng.pick(PREDICATES)}`;
    const kind = rng.chance(0.5) ? 'bar' : 'line';
    const categories =
      kind === 'line' ? ['2019', '2020', '2021', '2022', '2023', '2024'] : rng.sample(GROUPS, rng.int(3, 5));
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
