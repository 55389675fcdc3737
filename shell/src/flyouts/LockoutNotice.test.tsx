import { render, screen } from '@testing-library/react';
import { LockoutNotice } from './LockoutNotice';

describe('LockoutNotice', () => {
  it.each([
    [86400, 'Your account is blocked, please wait 24 hours to unlock and try again.'],
    [3600, 'Your account is blocked, please wait 1 hour to unlock and try again.'],
    [3599, 'Your account is blocked, please wait 59 minutes to unlock and try again.'],
    [60, 'Your account is blocked, please wait 1 minute to unlock and try again.'],
    [59, 'Your account is blocked, please wait 59 seconds to unlock and try again.'],
    [1, 'Your account is blocked, please wait 1 second to unlock and try again.'],
  ])('%i s reads %j, followed by the customer-service link', (seconds, message) => {
    const { container } = render(<LockoutNotice seconds={seconds} />);
    expect(container.firstElementChild).toHaveTextContent(`${message} Contact Customer Service`);
    expect(screen.getByRole('link', { name: 'Contact Customer Service' })).toHaveAttribute(
      'href',
      '/subscriber-help#contact-customer-service',
    );
  });
});
