/**
 * Pagination (SITE-02, SITE-04, SITE-09): Previous, numbered pages with ellipses (at most 7 items,
 * `paginationItems`), and Next. Previous is hidden on the first page and Next on the last
 * (`paginationControls`, docs/decisions/012-discovery.md). The current page carries
 * aria-current="page". One page or none shows nothing.
 *
 * Pages are links when `hrefFor` is given (a reader without JavaScript, or opening a new tab, still
 * lands on the page), buttons when only `onPage` is; with both, a click calls `onPage` instead of
 * following the link. shared-contracts does not depend on a router: pass the router's link
 * component (react-router's `Link`) as `linkComponent` for client-side navigation.
 *
 * Phone layout (PAY-09 "mobile layout under 768 px"; SITE-09 mobile breakpoint 767 px): under
 * 768 px the numbers shrink to at most 5 items (first, current, last and the ellipses between:
 * `PAGINATION_PHONE_MAX_ITEMS`), so Previous, the numbers and Next stay on one row of a phone; the
 * nav carries data-pagination-layout="phone|desktop". The server renders the desktop layout.
 */
import { useSyncExternalStore, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { MOBILE_BREAKPOINT_PX, paginationItems } from 'shared-contracts/contracts';

/** The page of a paged list's `?page=`: a whole number from 1; anything else is the first page. */
export function pageFromQuery(value: string | null): number {
  if (value === null || !/^\d{1,5}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * Previous and Next of the pagination (SITE-04): Previous is hidden on the first page; Next is
 * hidden on the last (the spec notes the source hides it with the previous style; we read it as
 * hidden on the last page: docs/decisions/012-discovery.md).
 */
export function paginationControls(current: number, totalPages: number): { previous: boolean; next: boolean } {
  return { previous: current > 1, next: current < totalPages };
}

/** Most items (pages and ellipses) of the phone layout, under 768 px. NOT IN SPEC: the count (the spec gives 7 for desktop). */
export const PAGINATION_PHONE_MAX_ITEMS = 5;

const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribePhone(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True under 768 px wide (false on the server and where matchMedia is missing). */
function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

export interface PaginationLinkProps {
  to: string;
  className?: string;
  'aria-label'?: string;
  'aria-current'?: 'page';
  rel?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children?: ReactNode;
}

export interface PaginationProps {
  /** The page shown, counted from 1. */
  current: number;
  totalPages: number;
  /** The address of a page; pages are links when given. */
  hrefFor?: (page: number) => string;
  /** Called with the chosen page (buttons when `hrefFor` is absent). */
  onPage?: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Magazine articles pages'. */
  label: string;
  linkComponent?: ComponentType<PaginationLinkProps>;
  className?: string;
}

function PlainLink({ to, children, ...rest }: PaginationLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

export function Pagination({
  current,
  totalPages,
  hrefFor,
  onPage,
  label,
  linkComponent: LinkComponent = PlainLink,
  className = 'pagination',
}: PaginationProps) {
  const phone = usePhoneLayout();
  if (totalPages <= 1) return null;
  const page = Math.min(Math.max(1, current), totalPages);
  const controls = paginationControls(page, totalPages);

  function control(target: number, text: ReactNode, extra: { className: string; ariaLabel?: string; rel?: string; current?: boolean }) {
    const ariaCurrent = extra.current ? ('page' as const) : undefined;
    if (hrefFor) {
      return (
        <LinkComponent
          to={hrefFor(target)}
          className={extra.className}
          aria-label={extra.ariaLabel}
          aria-current={ariaCurrent}
          rel={extra.rel}
          onClick={
            onPage
              ? (event) => {
                  event.preventDefault();
                  onPage(target);
                }
              : undefined
          }
        >
          {text}
        </LinkComponent>
      );
    }
    return (
      <button type="button" className={extra.className} aria-label={extra.ariaLabel} aria-current={ariaCurrent} onClick={() => onPage?.(target)}>
        {text}
      </button>
    );
  }

  return (
    <nav className={phone ? `${className} pagination--phone` : className} aria-label={label} data-pagination-layout={phone ? 'phone' : 'desktop'}>
      <ul className="pagination-list">
        {controls.previous && <li className="pagination-previous">{control(page - 1, 'Previous', { className: 'pagination-link', rel: 'prev' })}</li>}
        {paginationItems(page, totalPages, phone ? PAGINATION_PHONE_MAX_ITEMS : undefined).map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className="pagination-ellipsis">
              <span>…</span>
            </li>
          ) : (
            <li key={item}>
              {control(item, item, {
                className: item === page ? 'pagination-link pagination-current' : 'pagination-link',
                ariaLabel: `Page ${item}`,
                current: item === page,
              })}
            </li>
          ),
        )}
        {controls.next && <li className="pagination-next">{control(page + 1, 'Next', { className: 'pagination-link', rel: 'next' })}</li>}
      </ul>
    </nav>
  );
}
