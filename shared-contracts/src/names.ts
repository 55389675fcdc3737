/**
 * The name-character check (`shared-contracts/forms`, and the checkout's names in commerce.ts): one
 * refinement for every person name the site accepts. Kept out of the core entry: no first view needs it.
 */
import * as z from 'zod/mini';

/**
 * Characters a name never holds because they are invisible or change how the text around them is
 * shown: control characters (NUL, tab, newline...), format characters (the bidi overrides, embeddings
 * and isolates U+202A-202E and U+2066-2069, the marks U+200E/U+200F, the zero-width U+200B-200D,
 * U+2060 and U+FEFF), line and paragraph separators, and lone surrogate halves (not text at all).
 */
export const HIDDEN_CHARACTER_PATTERN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** NOT IN SPEC: a name (other than a first or last name) holding a hidden or control character. */
export const NAME_HIDDEN_CHARACTERS_MESSAGE = 'Enter a name without hidden or control characters.';

/** True when the text holds a hidden or control character (see HIDDEN_CHARACTER_PATTERN). */
export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTER_PATTERN.test(value);
}

/**
 * The one check every accepted person name goes through (registration, profile display name,
 * checkout address names): it refuses hidden and control characters with the field's message.
 */
export function withoutHiddenCharacters(message: string = NAME_HIDDEN_CHARACTERS_MESSAGE) {
  return z.refine<string>((value) => !hasHiddenCharacters(value), { error: message });
}

/** A string schema for a person name: any text without hidden or control characters. */
export function personNameText(message: string = NAME_HIDDEN_CHARACTERS_MESSAGE) {
  return z.string().check(withoutHiddenCharacters(message));
}

/** A name rule: the message when the value holds a hidden or control character, else null. */
export function validateNameCharacters(value: string, message: string = NAME_HIDDEN_CHARACTERS_MESSAGE): string | null {
  return hasHiddenCharacters(value) ? message : null;
}
