/** Checkout fixtures the commerce API tests share. */
import type { Address } from 'shared-contracts/server';

/** A valid US shipping address (Albany, NY), with any field overridden. */
export const sampleAddress = (overrides: Partial<Address> = {}): Address => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main Street',
  address2: '',
  city: 'Albany',
  state: 'NY',
  postalCode: '12207',
  countryCode: 'US',
  ...overrides,
});
