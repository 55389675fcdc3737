import { render, screen, act, waitFor } from '@testing-library/react';
import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { lazyComponent } from 'shared-contracts';
import { RemoteSlot, SlotFallback, type Loader } from './RemoteSlot';

function slotOf(container: HTMLElement) {
  const el = container.querySelector('[data-mfe-slot]');
  if (!el) throw new Error('no slot');
  return el;
}

const loaderOf = (impl: () => Promise<ComponentType<object>>, startedAt?: number): Loader =>
  (() => ({ promise: impl(), startedAt: startedAt ?? Date.now() })) as unknown as Loader;

describe('RemoteSlot', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('goes from loading to ready and draws the remote with its props', async () => {
    let resolve: (c: ComponentType<object>) => void = () => {};
    const load = new Promise<ComponentType<object>>((r) => (resolve = r));
    const loader = loaderOf(() => load);
    const { container } = render(
      <RemoteSlot remote="store" module="App" props={{ who: 'reader' }} loader={loader} fallback={<SlotFallback what="The store" />} />,
    );
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'loading');
    await act(async () => resolve(({ who }: { who?: string }) => <p>Hello {who}</p>));
    expect(await screen.findByText('Hello reader')).toBeVisible();
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready');
    expect(slotOf(container)).toHaveAttribute('data-mfe-slot', 'store/App');
  });

  it('shows the fallback when the remote cannot be loaded', async () => {
    const loader = loaderOf(() => Promise.reject(new Error('RUNTIME-008: failed to load script')));
    const { container } = render(<RemoteSlot remote="video" module="App" loader={loader} fallback={<SlotFallback what="Video" />} />);
    expect(await screen.findByText('Video is unavailable right now. Its code could not be fetched. Please try again in a few minutes.')).toBeVisible();
    expect(slotOf(container)).toHaveAttribute('data-mfe-reason', 'unreachable');
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
  });

  it('waits on a hung remote past any clock budget, and gives up only when nothing has arrived for stallMs, saying why', async () => {
    jest.useFakeTimers();
    try {
      const loader = loaderOf(() => new Promise(() => {}));
      const { container } = render(<RemoteSlot remote="library" module="App" stallMs={8000} loader={loader} fallback={<SlotFallback what="My Library" />} />);
      // The old 3 s budget is long gone: still loading (decision 047).
      act(() => jest.advanceTimersByTime(7000));
      expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'loading');
      await act(async () => jest.advanceTimersByTime(1000));
      expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
      expect(slotOf(container)).toHaveAttribute('data-mfe-reason', 'stalled');
      expect(screen.getByRole('status')).toHaveTextContent('My Library is unavailable right now. Nothing has arrived from it for a while.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('contains a remote that throws while rendering, leaving its neighbours working', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('render failed');
    };
    const Fine = () => <p>Visual library works</p>;
    const { container } = render(
      <>
        <RemoteSlot remote="store" module="App" loader={loaderOf(async () => Broken)} fallback={<SlotFallback what="The store" />} />
        <RemoteSlot remote="visualLibrary" module="App" loader={loaderOf(async () => Fine)} fallback={<SlotFallback what="Charts" />} />
      </>,
    );
    expect(await screen.findByText('The store is unavailable right now. It stopped with an error. Please try again in a few minutes.')).toBeVisible();
    expect(await screen.findByText('Visual library works')).toBeVisible();
    const [store, charts] = [...container.querySelectorAll('[data-mfe-slot]')];
    expect(store).toHaveAttribute('data-mfe-status', 'failed');
    expect(charts).toHaveAttribute('data-mfe-status', 'ready');
  });
});

