import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { mockApi, resetAuthTestState } from '../auth/testing';
import { MISSING_VERIFY_TOKEN, VerifyEmailPage } from '../pages/VerifyEmailPage';
import { confirmEmailPrompt, RESEND_LINK_LABEL, VerifyEmailPrompt } from './VerifyEmailPrompt';

beforeEach(() => {
  resetAuthTestState();
});
afterEach(() => jest.restoreAllMocks());

const unconfirmed = sampleUser({ emailAddress: 'new.reader@example.org', emailVerified: false });

describe('VerifyEmailPrompt', () => {
  it('shows nothing to a guest or to a reader whose address is confirmed', () => {
    const { container, rerender } = render(<VerifyEmailPrompt />);
    expect(container).toBeEmptyDOMElement();
    act(() => userStore.setState({ status: 'registered', user: sampleUser({ emailVerified: true }) }));
    rerender(<VerifyEmailPrompt />);
    expect(container).toBeEmptyDOMElement();
  });

  it('tells an unconfirmed reader where the link went, and announces the resend result', async () => {
    const api = mockApi({ 'POST /service/user/verify-email/resend': { body: { message: 'We sent a new link to new.reader@example.org.' } } });
    userStore.setState({ status: 'registered', user: unconfirmed });
    render(<VerifyEmailPrompt />);
    const region = screen.getByRole('region', { name: 'Confirm your email address' });
    expect(within(region).getByText(confirmEmailPrompt('new.reader@example.org'))).toBeVisible();
    expect(within(region).getByRole('status')).toHaveTextContent('');

    await userEvent.click(within(region).getByRole('button', { name: RESEND_LINK_LABEL }));
    expect(await within(region).findByRole('status')).toHaveTextContent('We sent a new link to new.reader@example.org.');
    expect(api.sent('POST /service/user/verify-email/resend')).toEqual([{}]);
  });

  it('announces a refusal (too many tries) in the same status region', async () => {
    mockApi({ 'POST /service/user/verify-email/resend': { status: 429, body: { message: 'Too many attempts. Please wait a few minutes and try again.' } } });
    userStore.setState({ status: 'registered', user: unconfirmed });
    render(<VerifyEmailPrompt />);
    await userEvent.click(screen.getByRole('button', { name: RESEND_LINK_LABEL }));
    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toHaveAttribute('role', 'status');
  });
});

function atVerifyPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verify-email" element={<VerifyEmailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('VerifyEmailPage', () => {
  it('posts the token once, shows the confirmation and reloads the user', async () => {
    const confirmed = { ...unconfirmed, emailVerified: true };
    const api = mockApi({
      'POST /service/user/verify-email': { body: { message: 'Your email address is confirmed.' } },
      'GET /service/user/profile': { body: confirmed, headers: { 'Last-Modified': 'Tue, 01 Jul 2025 12:00:01 GMT' } },
    });
    userStore.setState({ status: 'registered', user: unconfirmed });
    atVerifyPage('/verify-email?token=abc_123-XYZ');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
    expect(await screen.findByText('Your email address is confirmed.')).toHaveAttribute('role', 'status');
    expect(api.sent('POST /service/user/verify-email')).toEqual([{ token: 'abc_123-XYZ' }]);
    expect(userStore.getState().user?.emailVerified).toBe(true);
  });

  it.each([
    'This confirmation link has expired. Please ask for a new one.',
    'This confirmation link has already been used.',
    'This confirmation link is not valid. Please ask for a new one.',
  ])("shows the server's refusal: %s", async (message) => {
    mockApi({ 'POST /service/user/verify-email': { status: 400, body: { message, errors: [{ field: 'token', errorMessage: message }] } } });
    atVerifyPage('/verify-email?token=t');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says the link is not valid without a token, and posts nothing', async () => {
    const api = mockApi();
    atVerifyPage('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent(MISSING_VERIFY_TOKEN);
    expect(api.sent('POST /service/user/verify-email')).toEqual([]);
  });
});
