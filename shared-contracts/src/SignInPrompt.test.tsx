import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { bus, type EventMap } from './bus';
import { MESSAGES } from './messages';
import { SignInPrompt } from './SignInPrompt';

describe('SignInPrompt', () => {
  it('reads exactly the spec prompt, with a SIGN IN button and a REGISTER link', () => {
    const { container } = render(<SignInPrompt />);
    expect(container.firstElementChild).toHaveTextContent(/^To access this feature, please SIGN IN or REGISTER$/);
    expect(container.firstElementChild?.textContent).toBe(MESSAGES.signIn.prompt);
    expect(screen.getByRole('link', { name: 'REGISTER' })).toHaveAttribute('href', '/register');
  });

  it('SIGN IN asks the shell to open the sign-in screen', async () => {
    const opened: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => opened.push(p));
    render(<SignInPrompt />);
    await userEvent.click(screen.getByRole('button', { name: 'SIGN IN' }));
    off();
    expect(opened).toEqual([{ screen: 'signin' }]);
  });

  it("uses the router's link component when given one", () => {
    const RouterLink = ({ to, children }: { to: string; children?: ReactNode }) => (
      <a href={to} data-router-link="">
        {children}
      </a>
    );
    render(<SignInPrompt linkComponent={RouterLink} />);
    expect(screen.getByRole('link', { name: 'REGISTER' })).toHaveAttribute('data-router-link');
  });
});
