import { act, renderHook } from '@testing-library/react';
import { useMutation } from './mutation';
import { invalidate, useLoad, type Load, type LoadState } from './useLoad';

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

describe('invalidate', () => {
  it('loads again every mounted load whose key starts with a prefix, and no other', async () => {
    let n = 0;
    const counts: Record<string, number> = {};
    const load = (key: string) => () => {
      counts[key] = (counts[key] ?? 0) + 1;
      return Promise.resolve(`${key} #${++n}`);
    };
    const { result: folders, unmount: unmountFolders } = renderHook(() => useLoad('folders', load('folders')));
    const { unmount: unmountItem } = renderHook(() => useLoad('folders:item-1', load('folders:item-1')));
    const { result: other, unmount: unmountOther } = renderHook(() => useLoad('following', load('following')));
    await act(async () => undefined);
    expect(counts).toEqual({ folders: 1, 'folders:item-1': 1, following: 1 });

    await act(async () => invalidate('folders'));
    expect(counts).toEqual({ folders: 2, 'folders:item-1': 2, following: 1 });
    expect(stateOf(other.current)).toEqual({ status: 'ready', data: 'following #3' });
    expect(stateOf(folders.current)).toMatchObject({ status: 'ready' });

    // An unmounted load is no longer asked.
    unmountItem();
    await act(async () => invalidate('folders'));
    expect(counts).toEqual({ folders: 3, 'folders:item-1': 2, following: 1 });
    unmountFolders();
    unmountOther();
  });
});

describe('useMutation', () => {
  it('is pending until the answer, then invalidates what it names and returns the answer', async () => {
    const answer = deferred<string>();
    let loads = 0;
    const { result: list, unmount: unmountList } = renderHook(() => useLoad('saves', () => Promise.resolve(++loads)));
    await act(async () => undefined);
    const saved: string[] = [];
    const { result } = renderHook(() =>
      useMutation((id: string) => answer.promise.then((a) => `${a} ${id}`), { invalidates: ['saves'], onSuccess: (r) => saved.push(r) }),
    );
    expect(result.current.pending).toBe(false);

    let done!: Promise<string | undefined>;
    act(() => {
      done = result.current.run('item-1');
    });
    expect(result.current.pending).toBe(true);
    // One at a time: a second click while it runs does nothing.
    let second: string | undefined = 'not run';
    await act(async () => {
      second = await result.current.run('item-2');
    });
    expect(second).toBeUndefined();

    await act(async () => answer.resolve('saved'));
    expect(await done).toBe('saved item-1');
    expect(saved).toEqual(['saved item-1']);
    expect(result.current).toMatchObject({ pending: false, error: null });
    expect(loads).toBe(2);
    expect(stateOf(list.current)).toEqual({ status: 'ready', data: 2 });
    unmountList();
  });

  it('keeps a failure in error, invalidates nothing, and a new run clears it', async () => {
    let loads = 0;
    const { unmount: unmountList } = renderHook(() => useLoad('folders', () => Promise.resolve(++loads)));
    await act(async () => undefined);
    const refused = new Error('That folder name is already in use.');
    let fail = true;
    const { result } = renderHook(() => useMutation(() => (fail ? Promise.reject(refused) : Promise.resolve('ok')), { invalidates: ['folders'] }));
    let out: string | undefined = 'not run';
    await act(async () => {
      out = await result.current.run();
    });
    expect(out).toBeUndefined();
    expect(result.current).toMatchObject({ pending: false, error: refused });
    expect(loads).toBe(1);

    fail = false;
    await act(async () => {
      out = await result.current.run();
    });
    expect(out).toBe('ok');
    expect(result.current.error).toBeNull();
    expect(loads).toBe(2);
    unmountList();
  });

  it('changes no state once unmounted, but still invalidates the loads still shown', async () => {
    const answer = deferred<string>();
    let loads = 0;
    const { unmount: unmountList } = renderHook(() => useLoad('saves', () => Promise.resolve(++loads)));
    await act(async () => undefined);
    const errors: unknown[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((e: unknown) => errors.push(e));
    const { result, unmount } = renderHook(() => useMutation(() => answer.promise, { invalidates: ['saves'] }));
    let done!: Promise<string | undefined>;
    act(() => {
      done = result.current.run();
    });
    unmount();
    await act(async () => answer.resolve('removed'));
    expect(await done).toBe('removed');
    expect(loads).toBe(2);
    expect(errors).toEqual([]);
    spy.mockRestore();
    unmountList();
  });
});
