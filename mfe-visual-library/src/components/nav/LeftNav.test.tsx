import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LEFT_NAV, VISUAL_TEXT } from 'shared-contracts/visual';
import { CAROUSEL_QUERY, LeftNav } from './LeftNav';
import { subjectChoices } from './tabs';

const choices = subjectChoices([
  { id: 's1', label: 'Strategy', filter: '1' },
  { id: 's2', label: 'Leadership', filter: '2' },
  { id: 's3', label: 'Finance', filter: '3' },
]);

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

/** A header 80 px high at the top of the page, followed by the page's content (it scrolls away). */
function pageWithHeader() {
  const header = document.createElement('header');
  const main = document.createElement('main');
  document.body.prepend(header, main);
  Object.defineProperty(header, 'offsetHeight', { value: 80, configurable: true });
  jest.spyOn(main, 'getBoundingClientRect').mockImplementation(() => {
    const top = 80 - window.scrollY;
    return { top, bottom: top + 1000, left: 0, right: 0, width: 0, height: 1000, x: 0, y: top, toJSON: () => ({}) };
  });
  return header;
}

function renderNav(carousel = false, filter = '') {
  return render(
    <MemoryRouter>
      <LeftNav choices={choices} filter={filter} carousel={carousel} />
    </MemoryRouter>,
  );
}

/** The nav, shown or not (a hidden element has no accessible name to find it by). */
const navEl = () => document.querySelector('nav[data-left-nav]');

describe('LeftNav', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setScrollY(0);
    document.querySelectorAll('header, main').forEach((h) => h.remove());
  });

  it('is hidden at first and first evaluated after 500 ms', () => {
    pageWithHeader();
    setScrollY(300);
    renderNav();
    expect(navEl()).toHaveAttribute('data-left-nav', 'hidden');
    expect(screen.queryByRole('navigation', { name: VISUAL_TEXT.navLabel })).not.toBeInTheDocument(); // not exposed while hidden
    act(() => jest.advanceTimersByTime(LEFT_NAV.firstEvaluationMs - 1));
    expect(navEl()).toHaveAttribute('data-left-nav', 'hidden');
    act(() => jest.advanceTimersByTime(1));
    expect(navEl()).toHaveAttribute('data-left-nav', 'shown');
    const nav = screen.getByRole('navigation', { name: VISUAL_TEXT.navLabel });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['All Data & Visuals', '/visual-library'],
      ['Strategy', '/visual-library?filter=1'],
      ['Leadership', '/visual-library?filter=2'],
      ['Finance', '/visual-library?filter=3'],
    ]);
  });

  it('follows scroll (one evaluation per animation frame) and hides near the footer', () => {
    pageWithHeader();
    const footer = document.createElement('footer');
    document.body.append(footer);
    let footerTop = 5000;
    jest.spyOn(footer, 'getBoundingClientRect').mockImplementation(() => ({
      top: footerTop,
      bottom: footerTop + 100,
      left: 0,
      right: 0,
      width: 0,
      height: 100,
      x: 0,
      y: footerTop,
      toJSON: () => ({}),
    }));
    setScrollY(0);
    renderNav();
    act(() => jest.advanceTimersByTime(LEFT_NAV.firstEvaluationMs));
    expect(navEl()).toHaveAttribute('data-left-nav', 'hidden');

    setScrollY(400);
    fireEvent.scroll(window);
    act(() => jest.advanceTimersByTime(20));
    expect(navEl()).toHaveAttribute('data-left-nav', 'shown');

    footerTop = 10; // the nav (bottom 0 in jsdom) is now within 20 px of the footer
    fireEvent(window, new Event('resize'));
    act(() => jest.advanceTimersByTime(20));
    expect(navEl()).toHaveAttribute('data-left-nav', 'hidden');
    footer.remove();
  });

  it('marks the current subject', () => {
    setScrollY(300);
    renderNav(false, '2');
    act(() => jest.advanceTimersByTime(LEFT_NAV.firstEvaluationMs));
    expect(screen.getByRole('link', { name: 'Leadership' })).toHaveAttribute('aria-current', 'page');
  });

  it('says where it goes: the margin beside the page on desktop, a bar at the bottom on a phone (no column of its own)', () => {
    const { unmount } = renderNav(false);
    expect(navEl()).toHaveAttribute('data-nav-layout', 'gutter');
    unmount();
    renderNav(true);
    expect(navEl()).toHaveAttribute('data-nav-layout', 'bar');
  });

  it('is a carousel of 2 slides with Previous and Next under 768 px', () => {
    setScrollY(300);
    renderNav(true);
    act(() => jest.advanceTimersByTime(LEFT_NAV.firstEvaluationMs));
    const carousel = screen.getByRole('group', { name: 'Subjects carousel' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(carousel).getByRole('group', { name: 'Slide 1 of 2' })).toHaveAttribute('aria-roledescription', 'slide');
    expect(within(carousel).queryByRole('group', { name: 'Slide 2 of 2' })).not.toBeInTheDocument();
    expect(
      within(carousel)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All Data & Visuals', 'Strategy']);

    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(within(carousel).getByRole('group', { name: 'Slide 2 of 2' })).toBeInTheDocument();
    expect(
      within(carousel)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Leadership', 'Finance']);
    fireEvent.click(within(carousel).getByRole('button', { name: 'Previous slide' }));
    expect(within(carousel).getByRole('group', { name: 'Slide 1 of 2' })).toBeInTheDocument();
  });

  it('uses a query for widths under 768 px', () => {
    expect(CAROUSEL_QUERY).toBe('(max-width: 767px)');
  });
});
