import { Link, NavLink } from 'react-router-dom';
import { bus, useUserStore } from 'shared-contracts';
import { FlyoutHost } from './flyouts/FlyoutHost';
import { UserMenu } from './header/UserMenu';
import { preloadAuthModal } from './AuthModalHost';
import { RemoteSlot } from './RemoteSlot';

const NAV = [
  { to: '/the-latest', label: 'Latest' },
  { to: '/magazine', label: 'Magazine' },
  { to: '/topics', label: 'Topics' },
  { to: '/visual-library', label: 'Visual Library' },
  { to: '/store', label: 'Store' },
  { to: '/my-library', label: 'My Library' },
];

export function Header() {
  const status = useUserStore((s) => s.status);
  const user = useUserStore((s) => s.user);
  return (
    <>
      <header className="site-header">
        <div className="header-bar">
          <Link to="/" className="logo" aria-label="The Management Review, home">
            The Management Review
          </Link>
          <div className="header-actions">
            <Link to="/search" className="header-link">
              Search
            </Link>
            <RemoteSlot
              remote="store"
              module="MiniCart"
              className="mini-cart-slot"
              fallback={
                <a href="/shopping-cart" className="header-link">
                  Cart
                </a>
              }
            />
            {user && (status === 'registered' || status === 'subscriber') ? (
              <UserMenu user={user} />
            ) : (
              <>
                <button
                  type="button"
                  className="header-link button-link"
                  disabled={status === 'unknown'}
                  onPointerEnter={preloadAuthModal}
                  onFocus={preloadAuthModal}
                  onClick={() => bus.emit('auth:open', { screen: 'signin' })}
                >
                  Sign in
                </button>
                <Link to="/register" className="header-link">
                  Register
                </Link>
              </>
            )}
          </div>
        </div>
        <nav aria-label="Main">
          <ul className="main-nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {/* The shell's flyouts (change password, forgot password): non-modal, beside the header. */}
      <FlyoutHost />
    </>
  );
}
