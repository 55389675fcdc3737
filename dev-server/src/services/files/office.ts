/**
 * Office Open XML files of a toolkit (PAY-01.3): the spec's XLS and PPT products are delivered as
 * today's workbook (.xlsx) and presentation (.pptx), each the smallest package the programs open:
 * stored ZIPs of their XML parts with the relationships and content types they need.
 */
import { documentText, escapeXml, PUBLISHER, type DocumentInfo } from './document';
import { zipStored } from './zip';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'http://schemas.openxmlformats.org/package/2006/content-types';
const OD = 'application/vnd.openxmlformats-officedocument';

function rels(items: readonly [id: string, type: string, target: string][]): string {
  return `${XML}<Relationships xmlns="${PKG_REL}">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join('')}</Relationships>`;
}

function contentTypes(overrides: readonly [part: string, type: string][]): string {
  return `${XML}<Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join('')}</Types>`;
}

/** The rows of the workbook's one sheet: what the toolkit is, then a small plan to fill in. */
function sheetRows(info: DocumentInfo): string[][] {
  const { byline, paragraphs } = documentText(info);
  return [
    [info.title],
    [byline ?? PUBLISHER],
    [paragraphs[1] ?? ''],
    [],
    ['Step', 'Owner', 'Due', 'Status'],
    ['1. Set the goal', '', '', 'Not started'],
    ['2. Gather the facts', '', '', 'Not started'],
    ['3. Decide and act', '', '', 'Not started'],
    ['4. Review the results', '', '', 'Not started'],
  ];
}

const column = (i: number) => String.fromCharCode(65 + i);

