import { act, renderHook } from '@testing-library/react';
import { useLoad, type Load, type LoadState } from './useLoad';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The state alone, without the controls, for toEqual. */
function stateOf<T>(load: Load<T>): LoadState<T> {
  const { reload: _reload, mutate: _mutate, ...state } = load;
  return state as LoadState<T>;
}

describe('useLoad', () => {
  it('goes from loading to ready, and to loading again at once when the key changes', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const loads: Record<string, Promise<string>> = { a: first.promise, b: second.promise };
    const { result, rerender } = renderHook(({ k }: { k: string }) => useLoad(k, () => loads[k]!), { initialProps: { k: 'a' } });
    expect(stateOf(result.current)).toEqual({ status: 'loading' });
    await act(async () => first.resolve('A'));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'A' });
    rerender({ k: 'b' });
    expect(stateOf(result.current)).toEqual({ status: 'loading' });
    await act(async () => second.resolve('B'));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'B' });
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
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'fast answer' });
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
    expect(stateOf(result.current)).toEqual({ status: 'error', error });
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('loads the same key again on reload, aborting the running load, and shows loading meanwhile', async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    const { result } = renderHook(() =>
      useLoad('k', (signal) => {
        signals.push(signal);
        return answers[signals.length - 1]!.promise;
      }),
    );
    await act(async () => answers[0]!.resolve('one'));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'one' });
    act(() => result.current.reload());
    expect(stateOf(result.current)).toEqual({ status: 'loading' });
    act(() => result.current.reload());
    expect(signals).toHaveLength(3);
    expect(signals[1]?.aborted).toBe(true);
    await act(async () => answers[1]!.resolve('stale'));
    await act(async () => answers[2]!.resolve('three'));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'three' });
  });

  it('with keepPrevious, keeps the data while another key or a reload loads, and when that load fails', async () => {
    const loads: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred<string>(), b: deferred<string>() };
    const { result, rerender } = renderHook(({ k }: { k: string }) => useLoad(k, () => loads[k]!.promise, { keepPrevious: true }), {
      initialProps: { k: 'a' },
    });
    expect(stateOf(result.current)).toEqual({ status: 'loading' });
    await act(async () => loads.a!.resolve('A'));
    rerender({ k: 'b' });
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'A' });
    await act(async () => loads.b!.resolve('B'));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'B' });

    loads.b = deferred<string>();
    act(() => result.current.reload());
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'B' });
    await act(async () => loads.b!.reject(new Error('down')));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: 'B' });
  });

  it('with keepPrevious, still reports an error when there was no data yet', async () => {
    const d = deferred<string>();
    const { result } = renderHook(() => useLoad('k', () => d.promise, { keepPrevious: true }));
    const error = new Error('down');
    await act(async () => d.reject(error));
    expect(stateOf(result.current)).toEqual({ status: 'error', error });
  });

  it('mutate updates the data in place without a request; a value sets it even before the answer', async () => {
    const d = deferred<number[]>();
    const load = jest.fn(() => d.promise);
    const { result } = renderHook(() => useLoad('k', load));
    act(() => result.current.mutate((list) => [...list, 9]));
    expect(stateOf(result.current)).toEqual({ status: 'loading' });
    await act(async () => d.resolve([1, 2]));
    act(() => result.current.mutate((list) => list.filter((n) => n !== 1)));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: [2] });
    act(() => result.current.mutate([7]));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: [7] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a value given to mutate while loading shows at once; the running answer still wins', async () => {
    const d = deferred<boolean>();
    const { result } = renderHook(() => useLoad('k', () => d.promise));
    act(() => result.current.mutate(true));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: true });
    await act(async () => d.resolve(false));
    expect(stateOf(result.current)).toEqual({ status: 'ready', data: false });
  });

  it('an answer after unmount changes nothing', async () => {
    const d = deferred<string>();
    const { result, unmount } = renderHook(() => useLoad('k', () => d.promise));
    unmount();
    await act(async () => d.resolve('late'));
    expect(stateOf(result.current)).toEqual({ status: 'loading' });
  });

  it('keeps the identity of reload and mutate across renders and keys', async () => {
    const { result, rerender } = renderHook(({ k }: { k: string }) => useLoad(k, () => Promise.resolve(k)), { initialProps: { k: 'a' } });
    const { reload, mutate } = result.current;
    rerender({ k: 'b' });
    await act(async () => undefined);
    expect(result.current.reload).toBe(reload);
    expect(result.current.mutate).toBe(mutate);
  });
});
