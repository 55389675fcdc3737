/**
 * /register (PAY-02): the registration form on a page of its own; once the account exists the
 * profile settings follow in place, then the reader goes to /registration-complete (next steps).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'shared-contracts/router';
import { bus } from 'shared-contracts';
import { ProfileSettingsForm } from 'shared-contracts/forms';
import { RegistrationBanner } from '../auth/RegistrationBanner';
import { RegistrationForm } from '../auth/RegistrationForm';

export function RegisterPage() {
  const navigate = useNavigate();
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  const [bannerShown, setBannerShown] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (createdFor !== null) heading.current?.focus();
  }, [createdFor]);

  return (
    <main id="main" className="page account-page">
      {bannerShown && createdFor !== null && <RegistrationBanner email={createdFor} onDismiss={() => setBannerShown(false)} />}
      {createdFor === null ? (
        <>
          <h1>Create an account</h1>
          <RegistrationForm
            method="register-page"
            onCreated={(_user, { email }) => {
              setCreatedFor(email);
              setBannerShown(true);
            }}
            onSignIn={() => bus.emit('auth:open', { screen: 'signin' })}
          />
        </>
      ) : (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Tell us about yourself
          </h1>
          <ProfileSettingsForm onDone={() => navigate('/registration-complete')} />
        </>
      )}
    </main>
  );
}
