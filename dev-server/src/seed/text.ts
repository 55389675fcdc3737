/** Small helpers that turn word lists into titles, slugs and sentences. */
import type { Rng } from './prng';
import {
  ADJECTIVES,
  ADVICE,
  AUDIENCES,
  CLOSERS,
  CONTEXTS,
  GERUNDS,
  NUMBER_WORDS,
  OBJECTS,
  OBJECT_PHRASES,
  OPENERS,
  SUBJECTS,
  TITLE_TEMPLATES,
  VERBS,
  VERB_PHRASES,
  FIRST_NAMES,
  LAST_NAMES,
} from './words';

/** URL slug: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function titleCase(text: string): string {
  const small = new Set(['and', 'or', 'of', 'the', 'a', 'an', 'in', 'for', 'to', 'on', 'at']);
  return text
    .split(' ')
    .map((w, i) => (i > 0 && small.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key);
}

export function makeTitle(rng: Rng, topicName: string): string {
  return fill(rng.pick(TITLE_TEMPLATES), {
    audience: rng.pick(AUDIENCES),
    verb: rng.pick(VERBS),
    object: rng.pick(OBJECTS),
    adjective: rng.pick(ADJECTIVES),
    gerund: rng.pick(GERUNDS),
    number: rng.pick(NUMBER_WORDS),
    context: rng.pick(CONTEXTS),
    topic: titleCase(topicName),
  });
}

export function makeSentence(rng: Rng): string {
  const opener = rng.chance(0.6) ? `${rng.pick(OPENERS)} ` : '';
  const closer = rng.chance(0.6) ? ` ${rng.pick(CLOSERS)}` : '';
  const core = `${rng.pick(SUBJECTS)} ${rng.pick(VERB_PHRASES)} ${rng.pick(OBJECT_PHRASES)}${closer}.`;
  return opener ? `${opener} ${core}`.replace(/\s+/g, ' ') : capitalize(core);
}

export function makeParagraph(rng: Rng, minSentences = 3, maxSentences = 5): string {
  const sentences = Array.from({ length: rng.int(minSentences, maxSentences) }, () => makeSentence(rng));
  if (rng.chance(0.35)) sentences.push(rng.pick(ADVICE));
  return sentences.join(' ');
}

export function makePersonName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** Makes each slug unique within a set by adding -2, -3, ... */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
