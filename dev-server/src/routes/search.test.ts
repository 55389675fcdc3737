/** Search (the 'search' stream and POST /service/search) and auto-suggest. */
import request from 'supertest';
import { ApiErrorBodySchema, CSRF_HEADER, CSRF_VALUE, DISCOVERY_MESSAGES, SearchSuggestionSchema, type Stream, StreamSchema } from 'shared-contracts/server';
import { queryWords, words } from '../services/search-text';
import { loadStream } from '../test/discovery';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (query: string, extra = '', number = 1, size = 10) =>
  loadStream(t, `/service/stream/search/${number}/${size}?query=${encodeURIComponent(query)}${extra}`);

interface IndexedText {
  id: string;
  /** Words of the title. */
  title: string[];
  /** Words of the topic name, authors, summary and lead. */
  other: string[];
  /** Words of the body. */
  body: string[];
}

let texts: Map<string, IndexedText> | undefined;

/** The words of every article's indexed fields, as the reader sees them (not stemmed). */
async function articleTexts(): Promise<Map<string, IndexedText>> {
  if (texts) return texts;
  const rows = await t.db
    .selectFrom('articles')
    .innerJoin('topics', 'topics.id', 'articles.topic_id')
    .select(['articles.id', 'articles.title', 'articles.summary', 'articles.lead', 'articles.body', 'articles.authors', 'topics.name'])
    .execute();
  texts = new Map(
    rows.map((r) => [r.id, { id: r.id, title: words(r.title), other: words(`${r.name} ${r.authors} ${r.summary} ${r.lead}`), body: words(r.body) }]),
  );
  return texts;
}

/** Whether an article holds a form of the word (a word of its text starting with it, a final s dropped). */
async function holds(articleId: string, word: string): Promise<boolean> {
  const text = (await articleTexts()).get(articleId)!;
  const root = word.replace(/s$/, '');
  return [...text.title, ...text.other, ...text.body].some((w) => w.startsWith(root));
}

async function topicFamily(slug: string): Promise<Set<string>> {
  const res = await request(t.app).get(`/api/topic/${slug}`).expect(200);
  return new Set<string>([res.body.topic.name, ...res.body.children.map((c: { name: string }) => c.name)]);
}

describe('search ranking', () => {
  it('ranks the one article with the word in its title above the many that only have it in the body', async () => {
    // A word in exactly one title and in the bodies, only, of at least 20 other articles.
    const all = [...(await articleTexts()).values()];
    const startsAny = (list: string[], root: string) => list.some((w) => w.startsWith(root));
    const candidates = [...new Set(all.flatMap((a) => a.title))].filter((w) => w.length >= 6).sort();
    const pick = candidates
      .map((word) => {
        const root = word.replace(/s$/, '');
        const titled = all.filter((a) => startsAny(a.title, root));
        const bodyOnly = all.filter((a) => a.body.includes(word) && !startsAny(a.title, root) && !startsAny(a.other, root));
        return { word, titled, bodyOnly };
      })
      .find((c) => c.titled.length === 1 && c.titled[0]!.title.includes(c.word) && c.bodyOnly.length >= 20);
    expect(pick).toBeDefined();
    const stream = await search(pick!.word);
    expect(stream.page.totalElements).toBeGreaterThan(20);
    expect(stream.entry[0]!.id).toBe(pick!.titled[0]!.id);
  });

  it('puts title matches first for a common word', async () => {
    const stream = await search('supplier', '', 1, 20);
    expect(stream.entry).toHaveLength(20);
    for (const e of stream.entry) expect(e.title).toMatch(/supplier/i);
  });

  it('ranks articles matching every word before those matching fewer', async () => {
    const stream = await search('supplier budgets', '', 1, 10);
    for (const e of stream.entry) {
      expect(await holds(e.id, 'supplier')).toBe(true);
      expect(await holds(e.id, 'budget')).toBe(true);
    }
    const lastPage = await search('supplier budgets', '', stream.page.totalPages, 10);
    const last = lastPage.entry.at(-1)!.id;
    expect([await holds(last, 'supplier'), await holds(last, 'budget')].filter(Boolean)).toHaveLength(1);
  });

  it('finds what the forms of a word share (strategies -> strategy)', async () => {
    const plural = await search('strategies');
    const singular = await search('strategy');
    expect(plural.page.totalElements).toBe(singular.page.totalElements);
    expect(plural.entry.map((e) => e.id)).toEqual(singular.entry.map((e) => e.id));
  });

  it('answers an empty result for words the site never uses or only stop words', async () => {
    for (const query of ['xylophonist', 'the and of']) {
      const stream = await search(query);
      expect(stream.entry).toEqual([]);
      expect(stream.page).toMatchObject({ totalElements: 0, totalPages: 0, last: true });
      expect(stream.facets).toEqual({ contentType: [], topic: [] });
    }
  });
});

