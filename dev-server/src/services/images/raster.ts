/**
 * The SVG drawing to image bytes, with sharp (libvips, librsvg): AVIF and WebP for the browsers
 * that take them, progressive JPEG as the fallback. The SVG holds no text element (type is paths)
 * and no reference to anything outside it, so the rasteriser reads no file and no font.
 */
import sharp from 'sharp';
import type { ImageFormat } from './subjects';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

// One libvips thread per image: a render is small, and the process serves other requests meanwhile.
sharp.concurrency(1);
// The pixel cache is ours (cache.ts), not libvips'.
sharp.cache(false);

export async function rasterize(svg: string, format: ImageFormat): Promise<Buffer> {
  // The input is our own small SVG: no more pixels than the largest width (1280 x 960) needs.
  const image = sharp(Buffer.from(svg), { limitInputPixels: 1280 * 1280, density: 72 });
  if (format === 'avif') return image.avif({ quality: 52, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 78, effort: 3 }).toBuffer();
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();
}
