import { createFakeClock } from '../deps';
import { countAtOrBefore, createLruCache, createPublicationEpochs } from './content-cache';

describe('createLruCache', () => {
  it('keeps at most its size, forgetting the least recently used first', () => {
    const cache = createLruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
    cache.set('a', 10);
    expect(cache.get('a')).toBe(10);
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(() => createLruCache(0)).toThrow();
  });
});

describe('publication epochs', () => {
  it('counts the times at or before now', () => {
    expect(countAtOrBefore([], 5)).toBe(0);
    expect(countAtOrBefore([1, 2, 2, 4], 0)).toBe(0);
    expect(countAtOrBefore([1, 2, 2, 4], 2)).toBe(3);
    expect(countAtOrBefore([1, 2, 2, 4], 3)).toBe(3);
    expect(countAtOrBefore([1, 2, 2, 4], 4)).toBe(4);
  });

  it('reads the times once, follows the clock both ways, and reads again after a failed read', async () => {
    const clock = createFakeClock('2025-01-01T00:00:00.000Z');
    let reads = 0;
    let fail = true;
    const epochs = createPublicationEpochs(async () => {
      reads++;
      if (fail) throw new Error('database down');
      return ['2025-03-01T00:00:00.000Z', new Date('2025-02-01T00:00:00.000Z'), '2025-01-01T00:00:00.000Z'];
    }, clock);
    await expect(epochs.current()).rejects.toThrow('database down');
    fail = false;
    expect(await epochs.current()).toBe(1);
    clock.set('2025-02-15T00:00:00.000Z');
    expect(await epochs.current()).toBe(2);
    clock.set('2025-03-01T00:00:00.000Z');
    expect(await epochs.current()).toBe(3);
    clock.set('2024-12-31T23:59:59.999Z');
    expect(await epochs.current()).toBe(0);
    expect(reads).toBe(2);
  });
});

describe('LruCache.getOrLoad', () => {
  it('loads a missing key once for every concurrent asker, keeps it, and answers later asks from memory', async () => {
    const cache = createLruCache<string>(4);
    let loads = 0;
    let finish: (value: string) => void = () => undefined;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const askers = [cache.getOrLoad('q', load), cache.getOrLoad('q', load), cache.getOrLoad('q', load)];
    expect(loads).toBe(1);
    finish('answer');
    expect(await Promise.all(askers)).toEqual(['answer', 'answer', 'answer']);
    expect(await cache.getOrLoad('q', load)).toBe('answer');
    expect(loads).toBe(1);
    expect(cache.get('q')).toBe('answer');
  });

  it('keeps no failed load: every waiter gets the error, and the next ask loads again', async () => {
    const cache = createLruCache<string>(4);
    let loads = 0;
    const failing = () => {
      loads++;
      return Promise.reject(new Error('database unavailable'));
    };
    const both = [cache.getOrLoad('q', failing), cache.getOrLoad('q', failing)];
    await expect(both[0]).rejects.toThrow('database unavailable');
    await expect(both[1]).rejects.toThrow('database unavailable');
    expect(loads).toBe(1);
    expect(cache.get('q')).toBeUndefined();
    expect(await cache.getOrLoad('q', async () => 'back')).toBe('back');
  });

  it('loads different keys apart', async () => {
    const cache = createLruCache<string>(4);
    const seen: string[] = [];
    const load = (key: string) => async () => {
      seen.push(key);
      return key.toUpperCase();
    };
    expect(await Promise.all([cache.getOrLoad('a', load('a')), cache.getOrLoad('b', load('b'))])).toEqual(['A', 'B']);
    expect(seen).toEqual(['a', 'b']);
  });
});
