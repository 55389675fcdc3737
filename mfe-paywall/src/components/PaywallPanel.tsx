/**
 * The paywall panel of the registration wall: three screens,
 * registration (the default), sign in and forgot password, and after a registration the
 * profile-settings screen (PAY-02, PAY-04): its Save or 'Maybe later' reloads the page with
 * registration=success so the reload shows the content the registration earned; sign-in reloads.
 * Moving between screens brings a panel scrolled out of view back with a 1000 ms scroll (PAY-09).
 * Each screen is the shared account-form kit in its paywall variant (the paywall's email message
 * and server-error outcomes, paywall captcha actions, the registration-wall conversion events).
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ButtonLink, CUSTOMER_SERVICE_EMAIL, UI_TEXT } from 'shared-contracts';
import { CustomerServicePhones } from 'shared-contracts/notices';
import { useVisitorCountry } from 'shared-contracts/geo';
import {
  ForgotPasswordFields,
  ForgotPasswordSent,
  prefetchCaptcha,
  RegistrationFields,
  SignInFields,
  useForgotPasswordForm,
  useRegistrationForm,
  useSignInForm,
  type PAYWALL_PANEL_SCREENS,
} from 'shared-contracts/forms';
import { AB_TAGS, subscribeHref } from './gate';
import { nav, registrationSuccessUrl } from './navigation';
import { PROFILE_SETTINGS_TEXT, ProfileSettingsScreen } from './ProfileSettings';
import { WallStyles } from './WallStyles';
import { animateWindowScroll, SCROLL_ANIMATION_MS, SCROLL_TOP_MARGIN_PX } from './scrolling';

/** This view's words (NOT IN SPEC), kept in its own chunk: see text.ts. */
const TEXT = {
  registrationHeading: 'Create a free account to keep reading',
  createAccount: 'Create account',
  /** The words before 'Sign in'. */
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  /** The words before 'Subscribe now'. */
  wantUnlimited: 'Want unlimited access?',
  customerService: 'Customer Service',
};

/**
 * The panel's own rules (in this chunk, off the article's first view): the wall's look comes from
 * .wall (styles.tsx); the form sits in a readable column, the subscribe offer and customer service
 * below a thin rule.
 */
const CSS = `
[data-remote-root=paywall] .paywall-panel>:not(h2){max-width:28rem;margin-inline:auto;text-align:start}
[data-remote-root=paywall] .paywall-panel h2:focus{outline:2px solid var(--focus);outline-offset:4px}
[data-remote-root=paywall] .paywall-panel .field{display:flex;flex-direction:column;gap:var(--space-1);margin:var(--space-3) 0}
[data-remote-root=paywall] .paywall-panel label{font-weight:700;font-size:var(--step--1)}
[data-remote-root=paywall] .paywall-panel .opt-in label{font-weight:400}
[data-remote-root=paywall] .paywall-panel input:not([type=checkbox]){width:100%}
[data-remote-root=paywall] .paywall-panel input[aria-invalid=true]{border-color:var(--accent)}
[data-remote-root=paywall] .paywall-panel button[type=submit]{width:100%;margin-top:var(--space-2)}
[data-remote-root=paywall] .panel-offer{display:flex;flex-wrap:wrap;gap:var(--space-3);align-items:center;justify-content:space-between;border-top:1px solid var(--line);padding-top:var(--space-4)}
[data-remote-root=paywall] .customer-service{font-size:var(--step--1);color:var(--muted)}
[data-remote-root=paywall] .customer-service h3{font-size:var(--step-0);margin-bottom:var(--space-1)}
[data-remote-root=paywall] .customer-service ul{list-style:none;padding:0;margin:0}
`;

/** The panel's screens (data-panel-screen): the three of PAYWALL_PANEL_SCREENS, then profile settings after a registration. */
export type PanelScreen = (typeof PAYWALL_PANEL_SCREENS)[number] | 'profile-settings';

