/**
 * 'To access this feature, please SIGN IN or REGISTER' (SITE-02): the prompt every part shows
 * a guest in place of an account-only feature. SIGN IN asks the shell to open its sign-in modal
 * (bus `auth:open`), REGISTER goes to /register. The paragraph's text is MESSAGES.signIn.prompt
 * exactly.
 *
 * shared-contracts does not depend on a router: pass the router's link component (react-router's
 * `Link`) as `linkComponent` for a client-side navigation; without it REGISTER is a plain link.
 */
import type { ComponentType, ReactNode } from 'react';
import { bus } from './bus';

export interface SignInPromptProps {
  linkComponent?: ComponentType<{ to: string; children?: ReactNode }>;
  className?: string;
}

function PlainLink({ to, children }: { to: string; children?: ReactNode }) {
  return <a href={to}>{children}</a>;
}

export function SignInPrompt({ linkComponent: LinkComponent = PlainLink, className = 'sign-in-prompt' }: SignInPromptProps) {
  return (
    <p className={className}>
      {'To access this feature, please '}
      {/* data-shell-action: the shell opens sign-in itself where this part's code is not there (decision 047). */}
      <button type="button" className="link-button" data-shell-action="signin" onClick={() => bus.emit('auth:open', { screen: 'signin' })}>
        SIGN IN
      </button>
      {' or '}
      <LinkComponent to="/register">REGISTER</LinkComponent>
    </p>
  );
}
