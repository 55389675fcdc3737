/**
 * The rows of one feed page: the entries, with a collection card after every third entry
 * (collectionCardAfter, PAY-02), cycling through the collections in order. The cycle goes on
 * across pages: page 2 starts with the collection after the last one of page 1 (NOT IN SPEC).
 */
import { VISUAL_LIBRARY_COLLECTION_EVERY, VISUAL_LIBRARY_PAGE_SIZE, collectionCardAfter, type Chart, type Collection } from 'shared-contracts/visual';

export type FeedRow = { kind: 'chart'; chart: Chart } | { kind: 'collection'; collection: Collection; key: string };

/** Collection cards shown on the pages before `page` (full pages of VISUAL_LIBRARY_PAGE_SIZE). */
export function cardsBefore(page: number): number {
  return Math.max(0, page - 1) * Math.floor(VISUAL_LIBRARY_PAGE_SIZE / VISUAL_LIBRARY_COLLECTION_EVERY);
}

export function feedRows(charts: readonly Chart[], collections: readonly Collection[], page = 1): FeedRow[] {
  const rows: FeedRow[] = [];
  let card = cardsBefore(page);
  charts.forEach((chart, index) => {
    rows.push({ kind: 'chart', chart });
    if (collections.length > 0 && collectionCardAfter(index)) {
      const collection = collections[card % collections.length];
      if (collection) rows.push({ kind: 'collection', collection, key: `collection-${index}-${collection.id}` });
      card += 1;
    }
  });
  return rows;
}
