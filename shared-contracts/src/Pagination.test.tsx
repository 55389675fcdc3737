import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Pagination, paginationControls, type PaginationLinkProps } from './Pagination';

const hrefFor = (page: number) => `/magazine?page=${page}`;

function items(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Articles pages' });
  return within(nav)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('Pagination', () => {
  it('on the first page: no Previous, pages, Next; page 1 is current', () => {
    render(<Pagination current={1} totalPages={5} hrefFor={hrefFor} label="Articles pages" />);
    expect(items()).toEqual(['1', '2', '3', '4', '5', 'Next']);
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/magazine?page=2');
  });

  it('on a middle page: Previous and Next around the numbers', () => {
    render(<Pagination current={3} totalPages={5} hrefFor={hrefFor} label="Articles pages" />);
    expect(items()).toEqual(['Previous', '1', '2', '3', '4', '5', 'Next']);
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/magazine?page=2');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/magazine?page=4');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 5' })).toHaveAttribute('href', '/magazine?page=5');
  });

  it('on the last page: Previous, no Next', () => {
    render(<Pagination current={5} totalPages={5} hrefFor={hrefFor} label="Articles pages" />);
    expect(items()).toEqual(['Previous', '1', '2', '3', '4', '5']);
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    [1, ['1', '2', '3', '4', '5', '…', '20', 'Next']],
    [10, ['Previous', '1', '…', '9', '10', '11', '…', '20', 'Next']],
    [20, ['Previous', '1', '…', '16', '17', '18', '19', '20']],
  ])('with 20 pages on page %i shows at most 7 numbered items with ellipses', (current, expected) => {
    render(<Pagination current={current} totalPages={20} hrefFor={hrefFor} label="Articles pages" />);
    expect(items()).toEqual(expected);
    const numbered = expected.filter((t) => t !== 'Previous' && t !== 'Next');
    expect(numbered.length).toBeLessThanOrEqual(7);
    // Ellipses are not interactive.
    for (const ellipsis of screen.getAllByText('…')) {
      expect(ellipsis.closest('a, button')).toBeNull();
    }
  });

  it('shows no controls for a single page (or none)', () => {
    const { container, rerender } = render(<Pagination current={1} totalPages={1} hrefFor={hrefFor} label="Articles pages" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination current={1} totalPages={0} hrefFor={hrefFor} label="Articles pages" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders buttons calling onPage when there is no hrefFor', async () => {
    const onPage = jest.fn();
    render(<Pagination current={2} totalPages={3} onPage={onPage} label="Articles pages" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('with both hrefFor and onPage, a click calls onPage instead of following the link', async () => {
    const onPage = jest.fn();
    render(<Pagination current={1} totalPages={3} hrefFor={hrefFor} onPage={onPage} label="Articles pages" />);
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '/magazine?page=2');
    await userEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("uses the router's link component when given one", () => {
    const seen: string[] = [];
    function RouterLink({ to, children, ...rest }: PaginationLinkProps & { children?: ReactNode }) {
      seen.push(to);
      return (
        <a href={`#router${to}`} {...rest}>
          {children}
        </a>
      );
    }
    render(<Pagination current={1} totalPages={2} hrefFor={hrefFor} label="Articles pages" linkComponent={RouterLink} />);
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '#router/magazine?page=2');
    expect(seen).toContain('/magazine?page=1');
  });

  describe('under 768 px (the phone layout)', () => {
    let listeners: (() => void)[] = [];
    let width = 390;
    beforeEach(() => {
      listeners = [];
      width = 390;
      window.matchMedia = ((query: string) => ({
        get matches() {
          const max = /max-width: (\d+)px/.exec(query);
          return max ? width <= Number(max[1]) : false;
        },
        media: query,
        addEventListener: (_: string, l: () => void) => listeners.push(l),
        removeEventListener: (_: string, l: () => void) => (listeners = listeners.filter((x) => x !== l)),
      })) as unknown as typeof window.matchMedia;
    });
    afterEach(() => {
      delete (window as { matchMedia?: unknown }).matchMedia;
    });

    it('shows at most 5 numbers and ellipses between Previous and Next', () => {
      render(<Pagination current={10} totalPages={20} hrefFor={hrefFor} label="Articles pages" />);
      expect(items()).toEqual(['Previous', '1', '…', '10', '…', '20', 'Next']);
      expect(screen.getByRole('navigation', { name: 'Articles pages' })).toHaveAttribute('data-pagination-layout', 'phone');
      expect(screen.getByRole('link', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    });

    it('near the ends keeps three pages beside one ellipsis', () => {
      render(<Pagination current={1} totalPages={20} hrefFor={hrefFor} label="Articles pages" />);
      expect(items()).toEqual(['1', '2', '3', '…', '20', 'Next']);
    });

    it('goes back to the desktop layout when the window grows to 768 px', () => {
      render(<Pagination current={10} totalPages={20} hrefFor={hrefFor} label="Articles pages" />);
      width = 768;
      act(() => listeners.forEach((l) => l()));
      expect(items()).toEqual(['Previous', '1', '…', '9', '10', '11', '…', '20', 'Next']);
      expect(screen.getByRole('navigation', { name: 'Articles pages' })).toHaveAttribute('data-pagination-layout', 'desktop');
    });
  });
});

describe('pagination controls (SITE-04, decision 012)', () => {
  it('hides Previous on the first page and Next on the last', () => {
    expect(paginationControls(1, 5)).toEqual({ previous: false, next: true });
    expect(paginationControls(3, 5)).toEqual({ previous: true, next: true });
    expect(paginationControls(5, 5)).toEqual({ previous: true, next: false });
    expect(paginationControls(1, 1)).toEqual({ previous: false, next: false });
  });
});
