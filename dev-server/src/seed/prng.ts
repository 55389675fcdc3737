/**
 * A small seeded random source (mulberry32) with the helpers the seed needs. Each part of the seed
 * (topics, articles, store...) draws from its own stream derived from the seed and a label, so
 * adding products later does not change the articles.
 */

/** 32-bit FNV-1a hash of a string, used to derive a stream seed from (seed, label). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** Lower-case hex digits. */
  hex(length: number): string;
  /** Decimal digits; the first is never 0. */
  digits(length: number): string;
}

export function createRng(seed: number | string, label = ''): Rng {
  const base = typeof seed === 'number' ? `${seed}` : seed;
  const next = mulberry32(hashString(`${base}:${label}`));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample: (items, count) => shuffle(items).slice(0, count),
    shuffle,
    hex: (length) => Array.from({ length }, () => int(0, 15).toString(16)).join(''),
    digits: (length) => Array.from({ length }, (_, i) => String(i === 0 ? int(1, 9) : int(0, 9))).join(''),
  };
}

/** A UUID-shaped id drawn from the stream (deterministic, unlike crypto.randomUUID). */
export function seededUuid(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
