/**
 * The text rules of search (pure): how text becomes index terms, used by the seed when it fills
 * `search_terms` and by every query, so both sides always agree.
 *
 * - tokenize: lower case, accents stripped, runs of letters and digits; one-character tokens and a
 *   small stop-word list dropped; every token stemmed.
 * - stem: a light suffix stemmer (plural s/es/ies, -ing, -ed, then a final e), enough for
 *   'teams' = 'team', 'strategies' = 'strategy', 'managing' = 'managed' = 'manage'.
 * - articleTerms: the weight of each term in an article = the sum of the weights of the fields that
 *   hold it (title 8, topic name 5, authors 4, summary 3, lead 2, body 1). A field counts once
 *   however often the term appears in it, so a title match always outweighs a body-only match.
 * - videoTerms: the same weights for a video (name as title, tags as topic, description as summary),
 *   so an article and a video are scored on one scale (services/search.ts).
 */

export const FIELD_WEIGHTS = { title: 8, topic: 5, authors: 4, summary: 3, lead: 2, body: 1 } as const;
export type SearchField = keyof typeof FIELD_WEIGHTS;

export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'about',
  'after',
  'all',
  'also',
  'an',
  'and',
  'any',
  'are',
  'as',
  'at',
  'be',
  'been',
  'but',
  'by',
  'can',
  'do',
  'does',
  'for',
  'from',
  'had',
  'has',
  'have',
  'how',
  'i',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'just',
  'more',
  'most',
  'no',
  'not',
  'of',
  'on',
  'or',
  'our',
  'so',
  'than',
  'that',
  'the',
  'their',
  'them',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'to',
  'too',
  'up',
  'us',
  'was',
  'we',
  'were',
  'what',
  'when',
  'where',
  'which',
  'while',
  'who',
  'why',
  'will',
  'with',
  'you',
  'your',
]);

/** Lower-case words of letters and digits, accents stripped; nothing dropped, nothing stemmed. */
export function words(text: string): string[] {
  const plain = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, '');
  return plain
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const VOWEL = /[aeiouy]/;

/** Drops one of a doubled final consonant ('runn' -> 'run'), but keeps ll, ss and zz. */
function undouble(word: string): string {
  const last = word.charAt(word.length - 1);
  if (word.length >= 4 && last === word.charAt(word.length - 2) && !VOWEL.test(last) && !'lsz'.includes(last)) {
    return word.slice(0, -1);
  }
  return word;
}

/** The light stemmer (see the module comment). Digits-only words are kept as they are. */
export function stem(word: string): string {
  let w = word;
  if (/^\d+$/.test(w) || w.length <= 3) return w;
  // Plurals.
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:[xz]|ch|sh)es$/.test(w) && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // Verb endings, when a stem with a vowel of at least three letters stays.
  if (w.endsWith('ing') && w.length - 3 >= 3 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && !w.endsWith('eed') && w.length - 2 >= 3 && VOWEL.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));
  // A final silent e ('manage' and 'managed' meet at 'manag').
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Stems already worked out (the vocabulary is small; cleared when it grows past a bound). */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 20_000;

function cachedStem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    s = stem(word);
    stemCache.set(word, s);
  }
  return s;
}

/** Index terms of a text, in order, duplicates kept. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 2 || STOP_WORDS.has(w)) continue;
    out.push(cachedStem(w));
  }
  return out;
}

/** Distinct index terms of a search query, in the order typed. */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query))];
}

export interface SearchableArticle {
  title: string;
  topic: string;
  authors: readonly string[];
  summary: string;
  lead: string;
  body: readonly string[];
}

/** term -> weight of one document: the sum of the weights of the fields holding the term (absent fields hold nothing). */
export function documentTerms(fields: Partial<Record<SearchField, string>>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const field of Object.keys(FIELD_WEIGHTS) as SearchField[]) {
    for (const term of new Set(tokenize(fields[field] ?? ''))) {
      weights.set(term, (weights.get(term) ?? 0) + FIELD_WEIGHTS[field]);
    }
  }
  return weights;
}

/** term -> weight of one article (the sum of the weights of the fields holding the term). */
export function articleTerms(article: SearchableArticle): Map<string, number> {
  return documentTerms({
    title: article.title,
    topic: article.topic,
    authors: article.authors.join(' '),
    summary: article.summary,
    lead: article.lead,
    body: article.body.join(' '),
  });
}

export interface SearchableVideo {
  name: string;
  description: string;
  tags: readonly string[];
}

/** term -> weight of one video: its name counts as a title, its tags as a topic, its description as a summary. */
export function videoTerms(video: SearchableVideo): Map<string, number> {
  return documentTerms({ title: video.name, topic: video.tags.join(' '), summary: video.description });
}

/** Inverse document frequency: ln(1 + N / df); 0 when the term is in no document. */
export function idf(totalDocuments: number, documentFrequency: number): number {
  if (documentFrequency <= 0 || totalDocuments <= 0) return 0;
  return Math.log(1 + totalDocuments / documentFrequency);
}

/**
 * What auto-suggest looks for: every word but the last must be an index term; the last word is
 * typed still, so terms starting with it (or with its stem) match. Stop words count only as the
 * last word (as a prefix).
 */
export function suggestionQuery(term: string): { exact: string[]; prefixes: string[] } | null {
  const all = words(term);
  const last = all[all.length - 1];
  if (last === undefined) return null;
  const exact = [...new Set(tokenize(all.slice(0, -1).join(' ')))];
  const prefixes = [...new Set([last, stem(last)])].filter((p) => p.length > 0);
  return { exact, prefixes };
}

/** Topic names matching a typed term: every typed word starts some word of the name. */
export function topicNameMatches(name: string, term: string): boolean {
  const typed = words(term);
  if (typed.length === 0) return false;
  const nameWords = words(name);
  return typed.every((t) => nameWords.some((n) => n.startsWith(t)));
}
