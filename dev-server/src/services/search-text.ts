/**
 * The text rules of a typed search (pure). The database's full-text engine tokenises and stems the
 * articles and the words given to it (decision 033); what is decided here is which words of what a
 * reader typed reach it, and in what role:
 *
 * - words: lower case, accents stripped, runs of letters and digits. Nothing else of the typed text
 *   (quotes, operators, brackets, colons) ever reaches the engine: each word is one quoted term or
 *   one bound parameter (repositories/search-index.ts), so `"`, `*`, `AND`, `NEAR(`, `:`, `|`, `!`
 *   and `'` are only separators or plain words.
 * - queryWords: a search's words, one-character words and a small stop-word list dropped (the
 *   engines' own stop lists differ: SQLite's FTS5 has none), distinct, at most MAX_QUERY_WORDS.
 * - suggestionWords: auto-suggest's whole words and the last, still typed, word (a prefix).
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
