/**
 * A generated picture (decision 036) as <picture class="ds-picture">: AVIF and WebP
 * sources, a JPEG <img> with its intrinsic width and height (its box is kept before it loads), lazy
 * unless `priority` (the first view's largest picture: loaded at once, fetchpriority high) or `eager`
 * (in the first view, but not its largest: loaded at once). `later` (below the first view on every
 * layout, decision 044): the server's HTML holds the picture's box with the picture in a <noscript>
 * (a reader without scripts gets it at once), and the browser asks for it once the page is hydrated,
 * so it takes no bandwidth from the first view's pictures on a slow connection. `image`
 * is an answer's base path (images.ts `pictureOf`); `alt` is required, '' for a decorative picture.
 * In the core (the article's hero uses it): keep it tiny.
 */
import type { Ref } from 'react';
import { pictureOf, type Picture as PictureData } from './images';
import { useHydrating } from './ssr';

/** What `pictureOf` returns (the component shares its name). */
export type Picture = PictureData;

export interface PictureProps {
  image: string;
  alt: string;
  /** The <source>s' and <img>'s `sizes`: how wide the picture shows. */
  sizes?: string;
  priority?: boolean;
  eager?: boolean;
  /** Below the first view on every layout: asked for once the page is hydrated (see above). */
  later?: boolean;
  className?: string;
  /** The <img>, e.g. to read the file the browser chose (`currentSrc`). */
  ref?: Ref<HTMLImageElement>;
}

export function Picture({ image, alt, sizes = '100vw', priority, eager, later, className, ref }: PictureProps) {
  const hydrating = useHydrating();
  const p = pictureOf(image);
  const classes = className ? `ds-picture ${className}` : 'ds-picture';
  const picture = (
    <picture className={classes}>
      {p.sources?.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        ref={ref}
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
  if (!later || !hydrating) return picture;
  // React leaves a <noscript>'s content alone when it hydrates; the next render puts the picture in.
  return (
    <span className={`${classes} ds-picture--later`} style={p.width ? { aspectRatio: `${p.width} / ${p.height}` } : undefined}>
      <noscript>{picture}</noscript>
    </span>
  );
}
