import { render, screen, act, waitFor } from '@testing-library/react';
import { useLayoutEffect, useRef, type ComponentType } from 'react';
import { lazyComponent } from 'shared-contracts';
import { markNavigation } from './federation';
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
    expect(await screen.findByText('Video is unavailable right now. Please try again in a few minutes.')).toBeVisible();
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
  });

  it('gives up on a remote that hangs when the page budget is spent', async () => {
    jest.useFakeTimers();
    try {
      markNavigation();
      const loader = loaderOf(() => new Promise(() => {}));
      const { container } = render(
        <RemoteSlot
          remote="library"
          module="App"
          budget={{ pageBudgetMs: 2000, minWaitMs: 500 }}
          loader={loader}
          fallback={<SlotFallback what="My Library" />}
        />,
      );
      act(() => jest.advanceTimersByTime(1999));
      expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'loading');
      await act(async () => jest.advanceTimersByTime(1));
      expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
      expect(screen.getByRole('status')).toHaveTextContent('My Library is unavailable right now.');
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
    expect(await screen.findByText('The store is unavailable right now. Please try again in a few minutes.')).toBeVisible();
    expect(await screen.findByText('Visual library works')).toBeVisible();
    const [store, charts] = [...container.querySelectorAll('[data-mfe-slot]')];
    expect(store).toHaveAttribute('data-mfe-status', 'failed');
    expect(charts).toHaveAttribute('data-mfe-status', 'ready');
  });
});

describe('RemoteSlot deadline', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('counts the budget from the navigation, not from when the slot mounted', async () => {
    jest.useFakeTimers();
    try {
      markNavigation();
      jest.advanceTimersByTime(1500); // the shell took 1.5 s to show the slot
      const loader = loaderOf(() => new Promise(() => {}));
      const { container } = render(
        <RemoteSlot
          remote="paywall"
          module="ArticleGate"
          budget={{ pageBudgetMs: 2000, minWaitMs: 300 }}
          loader={loader}
          fallback={<SlotFallback what="The gate" />}
        />,
      );
      act(() => jest.advanceTimersByTime(499));
      expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'loading');
      await act(async () => jest.advanceTimersByTime(1));
      expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
    } finally {
      jest.useRealTimers();
    }
  });
});

it('gives a slot that appears long after the navigation its minimum wait', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.useFakeTimers();
  try {
    markNavigation();
    jest.advanceTimersByTime(10_000); // a widget mounted 10 s into the page
    const loader = loaderOf(() => new Promise(() => {}));
    const { container } = render(
      <RemoteSlot remote="store" module="MiniCart" budget={{ pageBudgetMs: 2500, minWaitMs: 1200 }} loader={loader} fallback={<span>Cart</span>} />,
    );
    act(() => jest.advanceTimersByTime(1199));
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'loading');
    await act(async () => jest.advanceTimersByTime(1));
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
  } finally {
    jest.useRealTimers();
    jest.restoreAllMocks();
  }
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

describe('a slow remote is not a broken one (issue 26)', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows the fallback at the deadline, keeps loading and swaps in the remote when it arrives', async () => {
    jest.useFakeTimers();
    markNavigation();
    let resolve: (c: ComponentType<object>) => void = () => {};
    const late = new Promise<ComponentType<object>>((r) => (resolve = r));
    const { container } = render(
      <RemoteSlot
        remote="paywall"
        module="ArticleGate"
        budget={{ pageBudgetMs: 2000, minWaitMs: 500 }}
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

  it('keeps a timed-out remote down when its late load is refused after all', async () => {
    jest.useFakeTimers();
    markNavigation();
    let reject: (e: Error) => void = () => {};
    const late = new Promise<ComponentType<object>>((_, r) => (reject = r));
    const { container } = render(
      <RemoteSlot
        remote="store"
        module="App"
        budget={{ pageBudgetMs: 1000, minWaitMs: 100 }}
        loader={loaderOf(() => late)}
        fallback={<SlotFallback what="The store" />}
      />,
    );
    await act(async () => jest.advanceTimersByTime(1000));
    await act(async () => reject(new Error('mf-manifest http://localhost:3003/mf-manifest.json: HTTP 500')));
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
    expect(screen.getByText('The store is unavailable right now. Please try again in a few minutes.')).toBeVisible();
  });

  it('keeps a refused remote down until the reader presses Try again, which loads it again', async () => {
    let attempts = 0;
    const loader = loaderOf(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('mf-manifest http://localhost:3002/mf-manifest.json: Failed to fetch'))
        : Promise.resolve(() => <p>My folders</p>);
    });
    const { container } = render(<RemoteSlot remote="library" module="App" loader={loader} fallback={<SlotFallback what="My Library" />} />);
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
    // Refused stays down: nothing tries again behind the reader's back.
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(attempts).toBe(1);
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');

    await act(async () => again.click());
    expect(await screen.findByText('My folders')).toBeVisible();
    expect(attempts).toBe(2);
    await waitFor(() => expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'ready'));
  });

  it('shows the placeholder while Try again loads, and the fallback again if it is refused again', async () => {
    const loader = loaderOf(() => Promise.reject(new Error('RUNTIME-008: failed to load script')));
    const { container } = render(
      <RemoteSlot remote="video" module="App" loader={loader} fallback={<SlotFallback what="Video" />} placeholder={<p role="status">Loading…</p>} />,
    );
    const again = await screen.findByRole('button', { name: 'Try again' });
    act(() => again.click());
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'loading');
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    expect(slotOf(container)).toHaveAttribute('data-mfe-status', 'failed');
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
  it('says so, and Try again fetches it once more', async () => {
    let attempts = 0;
    const Page = lazyComponent<object>(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('ChunkLoadError: Loading chunk 42 failed.')) : Promise.resolve(() => <h1>Gift cards</h1>);
    });
    render(<Page fallback={<p>Loading…</p>} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded. Please check your connection and try again.');
    expect(attempts).toBe(1);
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'Gift cards' })).toBeVisible();
    expect(attempts).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
