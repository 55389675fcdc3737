/**
 * The router façade (`shared-contracts/router`, decision 018): the only way app code reaches
 * react-router. Every build shares this module as a singleton instead of `react-router-dom`, so
 * the page runs one router (one location context for the shell and every remote) while webpack
 * tree-shakes react-router down to what is re-exported here (about 14 KB gzip instead of 62 KB
 * for the whole library shared as a singleton; docs/architecture.md, Module Federation pitfall 11).
 *
 * Add a name here when an app needs it (an import-boundaries test refuses `react-router-dom` in
 * app code). Tests may import react-router-dom directly (MemoryRouter): under Jest both are the
 * same module.
 */
import { createElement, type AnchorHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router-dom';

export {
  BrowserRouter,
  Link,
  NavLink,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { Location, LinkProps, NavLinkProps, NavigateFunction, NavigationType, PathMatch } from 'react-router-dom';

/** True for a path of this site ('/2025/03/x'); false for another origin or a protocol-relative URL. */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link that stays in the page's router for a path of this site and is a plain link otherwise. */
export function SiteLink({ href, children, ...rest }: SiteLinkProps) {
  return isSitePath(href) ? createElement(Link, { to: href, ...rest }, children) : createElement('a', { href, ...rest }, children);
}
