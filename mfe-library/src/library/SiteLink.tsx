import type { ReactNode } from 'react';
import { Link } from 'shared-contracts/router';

/** True for a path of this site ('/2025/03/x'); false for another origin or a protocol-relative URL. */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A link that stays in the page's router for site paths and is a plain link otherwise. */
export function SiteLink({ href, children, ...rest }: { href: string; children: ReactNode; className?: string; 'aria-label'?: string }) {
  return isSitePath(href) ? (
    <Link to={href} {...rest}>
      {children}
    </Link>
  ) : (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