it('never shows the previous remote under a new marker when a slot is reused', async () => {
  // Where the store component found itself each time it rendered (even for one frame).
  const renderedUnder: (string | null)[] = [];
  const Store = () => {
    const ref = useRef<HTMLParagraphElement>(null);
    useLayoutEffect(() => {
      renderedUnder.push(ref.current?.closest('[data-mfe-slot]')?.getAttribute('data-mfe-slot') ?? null);
    });
    return <p ref={ref}>Store page</p>;
  };
  let resolveLibrary: (c: ComponentType<object>) => void = () => {};
  const library = new Promise<ComponentType<object>>((r) => (resolveLibrary = r));
  const loader = ((remote: string) => ({
    promise: remote === 'store' ? Promise.resolve(Store) : library,
    startedAt: Date.now(),
  })) as unknown as Loader;
  const { container, rerender } = render(<RemoteSlot remote="store" module="App" loader={loader} fallback={null} />);
  expect(await screen.findByText('Store page')).toBeVisible();
  await waitFor(() => expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready'));

  rerender(<RemoteSlot remote="library" module="App" loader={loader} fallback={null} />);
  expect(slotOf(container)).toHaveAttribute('data-mfe-slot', 'library/App');
  expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'loading');
  expect(screen.queryByText('Store page')).not.toBeInTheDocument();
  expect(renderedUnder).not.toContain('library/App');

  await act(async () => resolveLibrary(() => <p>Library page</p>));
  expect(await screen.findByText('Library page')).toBeVisible();
  await waitFor(() => expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready'));
});

describe('a slow remote is not a broken one (decision 047)', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows the fallback once nothing arrives, keeps loading and swaps in the remote when it arrives', async () => {
    jest.useFakeTimers();
    let resolve: (c: ComponentType<object>) => void = () => {};
    const late = new Promise<ComponentType<object>>((r) => (resolve = r));
    const { container } = render(
      <RemoteSlot
        remote="paywall"
        module="ArticleGate"
        stallMs={2000}
        loader={loaderOf(() => late)}
        fallback={<SlotFallback what="The rest of this article" />}
      />,
    );
    await act(async () => jest.advanceTimersByTime(2000));
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
    expect(screen.getByRole('status')).toHaveTextContent('The rest of this article is unavailable right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();

    await act(async () => jest.advanceTimersByTime(20_000)); // the connection is slow, not gone
    await act(async () => resolve(() => <p>The whole article</p>));
    expect(screen.getByText('The whole article')).toBeVisible();
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready');
    expect(screen.queryByText(/unavailable right now/)).toBeNull();
  });

  it('says why a refused remote is down (an error status), and tries again with backoff until it arrives, without a click', async () => {
    jest.useFakeTimers();
    let attempts = 0;
    const loader = loaderOf(() => {
      attempts += 1;
      return attempts < 3 ? Promise.reject(new Error('mf-manifest http://localhost:3003/mf-manifest.json: HTTP 500')) : Promise.resolve(() => <p>The store</p>);
    });
    const { container } = render(<RemoteSlot remote="store" module="App" loader={loader} fallback={<SlotFallback what="The store" />} />);
    await act(async () => undefined);
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
    expect(slotOf(container)).toHaveAttribute('data-mfe-reason', 'status');
    expect(screen.getByText('The store is unavailable right now. Its server answered with an error. Please try again in a few minutes.')).toBeVisible();
    await act(async () => jest.advanceTimersByTime(1000)); // backoff 1 s: refused again
    expect(attempts).toBe(2);
    await act(async () => jest.advanceTimersByTime(2000)); // backoff 2 s: it arrives
    expect(attempts).toBe(3);
    expect(screen.getByText('The store')).toBeVisible();
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready');
  });

  it("tries again at the browser's online event", async () => {
    let attempts = 0;
    const loader = loaderOf(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('Failed to fetch')) : Promise.resolve(() => <p>My folders</p>);
    });
    render(<RemoteSlot remote="library" module="App" loader={loader} fallback={<SlotFallback what="My Library" />} />);
    await screen.findByRole('button', { name: 'Try again' });
    await act(async () => void dispatchEvent(new Event('online')));
    expect(await screen.findByText('My folders')).toBeVisible();
    expect(attempts).toBe(2);
  });

  it('Try again is busy while it tries, loads the remote at once, and says so again if refused again', async () => {
    let attempts = 0;
    let answer: () => Promise<ComponentType<object>> = () => Promise.reject(new Error('mf-manifest http://localhost:3002/mf-manifest.json: Failed to fetch'));
    let settle: (c: ComponentType<object>) => void = () => {};
    const loader = loaderOf(() => {
      attempts += 1;
      return answer();
    });
    const { container } = render(<RemoteSlot remote="library" module="App" loader={loader} fallback={<SlotFallback what="My Library" />} />);
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(again).toHaveAttribute('aria-busy', 'false');
    answer = () => new Promise((r) => (settle = r));
    act(() => again.click());
    expect(attempts).toBe(2);
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => settle(() => <p>My folders</p>));
    expect(await screen.findByText('My folders')).toBeVisible();
    await waitFor(() => expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready'));
  });

  it('keeps a remote that throws while rendering down; Try again draws it once more', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let draws = 0;
    let broken = true;
    const Flaky = () => {
      draws += 1;
      if (broken) throw new Error('render failed');
      return <p>Charts</p>;
    };
    const { container } = render(
      <RemoteSlot remote="visualLibrary" module="App" loader={loaderOf(async () => Flaky)} fallback={<SlotFallback what="The visual library" />} />,
    );
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
    const drawsBefore = draws;
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(draws).toBe(drawsBefore);
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');

    broken = false;
    await act(async () => again.click());
    expect(await screen.findByText('Charts')).toBeVisible();
    await waitFor(() => expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready'));
  });

  it('offers no Try again on a page’s own fallback that does not ask for it', async () => {
    const loader = loaderOf(() => Promise.reject(new Error('RUNTIME-008: failed to load script')));
    const { container } = render(<RemoteSlot remote="library" module="ItemActions" loader={loader} fallback={<p>Share</p>} />);
    await waitFor(() => expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed'));
    expect(screen.getByText('Share')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('code loaded on demand (lazyComponent) offers Try again when it could not be fetched', () => {
  it('says so, and Try again (busy while it tries) fetches it once more', async () => {
    let attempts = 0;
    const Page = lazyComponent<object>(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('ChunkLoadError: Loading chunk 42 failed.')) : Promise.resolve(() => <h1>Gift cards</h1>);
    });
    render(<Page fallback={<p>Loading…</p>} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded. Please check your connection and try again.');
    expect(attempts).toBe(1);
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { name: 'Gift cards' })).toBeVisible();
    expect(attempts).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("fetches it again at the browser's online event, and draws the message where the part belongs", async () => {
    let attempts = 0;
    const Page = lazyComponent<object>(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('ChunkLoadError: Loading chunk 43 failed.')) : Promise.resolve(() => <h1>Topics</h1>);
    });
    render(<Page fallback={<p>Loading…</p>} unavailable={({ busy }) => <main role="alert">Down{busy ? ', trying' : ''}</main>} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Down');
    act(() => void dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Topics' })).toBeVisible();
    expect(attempts).toBe(2);
  });

  it('marks the control whose press asked for it busy until its code has come (decision 047)', async () => {
    let arrive: (c: ComponentType<object>) => void = () => {};
    const Dialog = lazyComponent<object>(() => new Promise((r) => (arrive = r)));
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Embed
          </button>
          {open && <Dialog />}
        </>
      );
    }
    render(<Opener />);
    const button = screen.getByRole('button', { name: 'Embed' });
    act(() => button.click());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => arrive(() => <div role="dialog" aria-label="Embed this video" />));
    expect(screen.getByRole('dialog', { name: 'Embed this video' })).toBeVisible();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
