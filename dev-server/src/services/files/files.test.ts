/** The generated files of bought products (PAY-01.3): real, well-formed and the same every time. */
import { escapeXml, safeFileBase, type DocumentInfo } from './document';
import { epubDocument } from './epub';
import { htmlDocument } from './html';
import { pptxDocument, xlsxDocument } from './office';
import { pdfDocument } from './pdf';
import { crc32, zipStored } from './zip';

const info: DocumentInfo = {
  title: 'Northwind Foods: The (Pricing) Reset & Café <Plan>',
  kind: 'Case Study',
  authors: ['Ada Lovelace', 'Grace Hopper'],
  sku: 'C123456-PDF',
};

interface Entry {
  name: string;
  method: number;
  data: Buffer;
  crc: number;
  localOffset: number;
}

/** Every entry of a ZIP, read through its central directory, each checked against its local header. */
function readZip(bytes: Buffer): Entry[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(bytes.length - 22);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(bytes.readUInt32LE(localOffset)).toBe(0x04034b50);
    expect(bytes.readUInt32LE(localOffset + 14)).toBe(crc);
    const start = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    const data = bytes.subarray(start, start + size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, method, data, crc, localOffset });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

describe('zip', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('stores entries in order with their sizes and CRCs', () => {
    const bytes = zipStored([
      { name: 'a.txt', data: 'hello' },
      { name: 'dir/b.bin', data: Buffer.from([0, 1, 2, 255]) },
    ]);
    const entries = readZip(bytes);
    expect(entries.map((e) => [e.name, e.method, e.data.toString('hex')])).toEqual([
      ['a.txt', 0, Buffer.from('hello').toString('hex')],
      ['dir/b.bin', 0, '000102ff'],
    ]);
  });
});

describe('pdf', () => {
  const pdf = pdfDocument(info);
  const text = pdf.toString('latin1');

  it('has the header, the xref table at startxref, and each object at its recorded byte offset', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
    expect(first).toBe('0');
    const rows = text
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(count));
    expect(rows[0]).toBe('0000000000 65535 f ');
    rows.slice(1).forEach((row, i) => {
      expect(row).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(row.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R /Info 7 0 R >>`));
  });

  it("states its stream's exact length and shows the title as text, escaped", () => {
    const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(match[2]!.length).toBe(Number(match[1]));
    // Parentheses escaped, the non-ASCII letter replaced, every byte ASCII.
    expect(text).toContain('(Northwind Foods: The \\(Pricing\\) Reset & Caf? <Plan>)');
    expect([...pdf].every((b) => b === 0x0a || (b >= 0x20 && b < 0x7f))).toBe(true);
  });

  it('is the same for the same product', () => {
    expect(pdfDocument(info).equals(pdf)).toBe(true);
    expect(pdfDocument({ ...info, title: 'Another' }).equals(pdf)).toBe(false);
  });
});

describe('epub', () => {
  const bytes = epubDocument(info);
  const entries = readZip(bytes);

  it('starts with the uncompressed mimetype entry, then the container, the package and the chapter', () => {
    expect(entries.map((e) => e.name)).toEqual(['mimetype', 'META-INF/container.xml', 'OEBPS/content.opf', 'OEBPS/nav.xhtml', 'OEBPS/chapter-1.xhtml']);
    expect(entries[0]).toMatchObject({ method: 0, localOffset: 0 });
    // Readers look for it at byte 30 (name) and 38 (content).
    expect(bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(bytes.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');
    expect(entries.every((e) => e.method === 0)).toBe(true);
  });

  it('points the container at the package, which lists the chapter and the navigation', () => {
    const byName = new Map(entries.map((e) => [e.name, e.data.toString('utf8')]));
    expect(byName.get('META-INF/container.xml')).toContain('full-path="OEBPS/content.opf"');
    const opf = byName.get('OEBPS/content.opf')!;
    expect(opf).toContain(`<dc:title>${escapeXml(info.title)}</dc:title>`);
    expect(opf).toContain('<dc:creator>Ada Lovelace</dc:creator>');
    expect(opf).toMatch(/<dc:identifier id="book-id">urn:uuid:[0-9a-f-]{36}<\/dc:identifier>/);
    expect(opf).toContain('<meta property="dcterms:modified">2025-01-01T00:00:00Z</meta>');
    expect(opf).toContain('href="chapter-1.xhtml"');
    expect(opf).toContain('properties="nav"');
    expect(byName.get('OEBPS/chapter-1.xhtml')).toContain('<h1>Northwind Foods: The (Pricing) Reset &amp; Café &lt;Plan&gt;</h1>');
  });

  it('is the same for the same product', () => {
    expect(epubDocument(info).equals(bytes)).toBe(true);
  });
});

describe('office files and html', () => {
  it('packs a workbook and a presentation with their content types and relationships', () => {
    const xlsx = readZip(xlsxDocument(info));
    expect(xlsx.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(xlsx[4]!.data.toString('utf8')).toContain(`<t>${escapeXml(info.title)}</t>`);
    const pptx = readZip(pptxDocument(info));
    const names = pptx.map((e) => e.name);
    expect(names[0]).toBe('[Content_Types].xml');
    for (const part of [
      'ppt/presentation.xml',
      'ppt/slides/slide1.xml',
      'ppt/slideMasters/slideMaster1.xml',
      'ppt/slideLayouts/slideLayout1.xml',
      'ppt/theme/theme1.xml',
    ]) {
      expect(names).toContain(part);
      expect(pptx[0]!.data.toString('utf8')).toContain(`PartName="/${part}"`);
    }
    expect(pptx.find((e) => e.name === 'ppt/slides/slide1.xml')!.data.toString('utf8')).toContain(`<a:t>${escapeXml(info.title)}</a:t>`);
  });

  it('writes a standalone HTML page without script', () => {
    const html = htmlDocument(info).toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain(`<title>${escapeXml(info.title)}</title>`);
    expect(html).not.toMatch(/<script|src=|href=/i);
  });

  it('makes file names of letters, digits and hyphens', () => {
    expect(safeFileBase(info.title)).toBe('northwind-foods-the-pricing-reset-cafe-plan');
    expect(safeFileBase('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileBase('"; rm -rf /')).toBe('rm-rf');
    expect(safeFileBase('日本')).toBe('download');
    expect(safeFileBase('a'.repeat(200))).toHaveLength(80);
  });
});
