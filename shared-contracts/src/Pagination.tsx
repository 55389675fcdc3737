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
 */
import type { ComponentType, MouseEvent, ReactNode } from 'react';
import { paginationItems } from 'shared-contracts/contracts';
import { paginationControls } from './discovery';

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
    <nav className={className} aria-label={label}>
      <ul className="pagination-list">
        {controls.previous && <li className="pagination-previous">{control(page - 1, 'Previous', { className: 'pagination-link', rel: 'prev' })}</li>}
        {paginationItems(page, totalPages).map((item, index) =>
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
