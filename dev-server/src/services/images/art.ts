/**
 * The drawings of the generated pictures (pure: the same subject always gives the same SVG).
 * A palette per topic (muted, magazine-like), an abstract composition drawn from a hash of the
 * title and topic (bands, circles, grids, bars, arcs), and for covers, posters and collections the
 * title set in type (type.ts) on a plain panel in colours that pass WCAG AA.
 *
 * The drawing is made on a fixed canvas (1280 x 720, or 720 x 960 for covers) and scaled by the
 * SVG's width and height to the width asked for.
 */
import type { Font } from 'opentype.js';
import { heightOf, isTall, MASTHEAD, type ImageSubject } from './subjects';
import { fit, linePath, measure, typefaces, type Anchor } from './type';
import { hashString as fnv1a, mulberry32 } from '../../seed/prng';

export interface Palette {
  name: string;
  /** The picture's ground. */
  ground: string;
  /** Shape colours: deep, middle, accent, light. */
  tones: readonly [string, string, string, string];
  /** The ground of text, and the title and label colours on it (each at least 4.5:1 against it). */
  panel: string;
  ink: string;
  label: string;
}

export const PALETTES: readonly Palette[] = [
  { name: 'crimson', ground: '#7d2027', tones: ['#5a161c', '#a8423c', '#d9a44e', '#f0e4cf'], panel: '#f4ede0', ink: '#1d1a17', label: '#7d2027' },
  { name: 'navy', ground: '#1b2a4a', tones: ['#101b33', '#3a5683', '#c7a03c', '#e6dfcf'], panel: '#101b33', ink: '#ffffff', label: '#e3c77a' },
  { name: 'teal', ground: '#0f4b4e', tones: ['#0a3436', '#2c7a74', '#e0b354', '#efe6d3'], panel: '#efe6d3', ink: '#14211f', label: '#0f4b4e' },
  { name: 'ochre', ground: '#c08a2e', tones: ['#8f6220', '#e2b865', '#2d3b4f', '#f3ead6'], panel: '#2d3b4f', ink: '#ffffff', label: '#f0cf86' },
  { name: 'charcoal', ground: '#2e2e30', tones: ['#1c1c1e', '#56565a', '#c4553a', '#e9e2d6'], panel: '#e9e2d6', ink: '#1c1c1e', label: '#8e3522' },
  { name: 'forest', ground: '#23412f', tones: ['#162a1e', '#4d7555', '#d8a24a', '#eee6d2'], panel: '#162a1e', ink: '#ffffff', label: '#e5c27e' },
  { name: 'plum', ground: '#4a2342', tones: ['#2f1629', '#7d4a6e', '#e08e5a', '#f2e6dc'], panel: '#f2e6dc', ink: '#241320', label: '#6e2f60' },
  { name: 'paper', ground: '#e8e0cf', tones: ['#1b2a4a', '#b5423a', '#c79b3b', '#faf6ec'], panel: '#1b2a4a', ink: '#ffffff', label: '#e8c97a' },
];

