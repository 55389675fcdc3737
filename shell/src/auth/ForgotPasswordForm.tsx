/**
 * Forgot-password screen of the auth modal: the kit's forgot-password form (email, 'Send link';
 * then the acknowledgement with 'On to sign in', closing by itself after 5 s; 403 and 423 have
 * their own messages), with 'Go back' and 'Get help'.
 */
import { useEffect } from 'react';
import { UI_TEXT } from 'shared-contracts';
import { authVariant, ForgotPasswordFields, ForgotPasswordSent, prefetchCaptcha, useForgotPasswordForm } from 'shared-contracts/forms';

export interface ForgotPasswordFormProps {
  reason?: string;
  onGoBack(): void;
  onSignIn(): void;
  /** Called FORGOT_PASSWORD_AUTO_CLOSE_MS after the acknowledgement shows. */
  onAutoClose(): void;
}

export function ForgotPasswordForm({ reason, onGoBack, onSignIn, onAutoClose }: ForgotPasswordFormProps) {
  const form = useForgotPasswordForm({ variant: authVariant(reason), onAutoClose });
  useEffect(prefetchCaptcha, []);

  const help = (
    <a href="/subscriber-help" target="_blank" rel="noopener">
      {UI_TEXT.getHelp}
    </a>
  );

  if (form.sent) {
    return (
      <>
        <ForgotPasswordSent form={form} onSignIn={onSignIn} />
        <p>{help}</p>
      </>
    );
  }
  return (
    <ForgotPasswordFields form={form}>
      <p className="form-links">
        <button type="button" className="button-link" onClick={onGoBack}>
          {UI_TEXT.goBack}
        </button>
        {help}
      </p>
    </ForgotPasswordFields>
  );
}
