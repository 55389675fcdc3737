/**
 * Rendered pictures, kept: in memory (least recently used first out, bounded by bytes) and, when
 * the process has a data directory, on disk (`{dir}/{kind}/{id}--{version}-{width}.{format}`, every
 * part checked by the route's patterns before it gets here), so a restart does not render again.
 * Requests for a variant being rendered wait for that render instead of starting their own.
 *
 * A variant's address names its content (the version hash), so nothing here is ever invalidated:
 * a changed item has a new address, and its old files are only never asked for again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface CachedImage {
  bytes: Buffer;
  /** A strong ETag of the bytes. */
  etag: string;
}

/** What a variant is: every part already matched the route's patterns. */
export interface VariantKey {
  kind: string;
  id: string;
  version: string;
  width: number;
  format: string;
}

export function keyOf(v: VariantKey): string {
  return `${v.kind}/${v.id}--${v.version}-${v.width}.${v.format}`;
}

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

export interface ImageCacheOptions {
  /** Memory budget in bytes (default 32 MB). */
  maxBytes?: number;
  /** Where files are kept; null keeps them in memory only (an in-memory database, tests). */
  dir: string | null;
  /** Told when the disk cannot be written (the picture is still served). */
  onDiskError?: (error: unknown) => void;
}

export const DEFAULT_IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

export interface ImageCache {
  /** The variant from memory or disk, else undefined. */
  get(key: VariantKey): Promise<CachedImage | undefined>;
  /** The variant from the cache, or from `render` (one render for concurrent callers), kept. */
  getOrRender(key: VariantKey, render: () => Promise<Buffer>): Promise<CachedImage>;
  /** Bytes held in memory now. */
  readonly memoryBytes: number;
}

export function createImageCache(options: ImageCacheOptions): ImageCache {
  const maxBytes = options.maxBytes ?? DEFAULT_IMAGE_CACHE_BYTES;
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  const memory = new Map<string, CachedImage>();
  const inFlight = new Map<string, Promise<CachedImage>>();
  let memoryBytes = 0;

  function remember(key: string, image: CachedImage): void {
    if (image.bytes.length > maxBytes) return;
    const old = memory.get(key);
    if (old) {
      memory.delete(key);
      memoryBytes -= old.bytes.length;
    }
    memory.set(key, image);
    memoryBytes += image.bytes.length;
    for (const [k, v] of memory) {
      if (memoryBytes <= maxBytes) break;
      memory.delete(k);
      memoryBytes -= v.bytes.length;
    }
  }

  const fileOf = (key: string): string | null => (options.dir === null ? null : path.join(options.dir, key));

  async function fromDisk(key: string): Promise<CachedImage | undefined> {
    const file = fileOf(key);
    if (file === null) return undefined;
    try {
      const bytes = await readFile(file);
      return bytes.length > 0 ? { bytes, etag: etagOf(bytes) } : undefined;
    } catch {
      return undefined;
    }
  }

  async function toDisk(key: string, bytes: Buffer): Promise<void> {
    const file = fileOf(key);
    if (file === null) return;
    // Written aside, then renamed: a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      options.onDiskError?.(error);
    }
  }

  async function get(v: VariantKey): Promise<CachedImage | undefined> {
    const key = keyOf(v);
    const held = memory.get(key);
    if (held) {
      remember(key, held);
      return held;
    }
    const stored = await fromDisk(key);
    if (stored) remember(key, stored);
    return stored;
  }

  return {
    get,
    async getOrRender(v, render) {
      const key = keyOf(v);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const work = (async () => {
        const found = await get(v);
        if (found) return found;
        const bytes = await render();
        const image = { bytes, etag: etagOf(bytes) };
        remember(key, image);
        await toDisk(key, bytes);
        return image;
      })();
      inFlight.set(key, work);
      try {
        return await work;
      } finally {
        inFlight.delete(key);
      }
    },
    get memoryBytes() {
      return memoryBytes;
    },
  };
}
