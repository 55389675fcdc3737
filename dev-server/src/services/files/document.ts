/**
 * What every generated file says (PAY-01.3): the product's title, its authors, what it is and a
 * short note, the same for every buyer (a file names no buyer, so one copy serves everyone).
 */
import { createHash } from 'node:crypto';

/** The bought product a file is made for (an order line's fields). */
export interface DocumentInfo {
  title: string;
  /** The product's content type: 'Book', 'Case Study', 'Toolkit', 'Magazine Issue'... */
  kind: string;
  authors: readonly string[];
  sku: string;
}

export const PUBLISHER = 'The Management Review';

/** The text of the file: a heading, a byline when there are authors, and paragraphs. */
export function documentText(info: DocumentInfo): { heading: string; byline: string | null; paragraphs: string[] } {
  return {
    heading: info.title,
    byline: info.authors.length > 0 ? `By ${info.authors.join(', ')}` : null,
    paragraphs: [
      `${info.kind}, ${PUBLISHER} (${info.sku}).`,
      `Thank you for your purchase. This file is your copy of "${info.title}" from the ${PUBLISHER} store.`,
      `It is for your own use. For copies to share, buy copyright permissions on the product's page.`,
    ],
  };
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Words wrapped into lines of at most `width` characters (a longer word keeps its own line). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A stable UUID for the product (EPUB's identifier): the same SKU, the same id. */
export function stableUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A file name made safe: lower-case letters, digits and hyphens, at most 80 characters, never empty. */
export function safeFileBase(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return base || 'download';
}
