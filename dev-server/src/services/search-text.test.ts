import { SEARCH_WEIGHTS } from '../repositories/search-index';
import { FIELD_WEIGHTS, MAX_QUERY_WORDS, queryWords, stem, suggestionWords, tokenize, topicNameMatches, videoTerms, words } from './search-text';

describe('words', () => {
  it('lower-cases, strips accents and splits on anything but letters and digits', () => {
    expect(words('Café-Culture: AI in 2025!')).toEqual(['cafe', 'culture', 'ai', 'in', '2025']);
    expect(words('  ')).toEqual([]);
  });
});

describe('queryWords', () => {
  it('keeps distinct words of two or more letters that are not stop words, unstemmed (the engine stems)', () => {
    expect(queryWords('How the Teams of a CEO lead teams')).toEqual(['teams', 'ceo', 'lead']);
    expect(queryWords('the and of')).toEqual([]);
  });

  it('turns every character of the FTS and tsquery syntaxes into a separator', () => {
    expect(queryWords('"strategy" AND NEAR(pricing* | !growth:A) OR \'team\'')).toEqual(['strategy', 'near', 'pricing', 'growth', 'team']);
    expect(queryWords('"*:|!\'()')).toEqual([]);
  });

  it(`passes at most ${MAX_QUERY_WORDS} words`, () => {
    const many = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(queryWords(many)).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe('suggestionWords', () => {
  it('needs every word but the last whole, and the last as a prefix', () => {
    expect(suggestionWords('leading tea')).toEqual({ exact: ['leading'], prefix: 'tea' });
    expect(suggestionWords('Strategies')).toEqual({ exact: [], prefix: 'strategies' });
    expect(suggestionWords('how the')).toEqual({ exact: [], prefix: 'the' });
    expect(suggestionWords('  ')).toBeNull();
    expect(suggestionWords('"')).toBeNull();
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

describe("tokenize (the videos' words)", () => {
  it('drops stop words and one-letter words, stems the rest, keeps repeats', () => {
    expect(tokenize('How the Teams of a CEO lead teams')).toEqual(['team', 'ceo', 'lead', 'team']);
    expect(stem('strategies')).toBe(stem('strategy'));
    expect(stem('managing')).toBe(stem('managed'));
  });
});

describe('videoTerms', () => {
  it('weighs a video name as a title, its tags as a topic and its description as a summary', () => {
    const terms = videoTerms({ name: 'Pricing Power, Explained', tags: ['explainer', 'finance'], description: 'Why pricing beats volume.' });
    expect(terms.weights.get('pric')).toBe(FIELD_WEIGHTS.title + FIELD_WEIGHTS.summary);
    expect(terms.weights.get('power')).toBe(FIELD_WEIGHTS.title);
    expect(terms.weights.get('financ')).toBe(FIELD_WEIGHTS.topic);
    expect(terms.weights.get('volum')).toBe(FIELD_WEIGHTS.summary);
    expect([...terms.name].sort()).toEqual(['explain', 'power', 'pric']);
  });

  it("uses the article index's field weights", () => {
    expect(FIELD_WEIGHTS).toEqual(SEARCH_WEIGHTS);
  });
});
