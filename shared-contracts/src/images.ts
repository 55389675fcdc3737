/**
 * Generated pictures (decision 036). An API answer's `image` (or a video's `image`, an
 * issue's `cover`) is a base path, `/images/{kind}/{id}/{version}`; the server draws
 * `{base}-{width}.{avif|webp|jpg}` for the widths below (the base alone is the JPEG at the middle
 * width). Articles, videos and chart collections are 16:9; products and issues have 3:4 covers.
 */
export const IMAGE_WIDTHS = { wide: [320, 640, 960, 1280], tall: [240, 480, 720] } as const;

/** What a <picture> needs; an image that is not generated (an editor's own URL) gives only `src`. */
export interface Picture {
  src: string;
  width?: number;
  height?: number;
  srcSet?: string;
  sources?: { type: string; srcSet: string }[];
}

export function pictureOf(image: string): Picture {
  const kind = /^\/images\/(\w+)\/[\w-]+\/[0-9a-f]{12}$/.exec(image)?.[1];
  if (!kind) return { src: image };
  // IMAGE_WIDTHS as multiples of 240 (3:4) or 320 (16:9): fewer bytes on the page than the table (a test keeps them equal).
  const tall = kind === 'product' || kind === 'issue';
  const step = tall ? 240 : 320;
  const widths = (tall ? [1, 2, 3] : [1, 2, 3, 4]).map((k) => k * step);
  const set = (ext: string) => widths.map((w) => `${image}-${w}.${ext} ${w}w`).join(', ');
  return {
    width: 2 * step,
    height: tall ? 640 : 360,
    sources: ['avif', 'webp'].map((f) => ({ type: `image/${f}`, srcSet: set(f) })),
    src: `${image}-${2 * step}.jpg`,
    srcSet: set('jpg'),
  };
}
