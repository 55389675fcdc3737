/**
 * The text rules of a typed search (pure). The database's full-text engine tokenises and stems the
 * articles and the words given to it (decision 034); what is decided here is which words of what a
 * reader typed reach it, and in what role:
 *
 * - words: lower case, accents stripped, runs of letters and digits. Nothing else of the typed text
 *   (quotes, operators, brackets, colons) ever reaches the engine: each word is one quoted term or
 *   one bound parameter (repositories/search-index.ts), so `"`, `*`, `AND`, `NEAR(`, `:`, `|`, `!`
 *   and `'` are only separators or plain words.
 * - queryWords: a search's words, one-character words and a small stop-word list dropped (the
 *   engines' own stop lists differ: SQLite's FTS5 has none), distinct, at most MAX_QUERY_WORDS.
 * - suggestionWords: auto-suggest's whole words and the last, still typed, word (a prefix).
 * - videoTerms: the videos (a few dozen, not in the articles' index) are matched in memory
 *   (services/search.ts): a light suffix stemmer (plural s/es/ies, -ing, -ed, then a final e: 'teams'
 *   = 'team', 'strategies' = 'strategy', 'managing' = 'manage') close to the engines' for the words
 *   of video names, and the article index's field weights: a name counts as a title, tags as a
 *   topic, a description as a summary.
 */

/** At most this many words of a query reach the engine (a query is at most 200 characters). */
export const MAX_QUERY_WORDS = 12;

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

/** Distinct search words of a query, in the order typed (see the module comment). */
export function queryWords(query: string): string[] {
  const out = new Set<string>();
  for (const w of words(query)) {
    if (w.length < 2 || STOP_WORDS.has(w)) continue;
    out.add(w);
    if (out.size >= MAX_QUERY_WORDS) break;
  }
  return [...out];
}

/**
 * What auto-suggest looks for: every word but the last must be in the article (stop words and
 * one-character words dropped); the last word is typed still, so words starting with it match.
 * Null when nothing was typed.
 */
export function suggestionWords(term: string): { exact: string[]; prefix: string } | null {
  const all = words(term);
  const prefix = all[all.length - 1];
  if (prefix === undefined) return null;
  return { exact: queryWords(all.slice(0, -1).join(' ')).slice(0, MAX_QUERY_WORDS - 1), prefix };
}

/** Topic names matching a typed term: every typed word starts some word of the name. */
export function topicNameMatches(name: string, term: string): boolean {
  const typed = words(term);
  if (typed.length === 0) return false;
  const nameWords = words(name);
  return typed.every((t) => nameWords.some((n) => n.startsWith(t)));
}

/** The article index's field weights (repositories/search-index.ts SEARCH_WEIGHTS): what a video's fields weigh. */
export const FIELD_WEIGHTS = { title: 8, topic: 5, authors: 4, summary: 3, lead: 2, body: 1 } as const;

const VOWEL = /[aeiouy]/;

/** Drops one of a doubled final consonant ('runn' -> 'run'), but keeps ll, ss and zz. */
function undouble(word: string): string {
  const last = word.charAt(word.length - 1);
  if (word.length >= 4 && last === word.charAt(word.length - 2) && !VOWEL.test(last) && !'lsz'.includes(last)) {
    return word.slice(0, -1);
  }
  return word;
}

/** The light stemmer of videoTerms (see the module comment). Digits-only words are kept as they are. */
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

/** Stemmed words of a text, in order, duplicates kept (one-character and stop words dropped). */
export function tokenize(text: string): string[] {
  return words(text)
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w))
    .map(stem);
}

export interface SearchableVideo {
  name: string;
  description: string;
  tags: readonly string[];
}

/** A video's stemmed words: each with the summed weight of the fields holding it, and those of its name. */
export interface VideoTerms {
  weights: Map<string, number>;
  name: Set<string>;
}

/** The terms of a video: its name weighs as a title, its tags as a topic, its description as a summary; a field counts once. */
export function videoTerms(video: SearchableVideo): VideoTerms {
  const weights = new Map<string, number>();
  const fields: [string, number][] = [
    [video.name, FIELD_WEIGHTS.title],
    [video.tags.join(' '), FIELD_WEIGHTS.topic],
    [video.description, FIELD_WEIGHTS.summary],
  ];
  for (const [text, weight] of fields) {
    for (const term of new Set(tokenize(text))) weights.set(term, (weights.get(term) ?? 0) + weight);
  }
  return { weights, name: new Set(tokenize(video.name)) };
}
