/**
 * `/my-account` (PLAT-15): the signed-in reader's account, reached from the header's user menu ('My
 * Account'). Sections: the subscription (or the way to /subscriptions), the order history with
 * receipts, profile settings at any time, email change (current password, then the mailed link,
 * decision 026), password change (other sessions end) and newsletters. Rendered on the server like
 * every page (decision 032): the reader comes from the render's user store, the orders and
 * newsletters through `useLoad`. A guest is asked to sign in, as on /my-library. Its own chunk
 * (`page-account`): nothing of it is on any first view.
 */
import { SignInPrompt, useUserStore, type User } from 'shared-contracts';
import { Link } from 'shared-contracts/router';
import { EmailSection } from '../account/EmailSection';
import { NewslettersSection } from '../account/NewslettersSection';
import { OrdersSection } from '../account/OrdersSection';
import { PasswordSection } from '../account/PasswordSection';
import { ProfileSection } from '../account/ProfileSection';
import { AccountStyles } from '../account/styles';
import { SubscriptionSection } from '../account/SubscriptionSection';
import { ACCOUNT_TEXT } from '../account/text';

function AccountSections({ user }: { user: User }) {
  return (
    <div className="account-sections">
      <SubscriptionSection user={user} />
      <OrdersSection userId={user.id} />
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <PasswordSection />
      <NewslettersSection userId={user.id} />
    </div>
  );
}

export function AccountPage() {
  const status = useUserStore((s) => s.status);
  const user = useUserStore((s) => s.user);
  return (
    <main id="main" className="page account-page account-settings">
      <AccountStyles />
      <h1>{ACCOUNT_TEXT.heading}</h1>
      {status === 'unknown' && <p role="status">Loading…</p>}
      {status !== 'unknown' && user === null && <SignInPrompt linkComponent={Link} />}
      {user && (
        <>
          <p className="account-intro">{`${user.firstName} ${user.lastName}. ${ACCOUNT_TEXT.intro}`}</p>
          {/* Another reader signing in on this page starts the forms afresh. */}
          <AccountSections key={user.id} user={user} />
        </>
      )}
    </main>
  );
}
