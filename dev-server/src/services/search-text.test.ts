import { articleTerms, FIELD_WEIGHTS, idf, queryTerms, stem, suggestionQuery, tokenize, topicNameMatches, videoTerms, words } from './search-text';

describe('words', () => {
  it('lower-cases, strips accents and splits on anything but letters and digits', () => {
    expect(words('Café-Culture: AI in 2025!')).toEqual(['cafe', 'culture', 'ai', 'in', '2025']);
    expect(words('  ')).toEqual([]);
  });
});

describe('stem', () => {
  it.each([
    ['teams', 'team'],
    ['strategies', 'strategy'],
    ['boxes', 'box'],
    ['matches', 'match'],
    ['businesses', 'business'],
    ['business', 'business'],
    ['analysis', 'analysis'],
    ['leading', 'lead'],
    ['running', 'run'],
    ['2025', '2025'],
    ['ai', 'ai'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('brings the forms of one word together', () => {
    expect(new Set(['manage', 'managed', 'managing', 'manages'].map(stem)).size).toBe(1);
    expect(new Set(['price', 'prices', 'pricing', 'priced'].map(stem)).size).toBe(1);
    expect(new Set(['case', 'cases'].map(stem)).size).toBe(1);
    expect(stem('speed')).toBe('speed');
    expect(stem('thing')).toBe('thing');
  });
});

describe('tokenize and queryTerms', () => {
  it('drops stop words and one-letter words, stems the rest, keeps repeats', () => {
    expect(tokenize('How the Teams of a CEO lead teams')).toEqual(['team', 'ceo', 'lead', 'team']);
    expect(queryTerms('Leading TEAMS, leading teams')).toEqual(['lead', 'team']);
    expect(queryTerms('the and of')).toEqual([]);
  });
});

describe('articleTerms', () => {
  const article = {
    title: 'Pricing Power',
    topic: 'Pricing strategy',
    authors: ['Greta Hollis'],
    summary: 'Why power matters.',
    lead: 'Prices rise.',
    body: ['Power, power and more power.', 'Hollis wrote this.'],
  };

  it('sums the weights of the fields holding a term, each field once', () => {
    const terms = articleTerms(article);
    const { title, topic, authors, summary, lead, body } = FIELD_WEIGHTS;
    expect(terms.get(stem('pricing'))).toBe(title + topic + lead);
    expect(terms.get('power')).toBe(title + summary + body);
    expect(terms.get('hollis')).toBe(authors + body);
    expect(terms.get('strategy')).toBe(topic);
    expect(terms.has('more')).toBe(false);
  });

  it('weighs a title match above any body-only match', () => {
    expect(FIELD_WEIGHTS.title).toBeGreaterThan(FIELD_WEIGHTS.summary + FIELD_WEIGHTS.lead + FIELD_WEIGHTS.body);
  });
});

describe('videoTerms', () => {
  it('weighs a video name as a title, its tags as a topic and its description as a summary', () => {
    const terms = videoTerms({ name: 'Pricing Power, Explained', tags: ['explainer', 'finance'], description: 'Why pricing beats volume.' });
    expect(terms.get('pric')).toBe(FIELD_WEIGHTS.title + FIELD_WEIGHTS.summary);
    expect(terms.get('power')).toBe(FIELD_WEIGHTS.title);
    expect(terms.get('financ')).toBe(FIELD_WEIGHTS.topic);
    expect(terms.get('volum')).toBe(FIELD_WEIGHTS.summary);
  });
});

describe('idf', () => {
  it('is ln(1 + N/df), higher for rarer terms, 0 for absent ones', () => {
    expect(idf(100, 100)).toBeCloseTo(Math.log(2));
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 50));
    expect(idf(100, 0)).toBe(0);
  });
});

describe('suggestionQuery', () => {
  it('needs every word but the last whole, and the last as a prefix (typed or stemmed)', () => {
    expect(suggestionQuery('leading tea')).toEqual({ exact: ['lead'], prefixes: ['tea'] });
    expect(suggestionQuery('Strategies')).toEqual({ exact: [], prefixes: ['strategies', 'strategy'] });
    expect(suggestionQuery('how the')).toEqual({ exact: [], prefixes: ['the'] });
    expect(suggestionQuery('  ')).toBeNull();
  });
});

describe('topicNameMatches', () => {
  it('matches when every typed word starts a word of the name', () => {
    expect(topicNameMatches('Leading teams', 'lead')).toBe(true);
    expect(topicNameMatches('Leadership and managing people', 'lead man')).toBe(true);
    expect(topicNameMatches('Leading teams', 'eading')).toBe(false);
    expect(topicNameMatches('Data science', 'data sci')).toBe(true);
    expect(topicNameMatches('Data science', '')).toBe(false);
  });
});
