import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { FlyoutHost } from '../flyouts/FlyoutHost';
import { flyouts } from '../flyouts/flyouts';
import { HelpBox, placeUnder } from './HelpBox';
import { HelpBoxSlot } from './HelpBoxSlot';
import { HELP_BOX_REPOSITION_MS, HELP_BOX_TYPES, claimHelpBox, helpBoxFor, throttle } from './helpBoxes';

const KEY = (type: string) => `tmr:help:${type}`;

beforeEach(() => {
  localStorage.clear();
  act(() => userStore.getState().setUser(null));
});
afterEach(() => {
  act(() => flyouts.close());
  jest.useRealTimers();
  document.body.innerHTML = '';
});

function rect(top: number, left = 100, width = 80, height = 30): DOMRect {
  return { top, left, width, height, bottom: top + height, right: left + width, x: left, y: top, toJSON: () => ({}) } as DOMRect;
}

describe('help-box rules', () => {
  it('has the six types of the spec', () => {
    expect(HELP_BOX_TYPES).toEqual(['sign-in-benefits', 'article-saves', 'firmographics', 'my-library', 'insider-newsletter', 'subscriber-search']);
    expect(HELP_BOX_REPOSITION_MS).toBe(50);
  });

  it('picks each box by page and reader', () => {
    const member = sampleUser({ status: 'registered', industry: 'Education' });
    const bare = sampleUser({ status: 'registered', industry: null, jobTitle: null, companySize: null });
    const subscriber = sampleUser({ status: 'subscriber', industry: 'Media' });
    expect(helpBoxFor('/', 'guest', null)).toBe('sign-in-benefits');
    expect(helpBoxFor('/topics', 'guest', null)).toBeNull();
    expect(helpBoxFor('/2025/03/why-strategy-fails', 'guest', null)).toBeNull();
    expect(helpBoxFor('/', 'registered', bare)).toBe('firmographics');
    expect(helpBoxFor('/', 'registered', member)).toBeNull();
    expect(helpBoxFor('/2025/03/why-strategy-fails', 'registered', member)).toBe('article-saves');
    expect(helpBoxFor('/my-library', 'registered', member)).toBe('my-library');
    expect(helpBoxFor('/my-library/library/reading', 'subscriber', subscriber)).toBe('my-library');
    expect(helpBoxFor('/my-library/shared/abc', 'subscriber', subscriber)).toBeNull();
    expect(helpBoxFor('/email-newsletters', 'subscriber', subscriber)).toBe('insider-newsletter');
    expect(helpBoxFor('/email-newsletters', 'registered', member)).toBeNull();
    expect(helpBoxFor('/search', 'subscriber', subscriber)).toBeNull(); // the search page's own box
    expect(helpBoxFor('/', 'unknown', null)).toBeNull();
  });

  it('claims a box once per browser', () => {
    expect(claimHelpBox('my-library')).toBe(true);
    expect(localStorage.getItem(KEY('my-library'))).not.toBeNull();
    expect(claimHelpBox('my-library')).toBe(false);
  });

  it('throttles to one call per window, the first at once and the last at its end', () => {
    jest.useFakeTimers();
    const fn = jest.fn();
    const t = throttle(fn, 50);
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    t();
    t();
    jest.advanceTimersByTime(49);
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    t.cancel();
  });

  it('places the box under its anchor, inside the window, hidden while the anchor is out of view', () => {
    expect(placeUnder(rect(40, 100), 320, { width: 1280, height: 800 })).toEqual({ top: 78, left: 8, visible: true });
    expect(placeUnder(rect(40, 1200), 320, { width: 1280, height: 800 }).left).toBe(1280 - 320 - 8);
    expect(placeUnder(rect(-60), 320, { width: 1280, height: 800 }).visible).toBe(false);
    expect(placeUnder(rect(40, 184, 900, 120), 320, { width: 1280, height: 800 })).toEqual({ top: 168, left: 184, visible: true });
  });
});

