import { truncateNearWord, COLLECTION_SUMMARY_MAX_CHARS } from 'shared-contracts/visual';
import type { Chart, Collection } from 'shared-contracts/visual';
import { cardsBefore, feedRows } from './rows';

const chart = (n: number): Chart => ({
  id: `c${n}`,
  title: `Chart ${n}`,
  url: `/charts/c${n}`,
  term: 'Strategy',
  contentImage: `/images/c${n}.png`,
  parentArticle: 'Parent',
  parentArticleLink: '/2025/03/parent',
  summary: '',
  published: '2025-03-01T00:00:00.000Z',
  isCollection: false,
});
const collection = (n: number): Collection => ({ id: `k${n}`, title: `Collection ${n}`, summary: 's', collectionLink: `/k${n}`, contentImage: `/k${n}.png` });

/** 'c1 c2 c3 [k1] ...' */
function shape(rows: ReturnType<typeof feedRows>): string {
  return rows.map((r) => (r.kind === 'chart' ? r.chart.id : `[${r.collection.id}]`)).join(' ');
}

describe('feedRows', () => {
  const ten = Array.from({ length: 10 }, (_, i) => chart(i + 1));

  it('puts a collection card after entries 3, 6 and 9, cycling through the collections in order', () => {
    expect(shape(feedRows(ten, [collection(1), collection(2)]))).toBe('c1 c2 c3 [k1] c4 c5 c6 [k2] c7 c8 c9 [k1] c10');
  });

  it('goes on with the cycle on the next pages', () => {
    expect(cardsBefore(1)).toBe(0);
    expect(cardsBefore(2)).toBe(3);
    const cs = [collection(1), collection(2), collection(3), collection(4)];
    expect(shape(feedRows(ten, cs, 2))).toBe('c1 c2 c3 [k4] c4 c5 c6 [k1] c7 c8 c9 [k2] c10');
  });

  it('shows no cards without collections, and none for fewer than three entries', () => {
    expect(shape(feedRows(ten, []))).toBe('c1 c2 c3 c4 c5 c6 c7 c8 c9 c10');
    expect(shape(feedRows(ten.slice(0, 2), [collection(1)]))).toBe('c1 c2');
    expect(shape(feedRows(ten.slice(0, 3), [collection(1)]))).toBe('c1 c2 c3 [k1]');
  });

  it('gives every card a distinct key even when one collection repeats', () => {
    const keys = feedRows(ten, [collection(1)]).flatMap((r) => (r.kind === 'collection' ? [r.key] : []));
    expect(new Set(keys).size).toBe(3);
  });
});

describe('collection summary truncation', () => {
  it('cuts near 165 characters at a word boundary and adds ...', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const cut = truncateNearWord(words, COLLECTION_SUMMARY_MAX_CHARS);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(COLLECTION_SUMMARY_MAX_CHARS + 3);
    expect(words.startsWith(cut.slice(0, -3) + ' ')).toBe(true);
  });
});