describe('search filters, sort and facets', () => {
  let all: Stream;
  beforeAll(async () => {
    all = await search('pricing', '', 1, 50);
  });

  it('counts content types and root topics over the whole result (videos have no topic)', () => {
    const total = all.page.totalElements;
    const videos = all.facets!.contentType.find((f) => f.value === 'Video')!.count;
    expect(all.facets!.contentType.reduce((n, f) => n + f.count, 0)).toBe(total);
    expect(all.facets!.topic.reduce((n, f) => n + f.count, 0)).toBe(total - videos);
    expect(all.facets!.contentType.map((f) => f.value).sort()).toEqual(['Digital Article', 'Magazine Article', 'Sponsored Report', 'Video']);
    const counts = all.facets!.topic.map((f) => f.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(all.facets!.topic.every((f) => f.value !== f.label)).toBe(true);
  });

  it('filters by content type, keeping the unfiltered facets', async () => {
    const magazine = await search('pricing', '&contentType=Magazine%20Article', 1, 50);
    const count = all.facets!.contentType.find((f) => f.value === 'Magazine Article')!.count;
    expect(magazine.page.totalElements).toBe(count);
    expect(magazine.entry.every((e) => e.contentType === 'Magazine Article')).toBe(true);
    expect(magazine.facets).toEqual(all.facets);
    const reports = await search('pricing', '&contentType=Sponsored%20Report', 1, 50);
    expect(reports.entry.every((e) => e.sponsored)).toBe(true);
  });

  it('filters by topic, a root topic including its subtopics', async () => {
    const facet = all.facets!.topic.find((f) => f.value === 'strategy')!;
    const strategy = await search('pricing', '&topic=strategy', 1, 50);
    expect(strategy.page.totalElements).toBe(facet.count);
    const family = await topicFamily('strategy');
    expect(strategy.entry.every((e) => family.has(e.category.term))).toBe(true);
    const unknown = await search('pricing', '&topic=astrology');
    expect(unknown.page.totalElements).toBe(0);
    const blank = await search('pricing', '&topic=&contentType=', 1, 50);
    expect(blank).toEqual(all);
  });

  it('sorts by date, newest or oldest first', async () => {
    const desc = await search('pricing', '&sort=date&order=desc', 1, 50);
    const dates = desc.entry.map((e) => e.published);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = await search('pricing', '&sort=date&order=asc', 1, 50);
    const ascDates = asc.entry.map((e) => e.published);
    expect([...ascDates].sort()).toEqual(ascDates);
    expect(ascDates[0]!.slice(0, 4) < '1970').toBe(true);
    expect(desc.page.totalElements).toBe(all.page.totalElements);
  });

  it('pages the result from 1 without overlap', async () => {
    const one = await search('pricing', '', 1, 8);
    const two = await search('pricing', '', 2, 8);
    expect(one.page).toMatchObject({ number: 1, last: false });
    expect(two.page.number).toBe(2);
    const ids = new Set(one.entry.map((e) => e.id));
    expect(two.entry.some((e) => ids.has(e.id))).toBe(false);
    expect(one.entry).toEqual(all.entry.slice(0, 8));
  });
});

describe('videos in search', () => {
  const published = () => t.db.selectFrom('videos').selectAll().where('pubdate', '<=', new Date().toISOString()).orderBy('id').execute();

  it('finds a video by its name, linking to its page with its poster and length', async () => {
    const video = (await published())[0]!;
    const stream = await search(video.name, '', 1, 50);
    const hit = stream.entry.find((e) => e.id === video.id);
    expect(hit).toMatchObject({
      title: video.name,
      url: `/video/${video.id}/${video.slug}`,
      contentType: 'Video',
      // The generated poster's base path (decision 036): its JPEG as it is, a <picture> with pictureOf.
      image: expect.stringMatching(new RegExp(`^/images/video/${video.id}/[0-9a-f]{12}$`)),
      duration: video.duration,
      published: video.pubdate,
    });
  });

  it('ranks videos and articles by one set of rules: a video whose name holds the word ranks with the title matches, above articles holding it elsewhere', async () => {
    // The whole result of a one-word query (every result holds the word: the first key ties).
    const everything = async (word: string) => {
      const entries: Stream['entry'] = [];
      for (let number = 1; ; number++) {
        const page = await search(word, '', number, 50);
        entries.push(...page.entry);
        if (page.page.last) return entries;
      }
    };
    // Articles whose title holds the word as typed, and those whose title holds no word sharing its
    // first four letters (so no stemmer could have matched it there).
    const titled = (e: Stream['entry'][number], word: string) => e.contentType !== 'Video' && words(e.title).includes(word);
    const untitled = (e: Stream['entry'][number], word: string) => e.contentType !== 'Video' && !words(e.title).some((x) => x.startsWith(word.slice(0, 4)));
    let checked = 0;
    for (const video of (await published()).slice(0, 6)) {
      for (const word of queryWords(video.name).filter((w) => w.length >= 4)) {
        const entries = await everything(word);
        const at = entries.findIndex((e) => e.id === video.id);
        expect(at).toBeGreaterThanOrEqual(0);
        // Before it: only videos (their names hold the word too); after it, title matches before the others.
        expect(entries.slice(0, at).every((e) => e.contentType === 'Video')).toBe(true);
        const lastTitled = entries.map((e, i) => (titled(e, word) ? i : -1)).reduce((a, b) => Math.max(a, b), -1);
        const firstUntitled = entries.findIndex((e) => untitled(e, word));
        if (lastTitled >= 0 && firstUntitled >= 0) {
          expect(lastTitled).toBeLessThan(firstUntitled);
          expect(at).toBeLessThan(firstUntitled);
          checked++;
        }
      }
      if (checked >= 2) break;
    }
    // Some word had articles on both sides, or the checks above say little.
    expect(checked).toBeGreaterThan(0);
  });

  it('narrows to videos, or to articles, with the content-type filter', async () => {
    const every = await search('guide explained', '', 1, 50);
    const videoFacet = every.facets!.contentType.find((f) => f.value === 'Video');
    expect(videoFacet?.count).toBeGreaterThan(0);
    const videos = await search('guide explained', '&contentType=Video', 1, 50);
    expect(videos.page.totalElements).toBe(videoFacet!.count);
    expect(videos.entry.length).toBe(videoFacet!.count);
    expect(videos.entry.every((e) => e.contentType === 'Video' && e.url.startsWith('/video/'))).toBe(true);
    expect(videos.facets).toEqual(every.facets);
    const articles = await search('guide explained', '&contentType=Digital%20Article', 1, 50);
    expect(articles.page.totalElements).toBeGreaterThan(0);
    expect(articles.entry.every((e) => e.contentType === 'Digital Article')).toBe(true);
    // Videos have no topic: a topic filter leaves them out.
    const topic = every.facets!.topic[0]!;
    const inTopic = await search('guide explained', `&topic=${topic.value}`, 1, 50);
    expect(inTopic.page.totalElements).toBe(topic.count);
    expect(inTopic.entry.some((e) => e.contentType === 'Video')).toBe(false);
  });

  it.each([
    ['relevance', ''],
    ['newest first', '&sort=date&order=desc'],
    ['oldest first', '&sort=date&order=asc'],
  ])('pages articles and videos together without gap or overlap (%s)', async (_name, sort) => {
    // 177 results, a dozen of them videos, which each order places elsewhere.
    const query = 'roadmaps loyalty explained';
    const pages = async (size: number) => {
      const entries: Stream['entry'] = [];
      for (let number = 1; ; number++) {
        const stream = await search(query, sort, number, size);
        entries.push(...stream.entry);
        if (stream.page.last) return { entries, total: stream.page.totalElements };
      }
    };
    const whole = await pages(50);
    expect(whole.total).toBeGreaterThan(150);
    expect(whole.entries).toHaveLength(whole.total);
    expect(new Set(whole.entries.map((e) => e.id)).size).toBe(whole.total);
    expect(whole.entries.filter((e) => e.contentType === 'Video').length).toBeGreaterThan(5);
    const paged = await pages(13);
    expect(paged.entries.map((e) => e.id)).toEqual(whole.entries.map((e) => e.id));
  });
});

describe('search term', () => {
  it.each(['', '%20%20%20'])('refuses a blank term (%j) with the message', async (q) => {
    const res = await request(t.app).get(`/service/stream/search/1/8?query=${q}`).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe(DISCOVERY_MESSAGES.searchTermRequired);
  });

  it('refuses a missing or too long term', async () => {
    const missing = await request(t.app).get('/service/stream/search/1/8').expect(400);
    expect(missing.body.message).toBe(DISCOVERY_MESSAGES.searchTermRequired);
    await request(t.app)
      .get(`/service/stream/search/1/8?query=${'a'.repeat(201)}`)
      .expect(400);
  });
});

describe('search syntax in what a reader types', () => {
  // FTS5's and tsquery's operators and quotes: each is a separator or a plain word, never syntax.
  const plain = ['"', '*', 'AND', 'NEAR(', ':', '|', '!', "'"];

  it.each(plain)('answers a normal page for %j alone and beside a word, as if it were not there', async (typed) => {
    const alone = await search(typed);
    // 'AND' is a stop word and 'NEAR(' the word 'near': every one answers a Stream, none an error.
    expect(StreamSchema.parse(alone).type).toBe('search');
    const withWord = await search(`pricing ${typed}`);
    const inside = await search(`${typed}pricing${typed}`);
    const reference = await search(typed === 'NEAR(' ? 'pricing near' : 'pricing');
    expect(withWord.page.totalElements).toBe(reference.page.totalElements);
    expect(withWord.entry.map((e) => e.id)).toEqual(reference.entry.map((e) => e.id));
    if (typed !== 'NEAR(' && typed !== 'AND') expect(inside.entry.map((e) => e.id)).toEqual(reference.entry.map((e) => e.id));
  });

  it('reads a quoted phrase, a prefix star and boolean words as plain words', async () => {
    const words = await search('supplier budgets', '', 1, 20);
    for (const typed of ['"supplier budgets"', 'supplier* OR budgets', 'supplier AND budgets', "supplier's budgets!", 'title:supplier | budgets']) {
      const stream = await search(typed, '', 1, 20);
      const extra = typed.includes('title') ? await search('title supplier budgets', '', 1, 20) : words;
      expect(stream.entry.map((e) => e.id)).toEqual(extra.entry.map((e) => e.id));
    }
  });

  it.each(plain)('auto-suggests after %j as after its words alone', async (typed) => {
    const suggest = async (term: string) =>
      SearchSuggestionSchema.parse(
        (
          await request(t.app)
            .get(`/service/search/auto-suggest?term=${encodeURIComponent(term)}`)
            .expect(200)
        ).body,
      );
    const answer = await suggest(`${typed} supplier netw`);
    expect(answer).toEqual(await suggest(`${words(typed).join(' ')} supplier netw`));
    if (typed !== 'NEAR(') expect(answer.records[0]!.title).toMatch(/supplier networks/i);
    if (words(typed).length === 0) expect((await suggest(typed.repeat(3))).records).toEqual([]);
  });
});

describe('POST /service/search', () => {
  const post = (body: object) => request(t.app).post('/service/search').set(CSRF_HEADER, CSRF_VALUE).send(body);

  it('answers the same Stream as the search stream', async () => {
    const res = await post({
      query: 'pricing',
      filters: { contentType: 'Digital Article', topic: 'strategy' },
      sort: 'date',
      order: 'asc',
      number: 1,
      size: 5,
    }).expect(200);
    const viaGet = await search('pricing', '&contentType=Digital%20Article&topic=strategy&sort=date&order=asc', 1, 5);
    expect(StreamSchema.parse(res.body)).toEqual(viaGet);
  });

  it('defaults to the first page of 8 by relevance', async () => {
    const res = await post({ query: 'pricing' }).expect(200);
    expect(StreamSchema.parse(res.body).entry).toEqual((await search('pricing', '', 1, 8)).entry);
  });

  it('refuses a blank term, page 0 and a request without the CSRF header', async () => {
    expect((await post({ query: '  ' }).expect(400)).body.message).toBe(DISCOVERY_MESSAGES.searchTermRequired);
    await post({ query: 'pricing', number: 0 }).expect(400);
    await request(t.app).post('/service/search').send({ query: 'pricing' }).expect(403);
  });
});

describe('GET /service/search/auto-suggest', () => {
  const suggest = (term: string) => request(t.app).get(`/service/search/auto-suggest?term=${encodeURIComponent(term)}`);

  it.each(['', 'le', '  ab  '])('refuses %j (2 characters or fewer once trimmed)', async (term) => {
    await suggest(term).expect(400);
  });

  it('suggests up to 6 articles and 3 topics for a prefix, cached a minute', async () => {
    const res = await suggest('lead').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const answer = SearchSuggestionSchema.parse(res.body);
    expect(answer.records).toHaveLength(6);
    expect(answer.subjects).toEqual([
      { name: 'Leadership and managing people', link: '/topic/leadership-and-managing-people' },
      { name: 'Leadership', link: '/topic/leadership' },
      { name: 'Leading teams', link: '/topic/leading-teams' },
    ]);
    for (const r of answer.records) {
      expect(r.link).toMatch(/^\/\d{4}\/\d{2}\/[a-z0-9-]+$/);
      const [, year, month, slug] = /^\/(\d{4})\/(\d{2})\/(.+)$/.exec(r.link)!;
      const article = await t.db
        .selectFrom('articles')
        .select('id')
        .where('year', '=', Number(year))
        .where('month', '=', Number(month))
        .where('slug', '=', slug!)
        .executeTakeFirstOrThrow();
      expect(await holds(article.id, 'lead')).toBe(true);
    }
  });

  it('needs every earlier word whole and the last as a prefix', async () => {
    const answer = SearchSuggestionSchema.parse((await suggest('supplier netw').expect(200)).body);
    expect(answer.records.length).toBeGreaterThan(0);
    expect(answer.records[0]!.title).toMatch(/supplier networks/i);
    expect(answer.subjects).toEqual([]);
  });

  it('suggests topics by the start of any word of their name', async () => {
    const answer = SearchSuggestionSchema.parse((await suggest('intelligence').expect(200)).body);
    // Both match; the taxonomy's order decides (Health and behavioral science comes before Technology).
    expect(answer.subjects.map((s) => s.name)).toEqual(['Emotional intelligence', 'Artificial intelligence']);
  });

  it('answers nothing for a term nothing starts with', async () => {
    expect(SearchSuggestionSchema.parse((await suggest('qqqz').expect(200)).body)).toEqual({ records: [], subjects: [] });
  });
});
