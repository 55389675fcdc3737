/**
 * Draws a chart (bar or line) as a standalone SVG document. Pure: the same data gives the same
 * bytes, so images can be cached forever and compared in tests.
 */
import { z } from 'zod';

export const ChartDataSchema = z.object({
  kind: z.enum(['bar', 'line']),
  unit: z.string(),
  categories: z.array(z.string()).min(1),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })).min(1),
  source: z.string(),
});
export type ChartData = z.infer<typeof ChartDataSchema>;

const WIDTH = 640;
const HEIGHT = 400;
const PLOT = { left: 64, right: 24, top: 72, bottom: 64 };
const COLORS = ['#1f5fa8', '#d9822b', '#3a8f5c', '#8a4fa3'];

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A round axis maximum at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function renderChartSvg(title: string, data: ChartData): string {
  const plotW = WIDTH - PLOT.left - PLOT.right;
  const plotH = HEIGHT - PLOT.top - PLOT.bottom;
  const max = niceMax(Math.max(...data.series.flatMap((s) => s.values)));
  const y = (v: number) => PLOT.top + plotH - (v / max) * plotH;
  const n = data.categories.length;
  const band = plotW / n;
  const parts: string[] = [];

  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`);
  parts.push(`<text x="${PLOT.left}" y="32" font-size="18" font-weight="bold" fill="#111111">${escapeXml(title)}</text>`);
  // Grid lines and y-axis labels: five steps from 0 to max.
  for (let i = 0; i <= 4; i++) {
    const value = (max / 4) * i;
    const yy = y(value).toFixed(1);
    parts.push(`<line x1="${PLOT.left}" y1="${yy}" x2="${WIDTH - PLOT.right}" y2="${yy}" stroke="#dddddd" stroke-width="1"/>`);
    parts.push(
      `<text x="${PLOT.left - 8}" y="${yy}" font-size="11" text-anchor="end" dominant-baseline="middle" fill="#555555">${escapeXml(fmt(value) + data.unit)}</text>`,
    );
  }
  // x-axis labels.
  data.categories.forEach((c, i) => {
    const x = (PLOT.left + band * i + band / 2).toFixed(1);
    parts.push(`<text x="${x}" y="${HEIGHT - PLOT.bottom + 18}" font-size="11" text-anchor="middle" fill="#555555">${escapeXml(c)}</text>`);
  });

  if (data.kind === 'bar') {
    const groups = data.series.length;
    const barW = (band * 0.7) / groups;
    data.series.forEach((s, si) => {
      s.values.slice(0, n).forEach((v, i) => {
        const x = PLOT.left + band * i + band * 0.15 + barW * si;
        const top = y(v);
        parts.push(
          `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barW.toFixed(1)}" height="${(PLOT.top + plotH - top).toFixed(1)}" fill="${COLORS[si % COLORS.length]}"><title>${escapeXml(`${s.name}, ${data.categories[i] ?? ''}: ${fmt(v)}${data.unit}`)}</title></rect>`,
        );
      });
    });
  } else {
    data.series.forEach((s, si) => {
      const points = s.values
        .slice(0, n)
        .map((v, i) => `${(PLOT.left + band * i + band / 2).toFixed(1)},${y(v).toFixed(1)}`)
        .join(' ');
      parts.push(`<polyline points="${points}" fill="none" stroke="${COLORS[si % COLORS.length]}" stroke-width="3"/>`);
    });
  }
  parts.push(`<line x1="${PLOT.left}" y1="${PLOT.top + plotH}" x2="${WIDTH - PLOT.right}" y2="${PLOT.top + plotH}" stroke="#333333" stroke-width="1"/>`);
  // Legend and source line.
  data.series.forEach((s, si) => {
    const x = PLOT.left + si * 160;
    parts.push(`<rect x="${x}" y="44" width="12" height="12" fill="${COLORS[si % COLORS.length]}"/>`);
    parts.push(`<text x="${x + 18}" y="54" font-size="12" fill="#333333">${escapeXml(s.name)}</text>`);
  });
  parts.push(`<text x="${PLOT.left}" y="${HEIGHT - 16}" font-size="10" fill="#777777">${escapeXml(`Source: ${data.source}`)}</text>`);

  const id = 'chart-title';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}" font-family="Helvetica, Arial, sans-serif">`,
    `<title id="${id}">${escapeXml(title)}</title>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
