import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, userStore, type User } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { renderArticle, sampleArticle } from '../article/testing';
import { preloadBanner, resetClosedBanners } from './PersistentBanner';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: ({ placeholder }: { placeholder?: React.ReactNode }) => <div data-mfe-slot="paywall/ArticleGate">{placeholder}</div>,
  SlotFallback: () => null,
}));

const BANNER = { name: 'Subscription offer' } as const;
const subscriber: User = sampleUser({ status: 'subscriber', state: 'subscribers' });

/** Puts the article's top edge `top` px from the viewport top and scrolls the window. */
function scrollArticleTo(top: number) {
  const article = document.querySelector('article')!;
  article.getBoundingClientRect = () => ({ top, bottom: top + 2000, left: 0, right: 800, width: 800, height: 2000, x: 0, y: top, toJSON: () => ({}) });
  fireEvent.scroll(window);
}

function banner() {
  return screen.queryByRole('region', BANNER);
}

// What the banner shows is its own chunk: here it is loaded before the tests, so it shows at once.
beforeAll(() => preloadBanner());
beforeEach(() => resetClosedBanners());
afterEach(() => jest.useRealTimers());

describe('persistent subscription banner', () => {
  it('is hidden until the reader scrolls past the article start, then shown', async () => {
    jest.useFakeTimers();
    await renderArticle(sampleArticle());
    expect(banner()).not.toBeInTheDocument();
    scrollArticleTo(120); // the article start is still below the viewport top
    expect(banner()).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    scrollArticleTo(-1);
    expect(banner()).toBeInTheDocument();
    // It stays (persistent) when the reader scrolls back up.
    act(() => jest.advanceTimersByTime(200));
    scrollArticleTo(300);
    expect(banner()).toBeInTheDocument();
  });

  it('checks scrolling at most every 125 ms, catching the last position', async () => {
    jest.useFakeTimers();
    await renderArticle(sampleArticle());
    scrollArticleTo(50);
    scrollArticleTo(-40); // within the throttle window
    expect(banner()).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(125));
    expect(banner()).toBeInTheDocument();
  });

  it('offers "Subscribe now", opening /subscriptions in a new tab', async () => {
    await renderArticle(sampleArticle(), sampleUser());
    scrollArticleTo(-10);
    const cta = screen.getByRole('link', { name: 'Subscribe now' });
    expect(cta).toHaveAttribute('href', '/subscriptions');
    expect(cta).toHaveAttribute('target', '_blank');
    expect(cta.getAttribute('rel')).toMatch(/\bnoopener\b/);
  });

  it('is never shown to active subscribers', async () => {
    await renderArticle(sampleArticle(), subscriber);
    scrollArticleTo(-500);
    expect(banner()).not.toBeInTheDocument();
  });

  it('waits until the reader is known (a subscriber must not see it flash)', async () => {
    await renderArticle(sampleArticle(), 'unknown');
    scrollArticleTo(-500);
    expect(banner()).not.toBeInTheDocument();
    act(() => userStore.getState().setUser(null)); // the server says: a guest
    expect(banner()).toBeInTheDocument();
  });

  it('is never shown on ascend pages', async () => {
    await renderArticle(sampleArticle({ ascend: true }));
    scrollArticleTo(-500);
    expect(banner()).not.toBeInTheDocument();
  });

  it.each(['registration-wall', 'subscription-wall', 'subscriber-panel'] as const)('gives way while the paywall shows its %s', async (state) => {
    await renderArticle(sampleArticle());
    act(() => bus.emit('paywall:state', { state }));
    scrollArticleTo(-500);
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows when the paywall gives the full content', async () => {
    await renderArticle(sampleArticle());
    act(() => bus.emit('paywall:state', { state: 'full-content' }));
    scrollArticleTo(-500);
    expect(banner()).toBeInTheDocument();
    act(() => bus.emit('paywall:state', { state: 'subscription-wall' }));
    expect(banner()).not.toBeInTheDocument();
  });

  it('closes with Escape: hidden at once, gone from the page after 1 s, and stays closed', async () => {
    jest.useFakeTimers();
    await renderArticle(sampleArticle());
    scrollArticleTo(-10);
    expect(banner()).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(banner()).not.toBeInTheDocument(); // out of the accessibility tree, fading
    expect(document.querySelector('[data-persistent-banner="closing"]')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(999));
    expect(document.querySelector('[data-persistent-banner]')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(document.querySelector('[data-persistent-banner]')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    scrollArticleTo(-800);
    expect(document.querySelector('[data-persistent-banner]')).not.toBeInTheDocument();
  });

  it('closes with its Close button, handing focus back to the article, and leaves after 1 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await renderArticle(sampleArticle());
    scrollArticleTo(-10);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    act(() => jest.advanceTimersByTime(1000));
    expect(document.querySelector('[data-persistent-banner]')).not.toBeInTheDocument();
  });

  it("keeps room for itself at the end of the page while it shows (it covered the article's end on a phone)", async () => {
    jest.useFakeTimers();
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(157);
    const { unmount } = await renderArticle(sampleArticle());
    expect(document.body.style.paddingBottom).toBe('');
    scrollArticleTo(-10);
    expect(banner()).toBeInTheDocument();
    expect(document.body.style.paddingBottom).toBe('157px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('157px');
    fireEvent.keyDown(document, { key: 'Escape' });
    // While it fades the room stays (the page does not jump under the reader), then goes with it.
    expect(document.body.style.paddingBottom).toBe('157px');
    act(() => jest.advanceTimersByTime(1000));
    expect(document.querySelector('[data-persistent-banner]')).not.toBeInTheDocument();
    expect(document.body.style.paddingBottom).toBe('');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
    unmount();
    jest.restoreAllMocks();
  });

  it('gives the room back when the reader leaves the article with the banner showing', async () => {
    const { unmount } = await renderArticle(sampleArticle());
    scrollArticleTo(-10);
    expect(banner()).toBeInTheDocument();
    expect(document.body.style.paddingBottom).toBe('0px');
    unmount();
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('stays closed for that article when the reader comes back to it', async () => {
    const { unmount } = await renderArticle(sampleArticle());
    scrollArticleTo(-10);
    fireEvent.keyDown(document, { key: 'Escape' });
    unmount();
    await renderArticle(sampleArticle());
    scrollArticleTo(-10);
    expect(document.querySelector('[data-persistent-banner]')).not.toBeInTheDocument();
  });

  it('does not close when Escape only closes the share list', async () => {
    const user = userEvent.setup();
    await renderArticle(sampleArticle());
    scrollArticleTo(-10);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAttribute('aria-expanded', 'false');
    expect(banner()).toBeInTheDocument();
  });
});