/** The workbook (.xlsx) of a toolkit. */
export function xlsxDocument(info: DocumentInfo): Buffer {
  const rows = sheetRows(info)
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((text, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return zipStored([
    {
      name: '[Content_Types].xml',
      data: contentTypes([
        ['/xl/workbook.xml', `${OD}.spreadsheetml.sheet.main+xml`],
        ['/xl/worksheets/sheet1.xml', `${OD}.spreadsheetml.worksheet+xml`],
      ]),
    },
    { name: '_rels/.rels', data: rels([['rId1', 'officeDocument', 'xl/workbook.xml']]) },
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${main}" xmlns:r="${REL}"><sheets><sheet name="Toolkit" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: rels([['rId1', 'worksheet', 'worksheets/sheet1.xml']]) },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${XML}<worksheet xmlns="${main}"><cols><col min="1" max="1" width="60" customWidth="1"/><col min="2" max="4" width="16" customWidth="1"/></cols><sheetData>${rows}</sheetData></worksheet>`,
    },
  ]);
}

const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const NS = `xmlns:a="${A}" xmlns:r="${REL}" xmlns:p="${P}"`;
const EMPTY_TREE =
  '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';

/** The theme every presentation needs: colours, fonts and the three format styles of each kind. */
const THEME = (() => {
  const colors = [
    ['dk1', '<a:srgbClr val="000000"/>'],
    ['lt1', '<a:srgbClr val="FFFFFF"/>'],
    ['dk2', '<a:srgbClr val="1F2A44"/>'],
    ['lt2', '<a:srgbClr val="EEECE1"/>'],
    ['accent1', '<a:srgbClr val="A6192E"/>'],
    ['accent2', '<a:srgbClr val="C0504D"/>'],
    ['accent3', '<a:srgbClr val="9BBB59"/>'],
    ['accent4', '<a:srgbClr val="8064A2"/>'],
    ['accent5', '<a:srgbClr val="4BACC6"/>'],
    ['accent6', '<a:srgbClr val="F79646"/>'],
    ['hlink', '<a:srgbClr val="0000FF"/>'],
    ['folHlink', '<a:srgbClr val="800080"/>'],
  ]
    .map(([name, value]) => `<a:${name}>${value}</a:${name}>`)
    .join('');
  const font = (face: string) => `<a:latin typeface="${face}"/><a:ea typeface=""/><a:cs typeface=""/>`;
  const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  const line = `<a:ln w="9525">${fill}</a:ln>`;
  const effect = '<a:effectStyle><a:effectLst/></a:effectStyle>';
  return `${XML}<a:theme xmlns:a="${A}" name="${PUBLISHER}"><a:themeElements><a:clrScheme name="${PUBLISHER}">${colors}</a:clrScheme><a:fontScheme name="${PUBLISHER}"><a:majorFont>${font(
    'Arial',
  )}</a:majorFont><a:minorFont>${font('Georgia')}</a:minorFont></a:fontScheme><a:fmtScheme name="${PUBLISHER}"><a:fillStyleLst>${fill}${fill}${fill}</a:fillStyleLst><a:lnStyleLst>${line}${line}${line}</a:lnStyleLst><a:effectStyleLst>${effect}${effect}${effect}</a:effectStyleLst><a:bgFillStyleLst>${fill}${fill}${fill}</a:bgFillStyleLst></a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>`;
})();

function textBox(id: number, name: string, y: number, height: number, size: number, bold: boolean, paragraphs: readonly string[]): string {
  const runs = paragraphs
    .map((text) => `<a:p><a:r><a:rPr lang="en-US" sz="${size}" b="${bold ? 1 : 0}" dirty="0"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`)
    .join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="${height}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr wrap="square"/><a:lstStyle/>${runs}</p:txBody></p:sp>`;
}

/** The presentation (.pptx) of a toolkit: one slide with the title and the text. */
export function pptxDocument(info: DocumentInfo): Buffer {
  const { heading, byline, paragraphs } = documentText(info);
  const slide = `${XML}<p:sld ${NS}><p:cSld><p:spTree>${EMPTY_TREE}${textBox(2, 'Title', 457200, 1371600, 3600, true, [heading])}${textBox(
    3,
    'Text',
    2057400,
    3886200,
    2000,
    false,
    [byline ?? PUBLISHER, ...paragraphs],
  )}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
  const layout = `${XML}<p:sldLayout ${NS} type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`;
  const master = `${XML}<p:sldMaster ${NS}><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst><p:txStyles><p:titleStyle/><p:bodyStyle/><p:otherStyle/></p:txStyles></p:sldMaster>`;
  const presentation = `${XML}<p:presentation ${NS} saveSubsetFonts="1"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000" type="screen4x3"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
  return zipStored([
    {
      name: '[Content_Types].xml',
      data: contentTypes([
        ['/ppt/presentation.xml', `${OD}.presentationml.presentation.main+xml`],
        ['/ppt/slideMasters/slideMaster1.xml', `${OD}.presentationml.slideMaster+xml`],
        ['/ppt/slideLayouts/slideLayout1.xml', `${OD}.presentationml.slideLayout+xml`],
        ['/ppt/slides/slide1.xml', `${OD}.presentationml.slide+xml`],
        ['/ppt/theme/theme1.xml', `${OD}.theme+xml`],
      ]),
    },
    { name: '_rels/.rels', data: rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]) },
    { name: 'ppt/presentation.xml', data: presentation },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: rels([
        ['rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'],
        ['rId2', 'slide', 'slides/slide1.xml'],
        ['rId3', 'theme', 'theme/theme1.xml'],
      ]),
    },
    { name: 'ppt/slideMasters/slideMaster1.xml', data: master },
    {
      name: 'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      data: rels([
        ['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'],
        ['rId2', 'theme', '../theme/theme1.xml'],
      ]),
    },
    { name: 'ppt/slideLayouts/slideLayout1.xml', data: layout },
    { name: 'ppt/slideLayouts/_rels/slideLayout1.xml.rels', data: rels([['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml']]) },
    { name: 'ppt/slides/slide1.xml', data: slide },
    { name: 'ppt/slides/_rels/slide1.xml.rels', data: rels([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']]) },
    { name: 'ppt/theme/theme1.xml', data: THEME },
  ]);
}
