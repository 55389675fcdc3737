/**
 * `/subscriber-help` (SITE-02, PAY-02): customer service and help topics. 'Get Help' (sign-in,
 * forgot-password), the restricted-user page and the lockout message link here, the customer
 * service section by its anchor `#contact-customer-service`.
 */
import { CUSTOMER_SERVICE_EMAIL, bus } from 'shared-contracts';
import { CustomerServicePhones } from 'shared-contracts/notices';
import { Link } from 'shared-contracts/router';

/** NOT IN SPEC: the opening hours, the postal address and the help texts below. */
const HOURS = 'Monday to Friday, 8 a.m. to 8 p.m. Eastern Time; Saturday, 9 a.m. to 5 p.m.';

export function SubscriberHelpPage() {
  return (
    <main id="main" className="page help-page">
      <h1>Subscriber help</h1>
      <p className="page-intro">Answers to the questions readers ask most, and how to reach us when you need a person.</p>

      <section id="contact-customer-service" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact Customer Service</h2>
        <p>{HOURS}</p>
        <CustomerServicePhones className="contact-list" label="Customer service">
          <li>
            Mail: <a href={`mailto:${CUSTOMER_SERVICE_EMAIL}`}>{CUSTOMER_SERVICE_EMAIL}</a>
          </li>
        </CustomerServicePhones>
        <p>Have your account number ready if you subscribe in print: it is on your mailing label and in your account.</p>
      </section>

      <section aria-labelledby="help-signin">
        <h2 id="help-signin">Signing in</h2>
        <dl>
          <dt>I forgot my password.</dt>
          <dd>
            <button type="button" className="button-link" onClick={() => bus.emit('auth:open', { screen: 'forgot-password' })}>
              Reset your password
            </button>{' '}
            and we will send a link to the address you registered with. The link works once, for a limited time.
          </dd>
          <dt>My account is locked.</dt>
          <dd>After too many wrong passwords an account is blocked for a while. Wait for the time the message gives, or call us to unlock it now.</dd>
          <dt>I subscribe in print but cannot read online.</dt>
          <dd>
            <Link to="/register">Register</Link> with the email address of your subscription: we link it to your account.
          </dd>
        </dl>
      </section>

      <section aria-labelledby="help-subscriptions">
        <h2 id="help-subscriptions">Subscriptions</h2>
        <dl>
          <dt>What does my subscription include?</dt>
          <dd>
            Every tier and what it grants are on the <Link to="/subscriptions">subscriptions page</Link>.
          </dd>
          <dt>How do I change or cancel my subscription?</dt>
          <dd>Call Customer Service: changes take effect at your next renewal, cancellations at once, with a refund of the unused issues.</dd>
        </dl>
      </section>

      <section aria-labelledby="help-orders">
        <h2 id="help-orders">Orders</h2>
        <dl>
          <dt>Where is my order?</dt>
          <dd>Printed items ship within two business days; the confirmation email has the order number. Digital items are ready at once.</dd>
          <dt>Can I return a product?</dt>
          <dd>Printed products within 30 days, unopened. Digital products cannot be returned once downloaded.</dd>
        </dl>
      </section>

      <section aria-labelledby="help-downloads">
        <h2 id="help-downloads">Downloads</h2>
        <dl>
          <dt>Where are the files I bought?</dt>
          <dd>
            On your order page, and in <Link to="/my-library">My Library</Link> under Ordered, one link per format.
          </dd>
          <dt>My case study link stopped working.</dt>
          <dd>Access to a case study ends six months after purchase. Call us if you need it again.</dd>
        </dl>
      </section>
    </main>
  );
}
