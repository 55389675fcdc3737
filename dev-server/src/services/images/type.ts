/**
 * Type for the generated pictures, as SVG paths: the glyphs of the fonts the project ships
 * (@fontsource Source Serif 4 and Source Sans 3, their Latin WOFF files) drawn by opentype.js, so
 * the rasteriser never looks for a system font (librsvg without fontconfig fonts draws boxes).
 * Lines are wrapped by the glyphs' advance widths. The text is a database title, but it only ever
 * becomes numbers in a path: nothing of it reaches the SVG as markup.
 */
import { readFileSync } from 'node:fs';
import { parse, type Font, type Glyph, type PathCommand } from 'opentype.js';

export interface Typefaces {
  /** Source Serif 4 Bold: titles, mastheads. */
  serif: Font;
  /** Source Sans 3 SemiBold: labels. */
  sans: Font;
}

const FONT_FILES = {
  serif: '@fontsource/source-serif-4/files/source-serif-4-latin-700-normal.woff',
  sans: '@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff',
} as const;

let loaded: Typefaces | null = null;

function loadFont(specifier: string): Font {
  const bytes = readFileSync(require.resolve(specifier));
  return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** The two faces, read once (about 40 ms, at the first picture with type). */
export function typefaces(): Typefaces {
  loaded ??= { serif: loadFont(FONT_FILES.serif), sans: loadFont(FONT_FILES.sans) };
  return loaded;
}

/** The glyph of a character; one the Latin subset lacks falls back to its base letter, then to '?'. */
function glyphOf(font: Font, ch: string): Glyph {
  if (font.charToGlyphIndex(ch) > 0) return font.charToGlyph(ch);
  const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  if (base && base !== ch && [...base].every((c) => font.charToGlyphIndex(c) > 0)) return font.charToGlyph(base.charAt(0));
  return font.charToGlyph('?');
}

export interface TypeOptions {
  /** Extra space between letters, in ems. */
  tracking?: number;
}

/** The advance width of a line at a size (kerning and tracking included). */
export function measure(font: Font, text: string, size: number, options: TypeOptions = {}): number {
  const scale = size / font.unitsPerEm;
  const tracking = (options.tracking ?? 0) * size;
  let width = 0;
  let previous: Glyph | null = null;
  for (const ch of text) {
    const glyph = glyphOf(font, ch);
    if (previous) width += (font.getKerningValue(previous, glyph) || 0) * scale + tracking;
    width += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return width;
}

const round = (n: number): string => String(Math.round(n * 10) / 10);

function pathData(commands: readonly PathCommand[]): string {
  let d = '';
  for (const c of commands) {
    if (c.type === 'M' || c.type === 'L') d += `${c.type}${round(c.x)} ${round(c.y)}`;
    else if (c.type === 'Q') d += `Q${round(c.x1)} ${round(c.y1)} ${round(c.x)} ${round(c.y)}`;
    else if (c.type === 'C') d += `C${round(c.x1)} ${round(c.y1)} ${round(c.x2)} ${round(c.y2)} ${round(c.x)} ${round(c.y)}`;
    else d += 'Z';
  }
  return d;
}

export type Anchor = 'start' | 'middle' | 'end';

/** One line as path data, its baseline at y; x is its start, middle or end. */
export function linePath(font: Font, text: string, x: number, y: number, size: number, anchor: Anchor = 'start', options: TypeOptions = {}): string {
  const width = measure(font, text, size, options);
  let pen = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  const scale = size / font.unitsPerEm;
  const tracking = (options.tracking ?? 0) * size;
  let d = '';
  let previous: Glyph | null = null;
  for (const ch of text) {
    const glyph = glyphOf(font, ch);
    if (previous) pen += (font.getKerningValue(previous, glyph) || 0) * scale + tracking;
    if (ch.trim()) d += pathData(glyph.getPath(pen, y, size).commands);
    pen += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return d;
}

const ELLIPSIS = '\u2026';

/** The longest start of `text` that fits with an ellipsis after it. */
function cut(font: Font, text: string, size: number, maxWidth: number): string {
  let kept = text;
  while (kept.length > 0 && measure(font, `${kept}${ELLIPSIS}`, size) > maxWidth) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/**
 * Words in lines at most `maxWidth` wide, at most `maxLines` of them; what does not fit ends the
 * last line with an ellipsis. `complete` says whether every word was set.
 */
export function wrap(font: Font, text: string, size: number, maxWidth: number, maxLines: number): { lines: string[]; complete: boolean } {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let complete = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const candidate = line ? `${line} ${word}` : word;
    if (measure(font, candidate, size) <= maxWidth) {
      line = candidate;
    } else if (lines.length === maxLines - 1) {
      // The last line takes the rest, cut.
      lines.push(cut(font, [line, ...words.slice(i)].filter(Boolean).join(' '), size, maxWidth));
      return { lines, complete: false };
    } else if (line) {
      lines.push(line);
      line = '';
      i--;
    } else {
      // One word wider than a line: cut it.
      lines.push(cut(font, word, size, maxWidth));
      complete = false;
    }
  }
  if (line) lines.push(line);
  return { lines, complete };
}

/**
 * The largest of `sizes` (largest first) at which the whole text fits in `maxLines` lines (a number,
 * or the lines a size leaves room for); else the smallest, cut.
 */
export function fit(
  font: Font,
  text: string,
  sizes: readonly number[],
  maxWidth: number,
  maxLines: number | ((size: number) => number),
): { size: number; lines: string[] } {
  let last = { size: 0, lines: [] as string[] };
  for (const size of sizes) {
    const limit = Math.max(1, typeof maxLines === 'number' ? maxLines : maxLines(size));
    const { lines, complete } = wrap(font, text, size, maxWidth, limit);
    last = { size, lines };
    if (complete) return last;
  }
  return last;
}
