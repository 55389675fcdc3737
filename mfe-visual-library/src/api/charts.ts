/** The visual library's calls: subjects, collections and a page of a subject's charts. */
import { api } from 'shared-contracts';
import type { ChartPage, Collection, VisualSubject } from 'shared-contracts/visual';

/** The subjects of the tabs. */
export const loadSubjects = (): Promise<VisualSubject[]> => api.chartSubjects();

/** The collection cards of the feed. */
export const loadCollections = (): Promise<{ collections: Collection[] }> => api.chartCollections();

/** One page (from 1) of the charts of a subject filter ('' for all). */
export const loadCharts = (page: number, filter: string): Promise<ChartPage> => api.charts({ page, filter: filter || undefined });
