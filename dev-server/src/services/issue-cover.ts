/**
 * The generated cover of a magazine issue (pure): masthead, the issue's month label and year, an
 * optional cover line, on a colour drawn from the issue code, so every issue looks different and
 * the same issue always looks the same.
 */
import { escapeXml } from './chart-svg';

export const MASTHEAD = 'The Management Review';

/** 32-bit FNV-1a of the code. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The cover's background colour: a dark shade whose hue comes from the code (white text stays readable). */
export function coverColor(code: string): string {
  return hslToHex(hash(code) % 360, 0.55, 0.3);
}

/** Words in lines of at most `width` characters, at most `max` lines (the last one cut with an ellipsis). */
export function wrapWords(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]}…`;
  return kept;
}

export interface CoverInput {
  code: string;
  label: string;
  year: number;
  /** The lead article's title, if the issue has one. */
  coverLine?: string | null;
}

export function renderIssueCoverSvg({ code, label, year, coverLine }: CoverInput): string {
  const color = coverColor(code);
  const lines = coverLine ? wrapWords(coverLine, 24, 4) : [];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 300 400" role="img" aria-labelledby="t" font-family="Georgia, 'Times New Roman', serif">`,
    `<title id="t">${escapeXml(`${MASTHEAD}, ${label} ${year}`)}</title>`,
    `<rect width="300" height="400" fill="${color}"/>`,
    '<rect x="12" y="12" width="276" height="376" fill="none" stroke="#ffffff" stroke-opacity="0.5"/>',
    `<text x="150" y="58" font-size="22" text-anchor="middle" fill="#ffffff">${escapeXml(MASTHEAD)}</text>`,
    '<line x1="36" y1="74" x2="264" y2="74" stroke="#ffffff" stroke-opacity="0.7"/>',
    `<text x="150" y="100" font-size="14" text-anchor="middle" fill="#f2e9dc" font-family="Helvetica, Arial, sans-serif" letter-spacing="2">${escapeXml(label.toUpperCase())}</text>`,
    `<text x="150" y="200" font-size="72" text-anchor="middle" fill="#ffffff" fill-opacity="0.92">${year}</text>`,
    ...lines.map((l, i) => `<text x="150" y="${262 + i * 22}" font-size="17" text-anchor="middle" fill="#ffffff">${escapeXml(l)}</text>`),
    `<text x="150" y="372" font-size="11" text-anchor="middle" fill="#f2e9dc" font-family="Helvetica, Arial, sans-serif">${escapeXml(code)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
