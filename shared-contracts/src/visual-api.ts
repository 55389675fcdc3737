/**
 * The visual library's calls (issue 9): its collections, its subjects and a page of charts. In the
 * visual entry (`shared-contracts/visual`), not in the core's client: only the visual-library remote
 * makes them. They go through the page's client (`api.request`).
 */
import * as z from 'zod/mini';
import { api, query } from 'shared-contracts';
import { ChartPageSchema, CollectionListSchema, VisualSubjectSchema } from './visual';

export const visualApi = {
  chartCollections: () => api.request('GET', '/api/data-and-visuals/collections', CollectionListSchema),
  chartSubjects: () => api.request('GET', '/api/data-and-visuals/subjects', z.array(VisualSubjectSchema)),
  charts: (params: { page?: number; filter?: string; paywall?: boolean } = {}) =>
    api.request(
      'GET',
      `/api/data-and-visuals${query({ page: params.page ?? 1, size: 10, sort: 'publication_date', paywall: params.paywall ?? false, N: params.filter })}`,
      ChartPageSchema,
    ),
};
