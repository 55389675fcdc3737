/** The paywall's calls about reading lists. */
import { api, type ReadingLists } from 'shared-contracts';

/** The reading lists the article appears in. */
export const loadReadingLists = (articleId: string): Promise<ReadingLists> => api.readingLists(articleId);
