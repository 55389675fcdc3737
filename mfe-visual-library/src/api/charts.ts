/** The visual library's calls: subjects, collections and a page of a subject's charts (its own, decision 048). */
import { api, query } from 'shared-contracts';
import { ChartPageSchema, CollectionListSchema, VisualSubjectListSchema, type ChartPage, type Collection, type VisualSubject } from 'shared-contracts/visual';

/** The subjects of the tabs. */
export const loadSubjects = (): Promise<VisualSubject[]> => api.request('GET', '/api/data-and-visuals/subjects', VisualSubjectListSchema);

/** The collection cards of the feed. */
export const loadCollections = (): Promise<{ collections: Collection[] }> => api.request('GET', '/api/data-and-visuals/collections', CollectionListSchema);

/** One page (from 1) of the charts of a subject filter ('' for all), newest first. */
export const loadCharts = (page: number, filter: string): Promise<ChartPage> =>
  api.request('GET', `/api/data-and-visuals${query({ page, size: 10, sort: 'publication_date', paywall: false, N: filter || undefined })}`, ChartPageSchema);
