/**
 * A generated picture (issue 23, decision 036) as <picture class="ds-picture">: AVIF and WebP
 * sources, a JPEG <img> with its intrinsic width and height (its box is kept before it loads), lazy
 * unless `priority` (the first view's largest picture: loaded at once, fetchpriority high) or `eager`
 * (in the first view, but not its largest: loaded at once). `image`
 * is an answer's base path (images.ts `pictureOf`); `alt` is required, '' for a decorative picture.
 * In the core (the article's hero uses it): keep it tiny.
 */
import { pictureOf, type Picture as PictureData } from './images';

/** What `pictureOf` answers (the component shares its name). */
export type Picture = PictureData;

export interface PictureProps {
  image: string;
  alt: string;
  /** The <source>s' and <img>'s `sizes`: how wide the picture shows. */
  sizes?: string;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}

export function Picture({ image, alt, sizes = '100vw', priority, eager, className }: PictureProps) {
  const p = pictureOf(image);
  return (
    <picture className={className ? `ds-picture ${className}` : 'ds-picture'}>
      {p.sources?.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={p.src}
        srcSet={p.srcSet}
        sizes={p.srcSet && sizes}
        width={p.width}
        height={p.height}
        alt={alt}
        loading={priority || eager ? undefined : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
