/** The generic failure of SITE-08, loaded when a failure is shown (Failure.tsx). */
import { CUSTOMER_SERVICE_EMAIL, MESSAGES } from 'shared-contracts';
import { CustomerServicePhones } from 'shared-contracts/notices';

/** 'We are sorry. We are unable to process your request at this time.' plus phones and mail (SITE-08). */
export function GenericFailure() {
  return (
    <div role="alert" className="generic-failure">
      <p>{MESSAGES.generic}</p>
      {/* NOT IN SPEC: the wording around the lines; the spec says "a 24/7 customer-service phone and email". */}
      <p>Customer Service is available 24/7:</p>
      <CustomerServicePhones className="customer-service-lines">
        <li>
          Email: <a href={`mailto:${CUSTOMER_SERVICE_EMAIL}`}>{CUSTOMER_SERVICE_EMAIL}</a>
        </li>
      </CustomerServicePhones>
    </div>
  );
}
