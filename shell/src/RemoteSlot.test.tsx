import { render, screen, act, waitFor } from '@testing-library/react';
import { useLayoutEffect, useRef, type ComponentType } from 'react';
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

  it('goes from loading to ready and renders the remote with its props', async () => {
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
