import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { invalidate, RenderContextValue, type Preloaded } from 'shared-contracts';
import { pageOf } from '../../testing/fixtures';
import { LIST_KEY_PREFIX, usePagedList, type PageAnswer } from './usePagedList';

type Item = { id: string };
const items = (from: number, n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `i${from + i}` }));

/** A load whose answers the test releases one by one. */
function heldLoads() {
  const pending: { page: number; resolve(a: PageAnswer<Item>): void }[] = [];
  const load = jest.fn(
    (page: number) =>
      new Promise<PageAnswer<Item>>((resolve) => {
        pending.push({ page, resolve });
      }),
  );
  return { load, pending };
}

describe('usePagedList', () => {
  it("starts with the page's first page when the server sent it, and asks only for the next ones", async () => {
    const all = items(0, 15);
    const load = jest.fn(async (page: number) => pageOf(all, page, 10));
    const loads = new Map<string, Preloaded>([['library-list:k', { ok: true, data: pageOf(all, 0, 10) }]]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RenderContextValue.Provider value={{ loads, slots: {} }}>{children}</RenderContextValue.Provider>
    );
    const { result } = renderHook(() => usePagedList('k', load), { wrapper });
    const ready = () => result.current.list as Extract<typeof result.current.list, { status: 'ready' }>;
    expect(result.current.list.status).toBe('ready');
    expect(ready().items).toHaveLength(10);
    act(() => result.current.loadMore());
    await waitFor(() => expect(ready().items).toHaveLength(15));
    expect(load.mock.calls.map(([p]) => p)).toEqual([1]);
  });

  it("shows the server's failure of the first page, and a retry asks again", async () => {
    const load = jest.fn(async (page: number) => pageOf(items(0, 3), page, 10));
    const loads = new Map<string, Preloaded>([['library-list:k', { ok: false, status: 503, body: { message: 'down' } }]]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RenderContextValue.Provider value={{ loads, slots: {} }}>{children}</RenderContextValue.Provider>
    );
    const { result } = renderHook(() => usePagedList('k', load), { wrapper });
    expect(result.current.list.status).toBe('error');
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.list.status).toBe('ready'));
    expect(load.mock.calls.map(([p]) => p)).toEqual([0]);
  });

  it('loads page 0, then the next pages, and stops at the last one', async () => {
    const all = items(0, 15);
    const load = jest.fn(async (page: number) => pageOf(all, page, 10));
    const { result } = renderHook(() => usePagedList('k', load));
    expect(result.current.list.status).toBe('loading');
    await waitFor(() => expect(result.current.list.status).toBe('ready'));
    const ready = () => result.current.list as Extract<typeof result.current.list, { status: 'ready' }>;
    expect(ready().items).toHaveLength(10);
    expect(ready().last).toBe(false);
    act(() => result.current.loadMore());
    await waitFor(() => expect(ready().items).toHaveLength(15));
    expect(ready().last).toBe(true);
    act(() => result.current.loadMore());
    expect(load.mock.calls.map(([p]) => p)).toEqual([0, 1]);
  });

  it("drops an older key's answer that arrives late", async () => {
    const { load, pending } = heldLoads();
    const { result, rerender } = renderHook(({ k }) => usePagedList(k, load), { initialProps: { k: 'a' } });
    rerender({ k: 'b' });
    await act(async () => pending[1]!.resolve(pageOf(items(100, 1), 0, 10)));
    await act(async () => pending[0]!.resolve(pageOf(items(0, 1), 0, 10)));
    expect(result.current.list).toMatchObject({ status: 'ready', items: [{ id: 'i100' }] });
  });

  it('a reload asked for by invalidate keeps the items on screen, marked refreshing, until page 0 returns', async () => {
    const { load, pending } = heldLoads();
    const { result } = renderHook(() => usePagedList('saved:all', load));
    const { result: other } = renderHook(() => usePagedList('history:read', load));
    await act(async () => pending[0]!.resolve(pageOf(items(0, 2), 0, 10)));
    await act(async () => pending[1]!.resolve(pageOf(items(50, 1), 0, 10)));
    act(() => invalidate(`${LIST_KEY_PREFIX}saved:`));
    expect(result.current.list).toMatchObject({ status: 'ready', refreshing: true, items: [{ id: 'i0' }, { id: 'i1' }] });
    expect(result.current.reloads).toBe(1);
    // Only the lists the prefix names.
    expect(other.current.list).toMatchObject({ refreshing: false });
    expect(load).toHaveBeenCalledTimes(3);
    await act(async () => pending[2]!.resolve(pageOf(items(0, 1), 0, 10)));
    expect(result.current.list).toMatchObject({ status: 'ready', refreshing: false, items: [{ id: 'i0' }] });
  });

  it('a failed next page keeps the items and says so', async () => {
    let fail = false;
    const load = jest.fn(async (page: number) => {
      if (fail) throw new Error('down');
      return pageOf(items(0, 12), page, 10);
    });
    const { result } = renderHook(() => usePagedList('k', load));
    await waitFor(() => expect(result.current.list.status).toBe('ready'));
    fail = true;
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.list).toMatchObject({ more: 'error' }));
    expect(result.current.list).toMatchObject({ status: 'ready', last: false });
  });
});
