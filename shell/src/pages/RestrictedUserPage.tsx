/** /restricted-user (PAY-06, PAY-08): where a restricted account is sent. */
import { MESSAGES } from 'shared-contracts';

export function RestrictedUserPage() {
  return (
    <main id="main" className="page account-page">
      {/* NOT IN SPEC: the heading and the link text; the message is the spec's. */}
      <h1>Account verification</h1>
      <p>{MESSAGES.signIn.restricted}</p>
      <p>
        <a href="/subscriber-help#contact-customer-service">Contact Customer Service</a>
      </p>
    </main>
  );
}
