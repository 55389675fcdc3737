/**
 * `/privacy-policy` (PAY-02; linked from the registration opt-in text): what the site keeps about a
 * reader, why, and what they can do about it. NOT IN SPEC: the text, written for this site.
 */
import { CUSTOMER_SERVICE_EMAIL } from 'shared-contracts';
import { Link } from 'shared-contracts/router';

export function PrivacyPolicyPage() {
  return (
    <main id="main" className="page policy-page">
      <h1>Privacy policy</h1>
      <p className="page-intro">
        Last updated November 2026. This page explains what we keep about you when you read, register or buy, and how to have it changed or removed.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>Your account: name, email address, the password you chose (stored only as a one-way hash) and your profile settings.</li>
        <li>What you do with it: the articles you save and your folders, the topics you follow, the newsletters you subscribe to, and your reading history.</li>
        <li>
          Orders: what you bought, the shipping address and the last four digits of the card. The full card number goes to our payment provider and never to us.
        </li>
        <li>For readers who are not signed in: how many free articles this browser has read this month, kept against a random device identifier.</li>
      </ul>

      <h2>Cookies</h2>
      <p>
        We use only the cookies the site needs: one that keeps you signed in, one that tells the page a session exists, one that counts free articles for a
        browser, and one that remembers a device you confirmed. We set no advertising or tracking cookies.
      </p>

      <h2>Emails</h2>
      <p>
        We email you about your account and your orders. Newsletters and offers only when you opted in at registration or subscribed on the{' '}
        <Link to="/email-newsletters">newsletters page</Link>; each one has an unsubscribe link.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your details at any time in your account, and ask us for a copy of everything we keep or to delete your account: write to{' '}
        <a href={`mailto:${CUSTOMER_SERVICE_EMAIL}`}>{CUSTOMER_SERVICE_EMAIL}</a> or see{' '}
        <Link to="/subscriber-help#contact-customer-service">Customer Service</Link>. We answer within 30 days.
      </p>

      <h2>How long we keep it</h2>
      <p>Account data for as long as the account exists; orders for seven years, as tax law asks; the free-article count for a month.</p>
    </main>
  );
}
