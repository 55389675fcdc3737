import { act, renderHook } from '@testing-library/react';
import { useLoad } from './useLoad';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('goes from loading to ready, and to loading again at once when the key changes', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const loads: Record<string, Promise<string>> = { a: first.promise, b: second.promise };
    const { result, rerender } = renderHook(({ k }: { k: string }) => useLoad(k, () => loads[k]!), { initialProps: { k: 'a' } });
    expect(result.current).toEqual({ status: 'loading' });
    await act(async () => first.resolve('A'));
    expect(result.current).toEqual({ status: 'ready', data: 'A' });
    rerender({ k: 'b' });
    expect(result.current).toEqual({ status: 'loading' });
    await act(async () => second.resolve('B'));
    expect(result.current).toEqual({ status: 'ready', data: 'B' });
  });

  it('ignores the answer of a load that a newer key replaced', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const signals: AbortSignal[] = [];
    const loads: Record<string, Promise<string>> = { slow: slow.promise, fast: fast.promise };
    const { result, rerender } = renderHook(
      ({ k }: { k: string }) =>
        useLoad(k, (signal) => {
          signals.push(signal);
          return loads[k]!;
        }),
      { initialProps: { k: 'slow' } },
    );
    rerender({ k: 'fast' });
    await act(async () => fast.resolve('fast answer'));
    await act(async () => slow.resolve('slow answer'));
    expect(result.current).toEqual({ status: 'ready', data: 'fast answer' });
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('reports an error, and aborts on unmount', async () => {
    const d = deferred<string>();
    let signal: AbortSignal | undefined;
    const { result, unmount } = renderHook(() =>
      useLoad('k', (s) => {
        signal = s;
        return d.promise;
      }),
    );
    const error = new Error('down');
    await act(async () => d.reject(error));
    expect(result.current).toEqual({ status: 'error', error });
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});
