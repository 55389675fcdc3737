import { act, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { Header } from './Header';
import { INITIAL_HEADER_STATE, isMobileWidth, nextHeaderState, type HeaderScrollState } from './useStickyHeader';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: () => null,
  SlotFallback: () => null,
}));

/** Runs a list of scroll positions through the rules, 'big'/'small' for each. */
function logos(positions: number[], mobile: boolean): string[] {
  let state: HeaderScrollState = INITIAL_HEADER_STATE;
  return positions.map((y) => (state = nextHeaderState(state, y, mobile)).logo);
}

describe('header rules', () => {
  it('desktop logo: big below 100 px, small above 250 px, kept in between', () => {
    expect(logos([0, 99, 100, 250, 251, 250, 100, 99], false)).toEqual(['big', 'big', 'big', 'big', 'small', 'small', 'small', 'big']);
  });

  it('mobile logo: big below 90 px, small above 200 px, kept in between', () => {
    expect(logos([0, 150, 201, 150, 90, 89], true)).toEqual(['big', 'big', 'small', 'small', 'small', 'big']);
  });

  it('mobile is up to 767 px wide', () => {
    expect(isMobileWidth(767)).toBe(true);
    expect(isMobileWidth(768)).toBe(false);
  });

  it('hides on scroll down past the top, shows on scroll up, always shows near the top', () => {
    let s = nextHeaderState(INITIAL_HEADER_STATE, 400, false);
    expect(s.header).toBe('hidden');
    s = nextHeaderState(s, 600, false);
    expect(s.header).toBe('hidden');
    s = nextHeaderState(s, 598, false); // jitter
    expect(s.header).toBe('hidden');
    s = nextHeaderState(s, 500, false);
    expect(s.header).toBe('shown');
    s = nextHeaderState(s, 520, false);
    expect(s.header).toBe('hidden');
    s = nextHeaderState(s, 100, false);
    expect(s.header).toBe('shown');
  });
});

describe('sticky header', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockApiRoutes();
    act(() => userStore.getState().setUser(null));
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  });
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
  });

  function scrollTo(y: number) {
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
    fireEvent.scroll(window);
  }

  /** Renders the header and returns its element. */
  function mountHeader() {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    return document.querySelector('header.site-header') as HTMLElement;
  }

  it('starts big and shown', () => {
    const header = mountHeader();
    expect(header).toHaveAttribute('data-logo', 'big');
    expect(header).toHaveAttribute('data-header', 'shown');
  });

  it('handles scrolling at most once per 125 ms, always ending with the last position', () => {
    const header = mountHeader();
    act(() => scrollTo(400)); // the first scroll is handled at once
    expect(header).toHaveAttribute('data-logo', 'small');
    expect(header).toHaveAttribute('data-header', 'hidden');

    act(() => {
      scrollTo(300);
      scrollTo(50);
    });
    // Within the 125 ms window nothing changes ...
    act(() => jest.advanceTimersByTime(124));
    expect(header).toHaveAttribute('data-logo', 'small');
    expect(header).toHaveAttribute('data-header', 'hidden');
    // ... then the last position of the window counts.
    act(() => jest.advanceTimersByTime(1));
    expect(header).toHaveAttribute('data-logo', 'big');
    expect(header).toHaveAttribute('data-header', 'shown');
  });

  it('reverses on scroll up', () => {
    const header = mountHeader();
    act(() => scrollTo(800));
    expect(header).toHaveAttribute('data-header', 'hidden');
    act(() => jest.advanceTimersByTime(125));
    act(() => scrollTo(700));
    expect(header).toHaveAttribute('data-header', 'shown');
    expect(header).toHaveAttribute('data-logo', 'small');
  });

  it('uses the mobile thresholds on a narrow window', () => {
    window.innerWidth = 500;
    const header = mountHeader();
    act(() => scrollTo(210));
    expect(header).toHaveAttribute('data-logo', 'small');
    act(() => jest.advanceTimersByTime(125));
    act(() => scrollTo(95));
    expect(header).toHaveAttribute('data-logo', 'small');
    act(() => jest.advanceTimersByTime(125));
    act(() => scrollTo(85));
    expect(header).toHaveAttribute('data-logo', 'big');
  });

  it('stays shown while focus is inside it', () => {
    const header = mountHeader();
    act(() => (header.querySelector('a, button') as HTMLElement).focus());
    act(() => scrollTo(800));
    expect(header).toHaveAttribute('data-header', 'shown');
  });
});
