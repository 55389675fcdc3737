/**
 * Sign-in screen of the auth modal: the kit's sign-in form (every 401 message marks the email
 * field invalid; the plain "invalid combination" case also moves focus to the password).
 */
import { useEffect } from 'react';
import { UI_TEXT, type User } from 'shared-contracts';
import { authVariant, prefetchCaptcha, SignInFields, submitLabel, useSignInForm } from 'shared-contracts/forms';

export interface SignInFormProps {
  reason?: string;
  method: 'modal' | 'frame';
  onSignedIn(user: User): void;
  onForgotPassword(): void;
  onCreateAccount(): void;
}

export function SignInForm({ reason, method, onSignedIn, onForgotPassword, onCreateAccount }: SignInFormProps) {
  const form = useSignInForm({ variant: authVariant(reason), method, onSignedIn });
  useEffect(prefetchCaptcha, []);
  return <SignInFields form={form} submitText={submitLabel(reason, UI_TEXT.signIn)} onForgotPassword={onForgotPassword} onCreateAccount={onCreateAccount} />;
}
