/**
 * Registration form of the auth modal and the /register page: the kit's registration form. A
 * subscriber's email sends the browser to the subscriber registration page; a created account is
 * stored in the user store and handed to onCreated. Server errors land on their field.
 */
import { useEffect } from 'react';
import { UI_TEXT, type User } from 'shared-contracts';
import { useVisitorCountry } from 'shared-contracts/geo';
import { authVariant, prefetchCaptcha, RegistrationFields, submitLabel, useRegistrationForm } from 'shared-contracts/forms';
import { nav } from './navigation';

export interface RegistrationFormProps {
  reason?: string;
  method: 'modal' | 'register-page' | 'frame';
  /** The account exists and the user is stored; `flagged` is the success header. */
  onCreated(user: User, details: { email: string; flagged: boolean }): void;
  /** The 'Sign in.' link; omitted where there is nowhere to switch to. */
  onSignIn?(): void;
}

export function RegistrationForm({ reason, method, onCreated, onSignIn }: RegistrationFormProps) {
  const form = useRegistrationForm({
    variant: authVariant(reason),
    messages: 'modal',
    method,
    visitor: useVisitorCountry(),
    assign: (url) => nav.assign(url),
    onCreated,
  });
  useEffect(prefetchCaptcha, []);
  return (
    <>
      <RegistrationFields form={form} submitText={submitLabel(reason, 'Create account')} messagePlacement="above-submit" />
      {onSignIn && (
        <p>
          {/* NOT IN SPEC: the words before the spec's 'Sign in.' link. */}
          Already have an account?{' '}
          <button type="button" className="button-link" onClick={onSignIn}>
            {UI_TEXT.signInLink}
          </button>
        </p>
      )}
    </>
  );
}
