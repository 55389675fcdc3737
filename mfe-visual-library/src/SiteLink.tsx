import type { ReactNode } from 'react';
import { Link } from 'shared-contracts/router';

/** A link that stays in the single-page app for a path of this site and is a plain link otherwise. */
export function SiteLink({ href, children, ...rest }: { href: string; children: ReactNode; className?: string; 'aria-describedby'?: string }) {
  return href.startsWith('/') && !href.startsWith('//') ? (
    <Link to={href} {...rest}>
      {children}
    </Link>
  ) : (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
