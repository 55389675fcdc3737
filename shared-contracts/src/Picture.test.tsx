import { render } from '@testing-library/react';
import { Picture } from './Picture';

const BASE = '/images/article/a1/0123456789ab';
const img = (c: HTMLElement) => c.querySelector('img') as HTMLImageElement;

describe('Picture', () => {
  it('offers AVIF and WebP sources and a JPEG fallback with its intrinsic size, lazy by default', () => {
    const { container } = render(<Picture image={BASE} alt="A chart of sales" sizes="(min-width: 1024px) 30rem, 100vw" />);
    const picture = container.querySelector('picture.ds-picture') as HTMLElement;
    expect(picture).toBeInTheDocument();
    const sources = [...picture.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute('srcset', `${BASE}-320.avif 320w, ${BASE}-640.avif 640w, ${BASE}-960.avif 960w, ${BASE}-1280.avif 1280w`);
    expect(sources[1]?.getAttribute('srcset')).toContain(`${BASE}-640.webp 640w`);
    for (const s of sources) expect(s).toHaveAttribute('sizes', '(min-width: 1024px) 30rem, 100vw');
    const fallback = img(container);
    expect(fallback).toHaveAttribute('src', `${BASE}-640.jpg`);
    expect(fallback.getAttribute('srcset')).toContain(`${BASE}-1280.jpg 1280w`);
    expect(fallback).toHaveAttribute('sizes', '(min-width: 1024px) 30rem, 100vw');
    expect(fallback).toHaveAttribute('width', '640');
    expect(fallback).toHaveAttribute('height', '360');
    expect(fallback).toHaveAttribute('alt', 'A chart of sales');
    expect(fallback).toHaveAttribute('loading', 'lazy');
    expect(fallback).not.toHaveAttribute('fetchpriority');
  });

  it('a priority picture loads at once with fetchpriority high', () => {
    const { container } = render(<Picture image={BASE} alt="" priority className="article-hero" />);
    expect(container.querySelector('picture')).toHaveClass('ds-picture', 'article-hero');
    const fallback = img(container);
    expect(fallback).not.toHaveAttribute('loading');
    expect(fallback).toHaveAttribute('fetchpriority', 'high');
    // Decorative: an empty alt, so a screen reader skips it.
    expect(fallback).toHaveAttribute('alt', '');
    expect(fallback).toHaveAttribute('sizes', '100vw');
  });

  it('an eager picture loads at once, without asking for a high priority', () => {
    const { container } = render(<Picture image={BASE} alt="" eager />);
    expect(img(container)).not.toHaveAttribute('loading');
    expect(img(container)).not.toHaveAttribute('fetchpriority');
  });

  it('a 3:4 cover keeps its proportions', () => {
    const { container } = render(<Picture image="/images/issue/2025-01/abcdef012345" alt="January 2025 cover" />);
    expect(img(container)).toHaveAttribute('width', '480');
    expect(img(container)).toHaveAttribute('height', '640');
  });

  it('an image that is not generated is a plain <img> in the picture, without sources', () => {
    const { container } = render(<Picture image="https://example.com/cover.jpg" alt="Cover" />);
    expect(container.querySelectorAll('source')).toHaveLength(0);
    expect(img(container)).toHaveAttribute('src', 'https://example.com/cover.jpg');
    expect(img(container)).not.toHaveAttribute('srcset');
    expect(img(container)).not.toHaveAttribute('sizes');
  });
});
