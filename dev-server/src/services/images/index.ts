/**
 * The generated pictures (decision 036): what an address names, and its bytes.
 *
 * A request names a kind, an id, a version, a width and a format. The item is looked up by its id
 * (an unknown or unpublished one is not found), its version recomputed from the row (a stale or
 * made-up version is not found), and only then is anything drawn: nobody can make the server set
 * a text or a size of their choosing. Renders are cached (cache.ts) and at most
 * MAX_CONCURRENT_RENDERS run at once; past RENDER_QUEUE_LIMIT waiting, a request is refused (503).
 */
import { createGate } from '../../gate';
import type { Clock } from '../../deps';
import type { CartRepository } from '../../repositories/cart';
import type { ContentRepository } from '../../repositories/content';
import type { DiscoveryRepository } from '../../repositories/discovery';
import type { MediaRepository } from '../../repositories/media';
import { UnavailableError } from '../errors';
import { ISSUE_CODE_PATTERN } from '../issues';
import { renderArtSvg } from './art';
import type { CachedImage, ImageCache } from './cache';
import { rasterize } from './raster';
import {
  articleSubject,
  collectionSubject,
  imageVersion,
  issueSubject,
  productSubject,
  videoSubject,
  type ImageFormat,
  type ImageKind,
  type ImageSubject,
} from './subjects';

export { CONTENT_TYPES } from './raster';
export * from './subjects';

/** Renders at once: the machine's two cores also serve the API. */
export const MAX_CONCURRENT_RENDERS = 2;
/** Renders that may wait for a turn; more are refused with 503 (a flood is not queued for ever). */
export const RENDER_QUEUE_LIMIT = 64;
export const RENDER_BUSY = 'The picture cannot be drawn right now. Please try again.';

export interface ImageVariant {
  kind: ImageKind;
  id: string;
  version: string;
  width: number;
  format: ImageFormat;
}

/** The renderer's gate: at most `max` drawings at a time, `maxQueue` waiting; past that UnavailableError. */
export function createRenderGate(max: number, maxQueue: number): <T>(task: () => Promise<T>) => Promise<T> {
  return createGate(max, { max: maxQueue, full: () => new UnavailableError(RENDER_BUSY) });
}

export interface ImageServiceDeps {
  content: Pick<ContentRepository, 'findArticlePictureFacts'>;
  carts: Pick<CartRepository, 'productById'>;
  discovery: Pick<DiscoveryRepository, 'findIssue' | 'issueCoverLine'>;
  media: Pick<MediaRepository, 'findVideo' | 'listChartCollections'>;
  clock: Clock;
  cache: ImageCache;
  maxConcurrent?: number;
  maxQueue?: number;
}

export function createImageService(deps: ImageServiceDeps) {
  const { content, carts, discovery, media, clock, cache } = deps;
  const gate = createRenderGate(deps.maxConcurrent ?? MAX_CONCURRENT_RENDERS, deps.maxQueue ?? RENDER_QUEUE_LIMIT);
  const now = () => clock.now().toISOString();

  /** The subject of a kind and id, as the API answers draw it; null for an unknown (or unpublished) item. */
  async function subjectOf(kind: ImageKind, id: string): Promise<ImageSubject | null> {
    switch (kind) {
      case 'article': {
        const row = await content.findArticlePictureFacts(id);
        return row && row.published <= now() ? articleSubject(row) : null;
      }
      case 'product': {
        const row = await carts.productById(id);
        return row ? productSubject(row) : null;
      }
      case 'issue': {
        const row = ISSUE_CODE_PATTERN.test(id) ? await discovery.findIssue(id) : undefined;
        return row ? issueSubject(row, await discovery.issueCoverLine(row.code, now())) : null;
      }
      case 'video': {
        const row = await media.findVideo(id);
        return row ? videoSubject(row) : null;
      }
      case 'collection': {
        const row = (await media.listChartCollections()).find((c) => c.id === id);
        return row ? collectionSubject(row) : null;
      }
    }
  }

  return {
    subjectOf,

    /** The subject when `version` is its current one; else null (unknown item, stale or made-up version). */
    async resolve(kind: ImageKind, id: string, version: string): Promise<ImageSubject | null> {
      const subject = await subjectOf(kind, id);
      return subject && imageVersion(subject) === version ? subject : null;
    },

    /** A variant already drawn (memory or disk), else undefined. */
    cached(variant: ImageVariant): Promise<CachedImage | undefined> {
      return cache.get(variant);
    },

    /** The variant's bytes, drawn now unless cached; the subject must come from `resolve`. */
    render(variant: ImageVariant, subject: ImageSubject): Promise<CachedImage> {
      return cache.getOrRender(variant, () => gate(() => rasterize(renderArtSvg(subject, variant.width), variant.format)));
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
