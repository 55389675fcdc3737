/**
 * Search quality: a fixed set of queries a reader would type and what must come back first, through
 * the API, on whichever engine the tests run (SQLite FTS5, or PostgreSQL with TEST_DATABASE_URL).
 * A change of ranking, tokeniser or weights that makes these worse fails here.
 */
import request from 'supertest';
import { SearchSuggestionSchema } from 'shared-contracts/server';
import { loadStream } from '../test/discovery';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (query: string, size = 10) => loadStream(t, `/service/stream/search/1/${size}?query=${encodeURIComponent(query)}`);
const suggest = async (term: string) =>
  SearchSuggestionSchema.parse(
    (
      await request(t.app)
        .get(`/service/search/auto-suggest?term=${encodeURIComponent(term)}`)
        .expect(200)
    ).body,
  );

describe('search quality', () => {
  // [typed, what every one of the first `top` titles holds, top]
  it.each([
    ['supplier networks', /supplier networks/i, 5],
    ['Customer Loyalty', /customer loyalty/i, 5],
    ['cash flow', /cash flow/i, 5],
    ['middle management', /middle management/i, 5],
    ['frontline work', /frontline work/i, 5],
    ['pricing power', /pric.*power|power.*pric/i, 3],
    ['strategies', /strateg/i, 3],
    ['innovation', /innovation/i, 3],
    // The phrase's words in another order, and other forms of them.
    ['networks of suppliers', /supplier networks/i, 3],
  ] as const)('%s: the first titles hold %s', async (typed, expected, top) => {
    const stream = await search(typed);
    const titles = stream.entry.slice(0, top).map((e) => e.title);
    expect(titles).toHaveLength(top);
    for (const title of titles) expect(title).toMatch(expected);
  });

  it('artificial intelligence: the one article with both words in its title comes first', async () => {
    const stream = await search('artificial intelligence');
    expect(stream.entry[0]!.title).toBe('Artificial Intelligence in a Crowded Market');
    // Articles with one of the words follow it.
    expect(stream.page.totalElements).toBeGreaterThan(10);
  });

  it('a topic name finds the articles of the topic first', async () => {
    const stream = await search('negotiation strategies');
    for (const e of stream.entry.slice(0, 5)) expect(e.category.term).toBe('Negotiation strategies');
  });

  it('auto-suggest: whole words and a prefix find the articles whose title holds them', async () => {
    const networks = await suggest('supplier netw');
    expect(networks.records).toHaveLength(6);
    for (const r of networks.records) expect(r.title).toMatch(/supplier networks/i);
    const intelligence = await suggest('artificial intel');
    expect(intelligence.records[0]!.title).toBe('Artificial Intelligence in a Crowded Market');
    const loyalty = await suggest('customer loy');
    for (const r of loyalty.records) expect(r.title).toMatch(/customer loyalty/i);
  });
});
