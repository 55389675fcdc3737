import { CUSTOMER_SERVICE_PHONE_LABELS } from 'shared-contracts';

/**
 * Customer-service lines of the paywall panel (paywall §2, §9: US/Canada and International, "given
 * in page, values not shown"). NOT IN SPEC: the numbers and the mail address below are placeholders
 * (reserved fictional numbers and an example.com address).
 */
export const CUSTOMER_SERVICE_PHONES: readonly { label: (typeof CUSTOMER_SERVICE_PHONE_LABELS)[number]; display: string; tel: string }[] = [
  { label: 'US/Canada', display: '+1 800 555 0199', tel: '+18005550199' },
  { label: 'International', display: '+44 20 7946 0958', tel: '+442079460958' },
];

/** NOT IN SPEC: the customer-service mail address. */
export const CUSTOMER_SERVICE_EMAIL = 'customerservice@example.com';
