import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { App, PageArrival, PartBoundary } from './App';

jest.mock('./RemoteSlot', () => ({
  RemoteSlot: ({ remote, module }: { remote: string; module: string }) => <div data-testid="slot" data-slot={`${remote}/${module}`} />,
  SlotFallback: () => null,
}));

function slotsAt(path: string): string[] {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
  const { container, unmount } = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  const slots = [...container.querySelectorAll('[data-slot]')].map((e) => e.getAttribute('data-slot') ?? '');
  unmount();
  return slots.filter((s) => s !== 'store/MiniCart');
}

describe('route ownership', () => {
  it.each([
    ['/store', 'store/App'],
    ['/store/books', 'store/App'],
    ['/product/the-strategy-book/AV-1001', 'store/App'],
    ['/shopping-cart', 'store/App'],
    ['/my-library', 'library/App'],
    ['/my-library/library/strategy-reads', 'library/App'],
    ['/email-newsletters', 'library/App'],
    ['/video/1001/leading-teams', 'video/App'],
    ['/video/embed/1001/leading-teams', 'video/App'],
    ['/visual-library', 'visualLibrary/App'],
  ])('%s belongs to %s', (path, slot) => {
    expect(slotsAt(path)).toEqual([slot]);
  });

  it('an article path is the shell article page, not a remote page', () => {
    expect(slotsAt('/2025/03/why-plans-fail')).toEqual([]);
  });
});

describe('video embeds', () => {
  it('show the video remote alone: no header, no mini cart, no footer', () => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
    const { container } = render(
      <MemoryRouter initialEntries={['/video/embed/1001/leading-teams']}>
        <App />
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('[data-slot]')].map((e) => e.getAttribute('data-slot'))).toEqual(['video/App']);
    expect(container.querySelector('header')).toBeNull();
    expect(container.querySelector('footer')).toBeNull();
  });
});

describe('where a page opens (scroll and focus on navigations)', () => {
  let y = 0;
  const scrollTo = jest.fn((_x: number, top: number) => {
    y = top;
    window.dispatchEvent(new Event('scroll'));
  });
  beforeAll(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  beforeEach(() => {
    y = 0;
    scrollTo.mockClear();
    history.scrollRestoration = 'auto';
  });

  /** The reader scrolls the window to `top`. */
  async function readerScrolls(top: number) {
    y = top;
    fireEvent.scroll(window);
    await arrivalStarted();
  }

  /** The scroll and focus code (its own chunk, fetched at the first scroll or navigation) has taken over. */
  async function arrivalStarted() {
    await waitFor(() => expect(history.scrollRestoration).toBe('manual'));
  }

  function Back() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    );
  }

  /** A page whose heading comes after its data (a remote, a lazy page). */
  function SlowPage() {
    const [ready, setReady] = useState(false);
    return (
      <main id="main">
        {ready ? <h1>Slow page</h1> : <p>Loading…</p>}
        <button type="button" onClick={() => setReady(true)}>
          arrive
        </button>
      </main>
    );
  }

  /** A page that puts focus on its own field on arrival. */
  function FormPage() {
    const field = useRef<HTMLInputElement>(null);
    useEffect(() => field.current?.focus(), []);
    return (
      <main id="main">
        <h1>Form</h1>
        <label>
          Name <input ref={field} />
        </label>
      </main>
    );
  }

  function renderSite(path = '/') {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <PageArrival />
        <header>
          <Link to="/cart">Cart</Link>
          <Link to="/slow">Slow</Link>
          <Link to="/form">Form</Link>
          <Back />
        </header>
        <Routes>
          <Route
            path="/"
            element={
              <main id="main">
                <h1>Home</h1>
                <Link to="/article">An article</Link>
                <Link to="/?page=2">Page 2</Link>
                <Link to="/article#part-two">Part two</Link>
              </main>
            }
          />
          <Route
            path="/article"
            element={
              <main id="main">
                <h1>The article</h1>
                <h2 id="part-two">Part two</h2>
              </main>
            }
          />
          <Route
            path="/cart"
            element={
              <div id="main">
                <h1>Shopping Cart</h1>
              </div>
            }
          />
          <Route path="/slow" element={<SlowPage />} />
          <Route path="/form" element={<FormPage />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('opens a new page at the top with focus on its heading, and Back restores where the reader was', async () => {
    const user = userEvent.setup();
    renderSite();
    await readerScrolls(892);
    await user.click(screen.getByRole('link', { name: 'An article' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'The article' });
    expect(y).toBe(0);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    await readerScrolls(300);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(y).toBe(892));
    // Forward (a new push here) and Back again: each entry keeps its own position.
    await user.click(screen.getByRole('link', { name: 'An article' }));
    await waitFor(() => expect(y).toBe(0));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(y).toBe(892));
  });

  it('moves focus from a header link to the new page heading (Cart), even when the heading comes later', async () => {
    const user = userEvent.setup();
    renderSite();
    const cart = screen.getByRole('link', { name: 'Cart' });
    await user.click(cart);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toHaveFocus());

    await user.click(screen.getByRole('link', { name: 'Slow' }));
    expect(screen.getByRole('link', { name: 'Slow' })).toHaveFocus(); // no heading yet
    act(() => screen.getByRole('button', { name: 'arrive' }).click());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Slow page' })).toHaveFocus());
  });

  it('leaves focus where the new page put it', async () => {
    const user = userEvent.setup();
    renderSite();
    await user.click(screen.getByRole('link', { name: 'Form' }));
    await arrivalStarted();
    await screen.findByRole('heading', { level: 1, name: 'Form' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('scrolls a new page to its #anchor', async () => {
    const user = userEvent.setup();
    renderSite();
    await readerScrolls(400);
    const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { top: this.id === 'part-two' ? 1200 - y : 0 } as DOMRect;
    });
    await user.click(screen.getByRole('link', { name: 'Part two' }));
    await screen.findByRole('heading', { level: 1, name: 'The article' });
    await waitFor(() => expect(y).toBe(1200));
    rect.mockRestore();
  });

  it('leaves the scroll and focus alone for a push within the same path (pagination, filters)', async () => {
    const user = userEvent.setup();
    renderSite();
    await readerScrolls(650);
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Page 2' });
    expect(scrollTo).not.toHaveBeenCalled();
    expect(y).toBe(650);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveFocus();
  });
});

describe('never blank (decision 047)', () => {
  it("shows a part's crash inside the page grid with a Try again, keeps what is around it, and tries again at the next navigation", () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    let broken = true;
    const Page = () => {
      if (broken) throw new Error('render failed');
      return <h1>Topics</h1>;
    };
    const { container, rerender } = render(
      <>
        <header>The Management Review</header>
        <PartBoundary page reset="/store">
          <Page />
        </PartBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown. Please check your connection and try again.');
    expect(container.querySelector('main.page [role=alert] button.ds-button')).toHaveTextContent('Try again');
    expect(screen.getByText('The Management Review')).toBeVisible();
    broken = false;
    rerender(
      <>
        <header>The Management Review</header>
        <PartBoundary page reset="/topics">
          <Page />
        </PartBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Topics' })).toBeVisible();
    jest.restoreAllMocks();
  });
});