describe('an anchored help box', () => {
  function mount(onClose = jest.fn()) {
    const anchor = document.createElement('button');
    anchor.textContent = 'Save';
    document.body.appendChild(anchor);
    let top = 40;
    anchor.getBoundingClientRect = () => rect(top);
    const outside = document.createElement('p');
    outside.textContent = 'Elsewhere';
    document.body.appendChild(outside);
    render(
      <HelpBox type="article-saves" title="Save it for later" anchor={anchor} onClose={onClose}>
        <p>Words</p>
      </HelpBox>,
    );
    return { onClose, outside, moveTo: (y: number) => (top = y) };
  }
  const box = () => screen.getByRole('complementary', { name: 'Save it for later' });

  it('sits under its anchor and follows it on scroll, at most once every 50 ms', () => {
    jest.useFakeTimers();
    const { moveTo } = mount();
    expect(box()).toHaveAttribute('data-help-box', 'article-saves');
    expect(box().style.top).toBe('78px');
    moveTo(10);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(box().style.top).toBe('48px');
    moveTo(0);
    act(() => window.dispatchEvent(new Event('scroll')));
    act(() => window.dispatchEvent(new Event('resize')));
    act(() => jest.advanceTimersByTime(HELP_BOX_REPOSITION_MS - 1));
    expect(box().style.top).toBe('48px');
    act(() => jest.advanceTimersByTime(1));
    expect(box().style.top).toBe('38px');
    moveTo(-100);
    act(() => jest.advanceTimersByTime(HELP_BOX_REPOSITION_MS));
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(document.querySelector<HTMLElement>('[data-help-box="article-saves"]')!.style.visibility).toBe('hidden');
  });

  it('closes on Dismiss tip, Escape and a click outside it, not on a press inside it', async () => {
    const { onClose, outside } = mount();
    fireEvent.mouseDown(within(box()).getByRole('heading', { name: 'Save it for later' }));
    expect(onClose).not.toHaveBeenCalled();
    // Its text lets the pointer through to the page: only its controls take clicks.
    expect(box().style.pointerEvents).toBe('none');
    expect(within(box()).getByRole('button', { name: 'Dismiss tip' }).style.pointerEvents).toBe('auto');
    await userEvent.click(within(box()).getByRole('button', { name: 'Dismiss tip' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    await userEvent.click(outside);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});

describe('the help-box slot', () => {
  const realRect = HTMLElement.prototype.getBoundingClientRect;
  beforeEach(() => {
    HTMLElement.prototype.getBoundingClientRect = () => rect(10);
  });
  afterEach(() => {
    HTMLElement.prototype.getBoundingClientRect = realRect;
  });
  /** The page at `path`, and the reader's first scroll on it (a box waits for it). */
  function page(path: string, audience: 'guest' | 'member', header: React.ReactNode) {
    const view = render(
      <MemoryRouter initialEntries={[path]}>
        <header className="site-header">{header}</header>
        <HelpBoxSlot audience={audience} />
        <FlyoutHost />
      </MemoryRouter>,
    );
    act(() => void window.dispatchEvent(new Event('scroll')));
    return view;
  }

  it("waits for the reader's first scroll, press or key before it shows (it would cover the page's heading on a phone)", async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <header className="site-header">
          <button type="button">Sign in</button>
        </header>
        <HelpBoxSlot audience="guest" />
      </MemoryRouter>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(localStorage.getItem(KEY('sign-in-benefits'))).toBeNull();
    await userEvent.keyboard('{Tab}');
    expect(await screen.findByRole('complementary', { name: 'Why sign in?' })).toBeInTheDocument();
  });

  it('shows sign-in-benefits to a guest on the home page once its anchor is there, once per browser', async () => {
    const { unmount } = page('/', 'guest', <button type="button">Sign in</button>);
    const box = await screen.findByRole('complementary', { name: 'Why sign in?' });
    expect(box).toHaveTextContent('Sign in or register for free to save articles to My Library');
    expect(within(box).getByRole('link', { name: 'Register for free' })).toHaveAttribute('href', '/register');
    expect(localStorage.getItem(KEY('sign-in-benefits'))).not.toBeNull();
    unmount();
    page('/', 'guest', <button type="button">Sign in</button>);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('waits for the anchor to appear (a remote that loads later)', async () => {
    act(() => userStore.getState().setUser(sampleUser({ status: 'subscriber' })));
    page('/email-newsletters', 'member', null);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(localStorage.getItem(KEY('insider-newsletter'))).toBeNull();
    const card = document.createElement('article');
    card.setAttribute('data-newsletter-id', 'big-idea-insider');
    card.getBoundingClientRect = () => rect(300);
    act(() => document.body.appendChild(card));
    expect(await screen.findByRole('complementary', { name: 'A newsletter for subscribers' })).toBeInTheDocument();
  });

  it('the member slot shows nothing to a guest, the guest slot nothing to a member', async () => {
    const view = page('/', 'member', <button type="button">Sign in</button>);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    view.unmount();
    act(() => userStore.getState().setUser(sampleUser({ status: 'registered', industry: null, jobTitle: null, companySize: null })));
    page('/', 'guest', <button type="button" className="user-menu-button" />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(localStorage.getItem(KEY('sign-in-benefits'))).toBeNull();
    expect(localStorage.getItem(KEY('firmographics'))).toBeNull();
  });

  it("firmographics: 'Why we ask' opens the generic title-and-body flyout", async () => {
    act(() => userStore.getState().setUser(sampleUser({ status: 'registered', industry: null, jobTitle: null, companySize: null })));
    page('/', 'member', <button type="button" className="user-menu-button" aria-label="Account menu for Ada" />);
    const box = await screen.findByRole('complementary', { name: 'Tell us about your work' });
    expect(within(box).getByRole('link', { name: 'Update your profile' })).toHaveAttribute('href', '/my-account');
    await userEvent.click(within(box).getByRole('button', { name: 'Why we ask' }));
    const flyout = await screen.findByRole('dialog', { name: 'Why we ask about your work' });
    expect(flyout).toHaveAttribute('data-flyout', 'title-and-body');
    expect(flyout).toHaveTextContent('They are optional, never shown to anyone else');
    await waitFor(() => expect(flyouts.get()).not.toBeNull());
  });
});
