/** The drawings (decision 036): deterministic, distinct, type as paths only, readable colours. */
import { PALETTES, renderArtSvg } from './art';
import { createRenderGate } from '.';
import { createImageCache } from './cache';
import {
  articleSubject,
  collectionSubject,
  imageBasePath,
  imageVersion,
  issueSubject,
  productSubject,
  videoImages,
  videoSubject,
  type ImageSubject,
} from './subjects';
import { fit, measure, typefaces, wrap } from './type';

const SUBJECTS: ImageSubject[] = [
  articleSubject({ id: 'a20230101', title: 'Robotics in a Crowded Market', topic_id: 'tp-robotics' }),
  productSubject({ id: 'p-b1-hbk', title: 'The Practical Operator: Listening to Skeptics', category_slug: 'books', content_type: 'Book', group_id: 'B1' }),
  issueSubject({ code: 'BR2501', label: 'January-February', year: 2025 }, 'What Managers Get Wrong About Side Projects'),
  videoSubject({ id: '7045019657181', name: 'Growth Bets, Explained', tags: '["explainer"]' }),
  collectionSubject({ id: 'strategy-in-numbers', title: 'Strategy in Numbers', collection_link: '/visual-library?filter=4294961102' }),
];

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('drawings', () => {
  it.each(SUBJECTS.map((s) => [s.kind, s] as const))('%s: the same SVG every time, sized as asked, no text element, nothing outside it', (_kind, subject) => {
    const svg = renderArtSvg(subject, 640);
    expect(renderArtSvg(subject, 640)).toBe(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="(360|853)" viewBox="0 0 \d+ \d+">/);
    expect(svg).not.toMatch(/<text|<image|<use|href=|url\(|<script|<style|<foreignObject/i);
    expect(svg.length).toBeLessThan(120_000);
  });

  it('pictures with type carry it (paths), articles none', () => {
    const article = renderArtSvg(SUBJECTS[0] as ImageSubject, 320);
    for (const s of SUBJECTS.slice(1)) expect(renderArtSvg(s, 320).length).toBeGreaterThan(article.length + 2000);
  });

  it('different items of one topic look different', () => {
    const a = renderArtSvg(articleSubject({ id: 'a1', title: 'One', topic_id: 'tp-x' }), 320);
    const b = renderArtSvg(articleSubject({ id: 'a2', title: 'Two', topic_id: 'tp-x' }), 320);
    expect(a).not.toBe(b);
  });

  it('every palette’s title and label colours pass WCAG AA on their panel', () => {
    for (const p of PALETTES) {
      expect([p.name, contrast(p.ink, p.panel) >= 4.5]).toEqual([p.name, true]);
      expect([p.name, contrast(p.label, p.panel) >= 4.5]).toEqual([p.name, true]);
    }
  });
});

describe('addresses', () => {
  it('the version changes with the title, the topic, the detail and the kind', () => {
    const s = SUBJECTS[0] as ImageSubject;
    const v = imageVersion(s);
    expect(v).toMatch(/^[0-9a-f]{12}$/);
    for (const changed of [
      { ...s, title: `${s.title}!` },
      { ...s, topic: 'tp-other' },
      { ...s, detail: 'x' },
      { ...s, kind: 'video' as const },
    ]) {
      expect(imageVersion(changed)).not.toBe(v);
    }
    expect(imageBasePath(s)).toBe(`/images/article/a20230101/${v}`);
  });

  it('a video keeps a poster of its own; the seed’s stand-ins are replaced', () => {
    const row = { id: '1', name: 'N', tags: '[]', poster: '/media/videos/1/poster.svg', thumbnail: '/media/videos/1/thumbnail.svg' };
    const generated = videoImages(row);
    expect(generated.poster).toBe(`${generated.image}-1280.jpg`);
    expect(generated.thumbnail).toBe(`${generated.image}-640.jpg`);
    const own = videoImages({ ...row, poster: 'https://cdn.example.com/p.jpg', thumbnail: 'https://cdn.example.com/t.jpg' });
    expect(own).toEqual({ image: 'https://cdn.example.com/t.jpg', poster: 'https://cdn.example.com/p.jpg', thumbnail: 'https://cdn.example.com/t.jpg' });
  });
});

describe('type', () => {
  const { serif } = typefaces();

  it('wraps by the glyphs’ widths and cuts what does not fit with an ellipsis', () => {
    const text = 'What Managers Get Wrong About Side Projects and Decision Rights';
    const { lines, complete } = wrap(serif, text, 40, 400, 2);
    expect(complete).toBe(false);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(measure(serif, line, 40)).toBeLessThanOrEqual(400);
    expect(lines[1]).toMatch(/…$/);
    expect(wrap(serif, 'Short', 40, 400, 2)).toEqual({ lines: ['Short'], complete: true });
  });

  it('fit takes the largest size at which the whole title fits', () => {
    expect(fit(serif, 'Strategy in Numbers', [60, 40], 2000, 1).size).toBe(60);
    expect(fit(serif, 'Strategy in Numbers', [60, 40], measure(serif, 'Strategy in Numbers', 40) + 1, 1).size).toBe(40);
  });

  it('a character the Latin set lacks is drawn as its base letter or ?', () => {
    expect(measure(serif, 'ő', 40)).toBeCloseTo(measure(serif, 'o', 40), 5);
    expect(measure(serif, '東', 40)).toBeCloseTo(measure(serif, '?', 40), 5);
  });
});

describe('the render gate', () => {
  it('runs at most two at once and refuses past its queue', async () => {
    const gate = createRenderGate(2, 1);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      gate(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const done = [task(), task(), task()];
    await expect(task()).rejects.toThrow(/cannot be drawn right now/);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(done);
    expect(most).toBe(2);
  });
});

describe('the memory cache', () => {
  it('forgets the least recently used first, by bytes', async () => {
    const cache = createImageCache({ dir: null, maxBytes: 250 });
    const key = (id: string) => ({ kind: 'article', id, version: '0'.repeat(12), width: 320, format: 'jpg' });
    const bytes = () => Promise.resolve(Buffer.alloc(100));
    await cache.getOrRender(key('a'), bytes);
    await cache.getOrRender(key('b'), bytes);
    await cache.get(key('a'));
    await cache.getOrRender(key('c'), bytes);
    expect(cache.memoryBytes).toBe(200);
    expect(await cache.get(key('a'))).toBeDefined();
    expect(await cache.get(key('b'))).toBeUndefined();
  });
});
