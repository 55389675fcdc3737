/**
 * The router façade (`shared-contracts/router`, decision 018): the only way app code reaches
 * react-router. Every build shares this module as a singleton instead of `react-router-dom`, so
 * the page runs one router (one location context for the shell and every remote) while webpack
 * tree-shakes react-router down to what is re-exported here (about 14 KB gzip instead of 62 KB
 * for the whole library shared as a singleton; TOOLCHAIN pitfall 11).
 *
 * Add a name here when an app needs it (an import-boundaries test refuses `react-router-dom` in
 * app code). Tests may import react-router-dom directly (MemoryRouter): under Jest both are the
 * same module.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps, NavigateFunction, PathMatch } from 'react-router-dom';
