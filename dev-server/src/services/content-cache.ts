/**
 * In-process caches of seeded, immutable content (docs/decisions/019-api-caching.md).
 *
 * Articles, their topics and their reprint products are written by the seed only; while API
 * processes run they never change. What a reader sees of them changes with time alone: an article
 * is served once its publication time has passed. So an answer built from them stays right for as
 * long as no publication time is crossed, and a cache keyed by the "publication epoch" (how many
 * articles are published by now) is never stale, whichever way the clock moves (tests move it back
 * too). Nothing user-owned (sessions, the meter, follows, libraries, carts) is ever cached here:
 * those live in the database, shared by every API process.
 */
import type { Clock } from '../deps';

/** A bounded map that forgets the least recently used entry first. */
export interface LruCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /**
   * The key's value, loaded on a miss and kept. Concurrent misses of one key share one load (a
   * popular query asked by fifty readers at once reaches the database once, not fifty times); a
   * load that fails is not kept, and the next miss loads again.
   */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V>;
  readonly size: number;
  clear(): void;
}

export function createLruCache<V>(maxEntries: number): LruCache<V> {
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error('an LRU cache holds at least one entry');
  const entries = new Map<string, V>();
  const loading = new Map<string, Promise<V>>();
  const cache: LruCache<V> = {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    getOrLoad(key, load) {
      const hit = cache.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = loading.get(key);
      if (pending) return pending;
      const started = load().then(
        (value) => {
          loading.delete(key);
          cache.set(key, value);
          return value;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, started);
      return started;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
  return cache;
}

/** A publication time as the database returns it (ISO text; a Date on engines that have one). */
export type PublicationTime = string | Date;

function toMs(value: PublicationTime): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/** How many of the ascending `times` are at or before `now` (binary search). */
export function countAtOrBefore(times: readonly number[], now: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface PublicationEpochs {
  /**
   * The number of articles published by the clock's now: two moments with the same epoch see the
   * same published articles (and so the same stream pages).
   */
  current(): Promise<number>;
}

/**
 * Epochs from every article's publication time, read once (`load`) on first use; a failed read is
 * tried again on the next call.
 */
export function createPublicationEpochs(load: () => Promise<readonly PublicationTime[]>, clock: Clock): PublicationEpochs {
  let times: number[] | null = null;
  let loading: Promise<number[]> | null = null;
  const read = (): Promise<number[]> => {
    loading ??= load().then(
      (values) => {
        times = values.map(toMs).sort((a, b) => a - b);
        return times;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    async current() {
      const sorted = times ?? (await read());
      return countAtOrBefore(sorted, clock.now().getTime());
    },
  };
}
