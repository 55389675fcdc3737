/**
 * GET /images/{kind}/{id}/{version}-{width}.{avif|webp|jpg}: the generated pictures
 * (decision 036). The base path alone, /images/{kind}/{id}/{version}, is the JPEG at the kind's
 * middle width (what a plain <img src> of an API answer's `image` gets).
 *
 * Every part of the path is matched against a fixed pattern, the width against the kind's fixed
 * set, the item looked up and its version recomputed (services/images); anything else is a 404
 * before anything is drawn. The version names the content, so an answer is cached for a year as
 * immutable. Drawing (not serving from the cache) counts against the client's `imageRenders` limit.
 */
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { NotFoundError } from '../services/errors';
import {
  CONTENT_TYPES,
  defaultWidthOf,
  IMAGE_FORMATS,
  IMAGE_ID_PATTERN,
  IMAGE_KINDS,
  IMAGE_VERSION_LENGTH,
  widthsOf,
  type ImageVariant,
} from '../services/images';
import type { RouteContext } from './context';

const ImageParams = z.object({
  kind: z.enum(IMAGE_KINDS),
  id: z.string().regex(IMAGE_ID_PATTERN),
  file: z.string().regex(new RegExp(`^[0-9a-f]{${IMAGE_VERSION_LENGTH}}(-\\d{3,4}\\.(${IMAGE_FORMATS.join('|')}))?$`)),
});

/** Headers of every picture: cached for a year by anyone (the address changes with the content), never sniffed, never run. */
export const IMAGE_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

/** The variant a path names, or null (the 404s: a wrong pattern, a width outside the kind's set). */
export function parseImagePath(params: unknown): ImageVariant | null {
  const parsed = ImageParams.safeParse(params);
  if (!parsed.success) return null;
  const { kind, id, file } = parsed.data;
  const [version = '', rest] = file.split('-');
  if (rest === undefined) return { kind, id, version, width: defaultWidthOf(kind), format: 'jpg' };
  const [digits = '', ext = ''] = rest.split('.');
  const width = Number(digits);
  const format = IMAGE_FORMATS.find((f) => f === ext);
  if (!format || !widthsOf(kind).includes(width)) return null;
  return { kind, id, version, width, format };
}

/** Runs a middleware (the rate limiter) inside a handler: true when it let the request through. */
function passes(handler: RequestHandler, req: Request, res: Response): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const next: NextFunction = (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(true));
    res.once('finish', () => resolve(false));
    Promise.resolve(handler(req, res, next)).catch(reject);
  });
}

export function imageRoutes({ services, limit }: RouteContext): Router {
  const router = Router();
  const renderLimit = limit('imageRenders');

  router.get('/images/:kind/:id/:file', async (req, res) => {
    const variant = parseImagePath(req.params);
    if (variant === null) throw new NotFoundError('Not found');
    const subject = await services.images.resolve(variant.kind, variant.id, variant.version);
    if (subject === null) throw new NotFoundError('Not found');
    let image = await services.images.cached(variant);
    if (!image) {
      if (!(await passes(renderLimit, req, res))) return;
      image = await services.images.render(variant, subject);
    }
    // res.send adds Content-Length and answers If-None-Match with 304 from the ETag set here.
    res.set({ ...IMAGE_HEADERS, 'Content-Type': CONTENT_TYPES[variant.format], ETag: image.etag }).send(image.bytes);
  });

  return router;
}