export function PaywallPanel() {
  const [screen, setScreen] = useState<PanelScreen>('registration');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(prefetchCaptcha, []);
  // A screen change moves focus to the new screen's heading (not on first show: the reader is
  // reading). When the panel's top is out of view (a long screen swapped for a short one), the
  // window scrolls it into view in one animation of 1000 ms (PAY-09), not a jump.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus({ preventScroll: true });
    const top = sectionRef.current?.getBoundingClientRect().top;
    if (top === undefined || (top >= 0 && top < window.innerHeight)) return;
    return animateWindowScroll(window.scrollY, Math.max(0, window.scrollY + top - SCROLL_TOP_MARGIN_PX), SCROLL_ANIMATION_MS);
  }, [screen]);
  const go = (next: PanelScreen) => {
    moved.current = true;
    setScreen(next);
  };

  return (
    <section ref={sectionRef} className="wall paywall-panel" aria-labelledby={headingId} data-panel-screen={screen}>
      <WallStyles />
      <style href="mfe-paywall-panel" precedence="default">
        {CSS}
      </style>
      {screen === 'registration' && (
        <RegistrationScreen
          heading={<Heading id={headingId} ref={headingRef} text={TEXT.registrationHeading} />}
          onSignIn={() => go('sign-in')}
          onForgot={() => go('forgot-password')}
          onCreated={() => go('profile-settings')}
        />
      )}
      {screen === 'profile-settings' && (
        <>
          <Heading id={headingId} ref={headingRef} text={PROFILE_SETTINGS_TEXT.heading} />
          {/* Save or 'Maybe later': the reload with registration=success shows the content the registration earned. */}
          <ProfileSettingsScreen onDone={() => nav.assign(registrationSuccessUrl(nav.href()))} />
        </>
      )}
      {screen === 'sign-in' && (
        <SignInScreen
          heading={<Heading id={headingId} ref={headingRef} text={UI_TEXT.signIn} />}
          onForgot={() => go('forgot-password')}
          onCreate={() => go('registration')}
        />
      )}
      {screen === 'forgot-password' && (
        <ForgotScreen heading={<Heading id={headingId} ref={headingRef} text={UI_TEXT.forgotPassword} />} onSignIn={() => go('sign-in')} />
      )}
    </section>
  );
}

function Heading({ id, ref, text }: { id: string; ref: RefObject<HTMLHeadingElement | null>; text: string }) {
  return (
    <h2 id={id} ref={ref} tabIndex={-1}>
      {text}
    </h2>
  );
}

/* ------------------------------------------------------------------ registration */

function RegistrationScreen({ heading, onSignIn, onForgot, onCreated }: { heading: ReactNode; onSignIn(): void; onForgot(): void; onCreated(): void }) {
  const form = useRegistrationForm({
    variant: 'paywall',
    messages: 'paywall',
    method: 'paywall',
    wall: 'registration-wall',
    visitor: useVisitorCountry(),
    serverErrorsStay: true,
    assign: (url) => nav.assign(url),
    // The account exists and is stored: profile settings next (PAY-04), then the reload.
    onCreated,
  });
  return (
    <>
      {heading}
      <RegistrationFields form={form} submitText={TEXT.createAccount} messagePlacement="before-form" onResetPassword={onForgot} />
      <p>
        {TEXT.haveAccount}{' '}
        <button type="button" className="button-link" onClick={onSignIn}>
          {TEXT.signIn}
        </button>
      </p>
      <p className="panel-offer">
        {TEXT.wantUnlimited}{' '}
        <ButtonLink variant="secondary" href={subscribeHref(AB_TAGS.registrationPanel)}>
          {UI_TEXT.subscribeNow}
        </ButtonLink>
      </p>
      <CustomerService />
    </>
  );
}

/** Customer-service phone lines and mail link. */
function CustomerService() {
  const id = useId();
  return (
    <div className="customer-service" role="group" aria-labelledby={id}>
      <h3 id={id}>{TEXT.customerService}</h3>
      <CustomerServicePhones />
      <p>
        <a href={`mailto:${CUSTOMER_SERVICE_EMAIL}`}>{CUSTOMER_SERVICE_EMAIL}</a>
      </p>
    </div>
  );
}

/* ------------------------------------------------------------------ sign in */

function SignInScreen({ heading, onForgot, onCreate }: { heading: ReactNode; onForgot(): void; onCreate(): void }) {
  // Sign-in success reloads the page, which then shows what the account may read.
  const form = useSignInForm({ variant: 'paywall', method: 'paywall', wall: 'registration-wall', onSignedIn: () => nav.reload() });
  return (
    <>
      {heading}
      <SignInFields form={form} submitText={UI_TEXT.signIn} onForgotPassword={onForgot} onCreateAccount={onCreate} />
      <p>
        <a href="/subscriber-help" target="_blank" rel="noopener">
          {UI_TEXT.getHelp}
        </a>
      </p>
    </>
  );
}

/* ------------------------------------------------------------------ forgot password */

function ForgotScreen({ heading, onSignIn }: { heading: ReactNode; onSignIn(): void }) {
  const form = useForgotPasswordForm({ variant: 'paywall' });
  if (form.sent) {
    return (
      <>
        {heading}
        <ForgotPasswordSent form={form} onSignIn={onSignIn} />
      </>
    );
  }
  return (
    <>
      {heading}
      <ForgotPasswordFields form={form} busyMark />
      <p>
        <button type="button" className="button-link" onClick={onSignIn}>
          {UI_TEXT.goBack}
        </button>
      </p>
    </>
  );
}
