import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SMOOTH_SCROLL_MS } from './scrolling';
import { Tabs } from './Tabs';

const TABS = ['saved', 'read', 'shared', 'watched', 'ordered', 'topics'].map((id) => ({ id, label: id }));

function Bar({ initial = 'saved' }: { initial?: string }) {
  const [selected, setSelected] = useState(initial);
  return (
    <Tabs label="Library" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>Panel</p>
    </Tabs>
  );
}

/** Gives the tab bar a 300 px window over 600 px of tabs (100 px each), as on a phone. */
function narrow() {
  const bar = screen.getByRole('tablist', { name: 'Library' });
  Object.defineProperty(bar, 'clientWidth', { configurable: true, value: 300 });
  Object.defineProperty(bar, 'scrollWidth', { configurable: true, value: 600 });
  screen.getAllByRole('tab').forEach((tab, i) => {
    Object.defineProperty(tab, 'offsetLeft', { configurable: true, value: i * 100 });
    Object.defineProperty(tab, 'offsetWidth', { configurable: true, value: 100 });
  });
  return bar;
}

afterEach(() => jest.useRealTimers());

describe('the tab bar', () => {
  it("is drawn with the design system's tab classes, its fade a mask only", () => {
    render(<Bar />);
    const bar = screen.getByRole('tablist', { name: 'Library' });
    expect(bar).toHaveClass('ds-tabs');
    for (const tab of screen.getAllByRole('tab')) expect(tab).toHaveClass('ds-tab');
    expect(bar.getAttribute('style') ?? '').not.toMatch(/#[0-9a-f]{3}/i);
  });

  it('says which ends have tabs out of view, read on scroll at most every 500 ms', () => {
    jest.useFakeTimers();
    render(<Bar />);
    const bar = narrow();
    act(() => window.dispatchEvent(new Event('resize')));
    expect(bar).toHaveAttribute('data-tab-overflow', 'end');
    act(() => jest.advanceTimersByTime(500));
    bar.scrollLeft = 150;
    fireEvent.scroll(bar);
    expect(bar).toHaveAttribute('data-tab-overflow', 'both');
    bar.scrollLeft = 300;
    fireEvent.scroll(bar);
    act(() => jest.advanceTimersByTime(499));
    expect(bar).toHaveAttribute('data-tab-overflow', 'both');
    act(() => jest.advanceTimersByTime(1));
    expect(bar).toHaveAttribute('data-tab-overflow', 'start');
  });

  it('brings a selected tab out of view in with a smooth scroll of 468 ms', () => {
    jest.useFakeTimers();
    render(<Bar />);
    const bar = narrow();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'saved' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'topics' })).toHaveAttribute('aria-selected', 'true');
    act(() => jest.advanceTimersByTime(SMOOTH_SCROLL_MS / 2));
    expect(bar.scrollLeft).toBeGreaterThan(0);
    expect(bar.scrollLeft).toBeLessThan(300);
    act(() => jest.advanceTimersByTime(SMOOTH_SCROLL_MS / 2 + 20));
    expect(bar.scrollLeft).toBe(300);
  });

  it('leaves the bar where it is when the selected tab is in view', () => {
    jest.useFakeTimers();
    render(<Bar />);
    const bar = narrow();
    fireEvent.click(screen.getByRole('tab', { name: 'read' }));
    act(() => jest.advanceTimersByTime(SMOOTH_SCROLL_MS));
    expect(bar.scrollLeft).toBe(0);
  });
});
