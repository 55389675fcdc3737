import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userStore, type User } from 'shared-contracts';
import { mockApiRoutes, sampleUser } from './testing';
import { resetCaptcha } from './captcha';
import { RegistrationFields, SignInFields, useRegistrationForm, useSignInForm, type AuthVariant } from './auth-forms';
import { TextField, valueField, type FieldErrorDisplay } from './forms';

beforeEach(() => {
  resetCaptcha();
  window.dataLayer = [];
  userStore.setState({ status: 'guest', user: null, quota: null });
});

function SignIn({ wall, onSignedIn }: { wall?: 'registration-wall'; onSignedIn(user: User): void }) {
  const form = useSignInForm({ variant: 'paywall', method: 'paywall', wall, onSignedIn });
  return <SignInFields form={form} submitText="Sign In" onForgotPassword={() => {}} onCreateAccount={() => {}} />;
}

describe('useSignInForm', () => {
  it('pushes the login, then the wall conversion, then hands over the user', async () => {
    const user = sampleUser();
    const api = mockApiRoutes({ 'POST /authenticate': { body: user } });
    const signedIn = jest.fn(() => expect((window.dataLayer ?? []).map((e) => (e as { event: string }).event)).toEqual(['login', 'paywall_wall_converted']));
    render(<SignIn wall="registration-wall" onSignedIn={signedIn} />);
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
    expect(api.sent('POST /authenticate')[0]).toMatchObject({ username: 'reader@example.com', password: 'secret' });
  });

  it('marks the email invalid with a 401 message, which an edit clears', async () => {
    mockApiRoutes({ 'POST /authenticate': { status: 401, body: { message: 'Nope.' } } });
    render(<SignIn onSignedIn={() => {}} />);
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nope.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Nope.');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.dataLayer).toEqual([{ event: 'login_failure', reason: 'invalid_credentials' }]);
  });
});

function Registration({ messages, onResetPassword }: { messages: AuthVariant; onResetPassword?(): void }) {
  const form = useRegistrationForm({
    variant: messages,
    messages,
    method: 'modal',
    visitor: { ready: true, country: 'US' },
    serverErrorsStay: messages === 'paywall',
    assign: () => {},
    onCreated: () => {},
  });
  return <RegistrationFields form={form} submitText="Create account" messagePlacement="above-submit" onResetPassword={onResetPassword} />;
}

async function registerWithConflict(messages: AuthVariant, onResetPassword?: () => void) {
  mockApiRoutes({
    'POST /api/user/register': { status: 409, body: { message: 'Conflict', errors: [{ field: 'emailAddress', errorMessage: 'taken' }] } },
  });
  render(<Registration messages={messages} onResetPassword={onResetPassword} />);
  await userEvent.type(screen.getByLabelText('First name'), 'Ines');
  await userEvent.type(screen.getByLabelText('Last name'), 'Moreau');
  await userEvent.type(screen.getByLabelText('Email'), 'ines@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Strong#Pass2026');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
}

describe('useRegistrationForm', () => {
  it("paywall: the 409 error ends with the 'Reset it here.' control and stays when the field is left", async () => {
    const reset = jest.fn();
    await registerWithConflict('paywall', reset);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription(expect.stringMatching(/Forgot your password\? Reset it here\.$/));
    await userEvent.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Reset it here.' }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('modal: the 409 error is the modal message, with no control', async () => {
    await registerWithConflict('modal');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Reset it here.' })).not.toBeInTheDocument();
  });
});

function ValueField({ display, error }: { display: FieldErrorDisplay; error?: string }) {
  return <TextField label="Code" field={valueField({ value: '', error, onChange: () => {} })} errorDisplay={display} />;
}

describe('TextField error displays', () => {
  it('live: a polite paragraph that is always there, tied to the field while it has an error', () => {
    const { container, rerender } = render(<ValueField display="live" />);
    expect(container.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
    rerender(<ValueField display="live" error="Required" />);
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Required');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
