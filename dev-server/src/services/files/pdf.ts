/**
 * A minimal PDF 1.4 written by hand (PAY-01.3): one US Letter page with the product's title and
 * text in Helvetica, an xref table whose offsets are the objects' byte offsets, and the trailer.
 * Text is kept to printable ASCII (anything else becomes '?'), so every byte offset is a character
 * offset and the standard fonts need no embedding.
 */
import { documentText, PUBLISHER, wrapWords, type DocumentInfo } from './document';

/** Printable ASCII with the string delimiters escaped: a PDF literal string's body. */
function pdfString(text: string): string {
  return text
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

/** The page's content stream: heading, byline and paragraphs, top to bottom. */
function pageContent(info: DocumentInfo): string {
  const { heading, byline, paragraphs } = documentText(info);
  const ops: string[] = ['BT', '72 720 Td'];
  const lines = (font: string, size: number, leading: number, text: string, width: number) => {
    ops.push(`/${font} ${size} Tf`, `${leading} TL`);
    for (const line of wrapWords(text, width)) ops.push(`(${pdfString(line)}) Tj T*`);
  };
  lines('F1', 22, 28, heading, 42);
  if (byline) lines('F2', 13, 20, byline, 80);
  ops.push('0 -12 Td');
  for (const p of paragraphs) {
    lines('F2', 12, 17, p, 85);
    ops.push('0 -8 Td');
  }
  lines('F2', 10, 14, PUBLISHER, 90);
  ops.push('ET');
  return ops.join('\n');
}

/** The PDF of a product: starts with '%PDF-1.4', ends with '%%EOF'. */
export function pdfDocument(info: DocumentInfo): Buffer {
  const content = pageContent(info);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfString(info.title)}) /Author (${pdfString(info.authors.join(', ') || PUBLISHER)}) /Producer (${PUBLISHER}) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
