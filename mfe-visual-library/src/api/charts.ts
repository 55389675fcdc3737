/** The visual library's calls: subjects, collections and a page of a subject's charts. */
import { visualApi, type ChartPage, type Collection, type VisualSubject } from 'shared-contracts/visual';

/** The subjects of the tabs. */
export const loadSubjects = (): Promise<VisualSubject[]> => visualApi.chartSubjects();

/** The collection cards of the feed. */
export const loadCollections = (): Promise<{ collections: Collection[] }> => visualApi.chartCollections();

/** One page (from 1) of the charts of a subject filter ('' for all). */
export const loadCharts = (page: number, filter: string): Promise<ChartPage> => visualApi.charts({ page, filter: filter || undefined });