interface Rng {
  next(): number;
  between(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

function rngOf(seed: string): Rng {
  const next = mulberry32(fnv1a(seed));
  const between = (min: number, max: number) => min + (max - min) * next();
  return {
    next,
    between,
    int: (min, max) => Math.floor(between(min, max + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

/** The palette of a topic: every picture of one topic shares it. */
export function paletteOf(topic: string): Palette {
  return PALETTES[fnv1a(topic) % PALETTES.length] as Palette;
}

const n = (value: number): string => String(Math.round(value * 10) / 10);

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Composer = (rng: Rng, p: Palette, box: Box) => string[];

/** Bands across the picture at an angle, with a disc over them. */
const bands: Composer = (rng, p, box) => {
  const out: string[] = [];
  const angle = rng.pick([-24, -12, 0, 14, 28]);
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const span = Math.hypot(box.w, box.h);
  out.push(`<g transform="rotate(${angle} ${n(cx)} ${n(cy)})">`);
  let y = cy - span / 2;
  while (y < cy + span / 2) {
    const h = rng.between(0.04, 0.16) * box.h;
    if (rng.next() < 0.62) out.push(`<rect x="${n(cx - span / 2)}" y="${n(y)}" width="${n(span)}" height="${n(h)}" fill="${rng.pick(p.tones.slice(0, 3))}"/>`);
    y += h + rng.between(0.01, 0.08) * box.h;
  }
  out.push('</g>');
  const r = rng.between(0.18, 0.32) * box.h;
  out.push(`<circle cx="${n(box.x + rng.between(0.2, 0.8) * box.w)}" cy="${n(box.y + rng.between(0.3, 0.7) * box.h)}" r="${n(r)}" fill="${p.tones[3]}"/>`);
  return out;
};

/** Overlapping discs and a field of dots. */
const circles: Composer = (rng, p, box) => {
  const out: string[] = [];
  const count = rng.int(2, 4);
  for (let i = 0; i < count; i++) {
    const r = rng.between(0.2, 0.48) * box.h;
    const fill = p.tones[(i + rng.int(0, 2)) % 4] as string;
    out.push(
      `<circle cx="${n(box.x + rng.between(0.1, 0.9) * box.w)}" cy="${n(box.y + rng.between(0.15, 0.85) * box.h)}" r="${n(r)}" fill="${fill}" fill-opacity="${i === 0 ? 1 : 0.85}"/>`,
    );
  }
  const step = box.h / rng.int(9, 14);
  const dx = box.x + rng.between(0.05, 0.55) * box.w;
  const dy = box.y + rng.between(0.1, 0.5) * box.h;
  const dots: string[] = [];
  for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) dots.push(`M${n(dx + i * step)} ${n(dy + j * step)}h0`);
  out.push(`<path d="${dots.join('')}" stroke="${p.tones[3]}" stroke-width="${n(step / 4)}" stroke-linecap="round" stroke-opacity="0.8"/>`);
  return out;
};

/** A chart's bars on a baseline, a line over them, faint grid lines. */
const bars: Composer = (rng, p, box) => {
  const out: string[] = [];
  const count = rng.int(5, 9);
  const left = box.x + box.w * 0.08;
  const width = box.w * 0.84;
  const base = box.y + box.h * 0.86;
  const top = box.y + box.h * 0.14;
  const grid: string[] = [];
  for (let i = 0; i <= 4; i++) grid.push(`M${n(left)} ${n(base - ((base - top) * i) / 4)}h${n(width)}`);
  out.push(`<path d="${grid.join('')}" stroke="${p.tones[3]}" stroke-opacity="0.28" stroke-width="${n(box.h / 240)}"/>`);
  const slot = width / count;
  const points: string[] = [];
  let level = rng.between(0.25, 0.6);
  for (let i = 0; i < count; i++) {
    level = Math.min(0.95, Math.max(0.12, level + rng.between(-0.22, 0.26)));
    const h = level * (base - top);
    const x = left + i * slot + slot * 0.15;
    out.push(`<rect x="${n(x)}" y="${n(base - h)}" width="${n(slot * 0.7)}" height="${n(h)}" fill="${i % 3 === 2 ? p.tones[2] : p.tones[1]}"/>`);
    points.push(`${n(x + slot * 0.35)},${n(base - h * rng.between(0.55, 0.95))}`);
  }
  out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${p.tones[3]}" stroke-width="${n(box.h / 90)}" stroke-linejoin="round"/>`);
  out.push(`<path d="M${n(left)} ${n(base)}h${n(width)}" stroke="${p.tones[3]}" stroke-width="${n(box.h / 160)}"/>`);
  return out;
};

/** Grid lines with a few cells filled and a quarter disc in a corner. */
const grid: Composer = (rng, p, box) => {
  const out: string[] = [];
  const cols = rng.int(6, 10);
  const cell = box.w / cols;
  const rows = Math.ceil(box.h / cell);
  for (let k = rng.int(4, 9); k > 0; k--) {
    out.push(
      `<rect x="${n(box.x + rng.int(0, cols - 1) * cell)}" y="${n(box.y + rng.int(0, rows - 1) * cell)}" width="${n(cell)}" height="${n(cell)}" fill="${rng.pick(p.tones.slice(0, 3))}"/>`,
    );
  }
  const corner = rng.int(0, 3);
  const r = rng.between(0.45, 0.8) * box.h;
  const cx = corner % 2 === 0 ? box.x : box.x + box.w;
  const cy = corner < 2 ? box.y : box.y + box.h;
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${p.tones[2]}" fill-opacity="0.9"/>`);
  const lines: string[] = [];
  for (let i = 1; i < cols; i++) lines.push(`M${n(box.x + i * cell)} ${n(box.y)}v${n(box.h)}`);
  for (let j = 1; j <= rows; j++) lines.push(`M${n(box.x)} ${n(box.y + j * cell)}h${n(box.w)}`);
  out.push(`<path d="${lines.join('')}" stroke="${p.tones[3]}" stroke-opacity="0.35" stroke-width="${n(box.h / 300)}"/>`);
  return out;
};

/** Concentric arcs from a point off the picture. */
const arcs: Composer = (rng, p, box) => {
  const out: string[] = [];
  const cx = box.x + rng.pick([-0.1, 0.25, 0.75, 1.1]) * box.w;
  const cy = box.y + rng.pick([1.05, 0.9, -0.05]) * box.h;
  let r = rng.between(0.1, 0.2) * box.h;
  let i = 0;
  while (r < Math.hypot(box.w, box.h) * 1.1) {
    const width = rng.between(0.03, 0.1) * box.h;
    out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${p.tones[i % 4]}" stroke-width="${n(width)}"/>`);
    r += width + rng.between(0.01, 0.06) * box.h;
    i++;
  }
  return out;
};

const COMPOSERS: readonly Composer[] = [bands, circles, bars, grid, arcs];

function artOf(seed: string, p: Palette, box: Box, composers: readonly Composer[] = COMPOSERS): string[] {
  const rng = rngOf(seed);
  const compose = rng.pick(composers);
  return [`<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${p.ground}"/>`, ...compose(rng, p, box)];
}

const path = (d: string, fill: string): string => (d ? `<path d="${d}" fill="${fill}"/>` : '');

/** Lines of type, their first baseline at y. */
function lines(font: Font, text: string[], x: number, y: number, size: number, leading: number, fill: string, anchor: Anchor = 'start'): string {
  return path(text.map((line, i) => linePath(font, line, x, y + i * size * leading, size, anchor)).join(''), fill);
}

/** A small upper-case label, letter-spaced. */
function label(font: Font, text: string, x: number, y: number, size: number, fill: string, anchor: Anchor = 'start'): string {
  return path(linePath(font, text.toUpperCase(), x, y, size, anchor, { tracking: 0.12 }), fill);
}

/** The canvas each kind is drawn on. */
export function canvasOf(subject: ImageSubject): { w: number; h: number } {
  return isTall(subject.kind) ? { w: 720, h: 960 } : { w: 1280, h: 720 };
}

function drawArticle(s: ImageSubject, p: Palette): string[] {
  return artOf(`${s.title}\u0000${s.topic}\u0000${s.id}`, p, { x: 0, y: 0, w: 1280, h: 720 });
}

function drawVideo(s: ImageSubject, p: Palette): string[] {
  const { serif, sans } = typefaces();
  const out = artOf(`${s.title}\u0000${s.topic}\u0000${s.id}`, p, { x: 0, y: 0, w: 1280, h: 470 }, [bands, circles, arcs, grid]);
  out.push(`<rect y="470" width="1280" height="250" fill="${p.panel}"/>`);
  // The play motif: a disc with a triangle, over the art.
  out.push(`<circle cx="640" cy="235" r="92" fill="${p.panel}" fill-opacity="0.94"/>`);
  out.push(`<path d="M612 185L612 285L700 235Z" fill="${p.label}"/>`);
  out.push(label(sans, 'Video', 64, 530, 26, p.label));
  const title = fit(serif, s.title, [58, 50, 44], 1152, 2);
  out.push(lines(serif, title.lines, 64, 530 + title.size * 1.3, title.size, 1.15, p.ink));
  return out;
}

function drawCollection(s: ImageSubject, p: Palette): string[] {
  const { serif, sans } = typefaces();
  const out = artOf(`${s.title}\u0000${s.topic}\u0000${s.id}`, p, { x: 520, y: 0, w: 760, h: 720 }, [bars]);
  out.push(`<rect width="520" height="720" fill="${p.panel}"/>`);
  out.push(label(sans, 'Chart collection', 56, 110, 24, p.label));
  out.push(`<path d="M56 140h120" stroke="${p.label}" stroke-width="4"/>`);
  const title = fit(serif, s.title, [60, 52, 44, 38], 408, 5);
  out.push(lines(serif, title.lines, 56, 200 + title.size, title.size, 1.14, p.ink));
  return out;
}

function drawProduct(s: ImageSubject, p: Palette): string[] {
  const { serif, sans } = typefaces();
  // The formats of a product share its art (the group id is the detail's second part).
  const group = s.detail.split('\u0000')[1] ?? s.id;
  const out = artOf(`${group}\u0000${s.topic}`, p, { x: 0, y: 0, w: 720, h: 520 });
  out.push(`<rect y="520" width="720" height="440" fill="${p.panel}"/>`);
  out.push(`<rect y="520" width="720" height="10" fill="${p.tones[2]}"/>`);
  const type = s.detail.split('\u0000')[0] ?? '';
  out.push(label(sans, type, 56, 596, 24, p.label));
  // Lines between y 640 and 880 (the masthead line is below).
  const title = fit(serif, s.title, [60, 54, 48, 42, 36], 608, (size) => Math.min(5, Math.floor((240 - size * 0.1) / (size * 1.12))));
  out.push(lines(serif, title.lines, 56, 640 + title.size, title.size, 1.12, p.ink));
  if (type !== MASTHEAD) out.push(label(sans, MASTHEAD, 56, 918, 18, p.label));
  return out;
}

function drawIssue(s: ImageSubject, p: Palette): string[] {
  const { serif, sans } = typefaces();
  const out = artOf(`${s.title}\u0000${s.id}`, p, { x: 0, y: 190, w: 720, h: 520 });
  out.push(`<rect width="720" height="190" fill="${p.panel}"/>`);
  // The masthead fills the width.
  const size = Math.min(72, 624 / (measure(serif, MASTHEAD, 1) || 1));
  out.push(path(linePath(serif, MASTHEAD, 360, 96, size, 'middle'), p.ink));
  out.push(`<path d="M48 122h624" stroke="${p.label}" stroke-width="3"/>`);
  out.push(label(sans, s.title, 360, 164, 26, p.label, 'middle'));
  out.push(`<rect y="710" width="720" height="250" fill="${p.panel}"/>`);
  if (s.detail) {
    const line = fit(serif, s.detail, [50, 44, 38, 34], 624, 3);
    out.push(lines(serif, line.lines, 48, 760 + line.size * 0.6, line.size, 1.14, p.ink));
  }
  return out;
}

const DRAW: Record<ImageSubject['kind'], (s: ImageSubject, p: Palette) => string[]> = {
  article: drawArticle,
  video: drawVideo,
  collection: drawCollection,
  product: drawProduct,
  issue: drawIssue,
};

/** The picture as an SVG document drawn at `width` (its height follows the kind's aspect). */
export function renderArtSvg(subject: ImageSubject, width: number): string {
  const canvas = canvasOf(subject);
  const palette = paletteOf(subject.kind === 'issue' ? subject.id : subject.topic);
  const body = DRAW[subject.kind](subject, palette).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${heightOf(subject.kind, width)}" viewBox="0 0 ${canvas.w} ${canvas.h}">${body}</svg>`;
}
