/** An HTML case study (HTM, PAY-01.3): one standalone page, no script, no outside resource. */
import { documentText, escapeXml, PUBLISHER, type DocumentInfo } from './document';

export function htmlDocument(info: DocumentInfo): Buffer {
  const { heading, byline, paragraphs } = documentText(info);
  const body = [
    `<h1>${escapeXml(heading)}</h1>`,
    byline ? `<p class="byline">${escapeXml(byline)}</p>` : '',
    ...paragraphs.map((p) => `<p>${escapeXml(p)}</p>`),
    `<footer>${escapeXml(PUBLISHER)}</footer>`,
  ]
    .filter(Boolean)
    .join('\n');
  return Buffer.from(
    `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(info.title)}</title>
<style>body{font:18px/1.5 Georgia,serif;max-width:40em;margin:2em auto;padding:0 1em;color:#222}h1{font:700 2em/1.2 Arial,sans-serif}.byline{font-style:italic}footer{margin-top:3em;font:14px Arial,sans-serif;color:#555}</style>
</head>
<body>
${body}
</body>
</html>
`,
    'utf8',
  );
}
