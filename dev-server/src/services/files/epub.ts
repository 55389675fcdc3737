/**
 * An EPUB 3 of a product (PAY-01.3): a stored ZIP whose first entry is the uncompressed
 * `mimetype` ('application/epub+zip'), then META-INF/container.xml, the package document (OPF),
 * the navigation document and one XHTML chapter. Its identifier is derived from the SKU and its
 * modification date is fixed, so the same product gives the same bytes.
 */
import { documentText, escapeXml, PUBLISHER, stableUuid, type DocumentInfo } from './document';
import { zipStored } from './zip';

export const EPUB_MIMETYPE = 'application/epub+zip';
/** dcterms:modified, required by EPUB 3: fixed, so the bytes never depend on the clock. */
const MODIFIED = '2025-01-01T00:00:00Z';

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

function xhtml(title: string, body: string, extraNs = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${extraNs} xml:lang="en" lang="en">
<head><meta charset="UTF-8"/><title>${escapeXml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

export function epubDocument(info: DocumentInfo): Buffer {
  const { heading, byline, paragraphs } = documentText(info);
  const title = escapeXml(info.title);
  const creators = (info.authors.length > 0 ? info.authors : [PUBLISHER]).map((a) => `    <dc:creator>${escapeXml(a)}</dc:creator>`).join('\n');
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:${stableUuid(`epub:${info.sku}`)}</dc:identifier>
    <dc:title>${title}</dc:title>
    <dc:language>en</dc:language>
${creators}
    <dc:publisher>${escapeXml(PUBLISHER)}</dc:publisher>
    <meta property="dcterms:modified">${MODIFIED}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="chapter-1" href="chapter-1.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine>
    <itemref idref="chapter-1"/>
  </spine>
</package>
`;
  const nav = xhtml(
    info.title,
    `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="chapter-1.xhtml">${title}</a></li></ol></nav>`,
    ' xmlns:epub="http://www.idpf.org/2007/ops"',
  );
  const chapter = xhtml(
    info.title,
    [`<h1>${escapeXml(heading)}</h1>`, byline ? `<p><em>${escapeXml(byline)}</em></p>` : '', ...paragraphs.map((p) => `<p>${escapeXml(p)}</p>`)]
      .filter(Boolean)
      .join('\n'),
  );
  return zipStored([
    { name: 'mimetype', data: EPUB_MIMETYPE },
    { name: 'META-INF/container.xml', data: CONTAINER },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    { name: 'OEBPS/chapter-1.xhtml', data: chapter },
  ]);
}
