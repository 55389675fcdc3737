import { type Address } from 'shared-contracts/server';
import { addressErrors, chooseAddresses, normalizeAddress, readAddress } from './addresses';

const home: Address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Boston',
  state: 'ma',
  postalCode: '02110',
  countryCode: 'us',
};

describe('checkout addresses', () => {
  it('accepts a complete US address and normalizes its country and state', () => {
    expect(addressErrors(home, 'shippingAddress')).toEqual([]);
    expect(normalizeAddress(home)).toMatchObject({ countryCode: 'US', state: 'MA' });
  });

  it('names each wrong field under its prefix', () => {
    const fields = addressErrors({ ...home, city: ' ', state: 'ZZ', postalCode: 'ABC' }, 'billingAddress').map((e) => e.field);
    expect(fields).toEqual(['billingAddress.city', 'billingAddress.state', 'billingAddress.postalCode']);
  });

  it('requires a shipping address only when something ships, and a billing address always', () => {
    expect(chooseAddresses({ shippingAddress: null, billingAddress: home, billingSameAsShipping: false }, false).errors).toEqual([]);
    expect(chooseAddresses({ shippingAddress: null, billingAddress: home, billingSameAsShipping: false }, true).errors.map((e) => e.field)).toEqual([
      'shippingAddress',
    ]);
    expect(chooseAddresses({ shippingAddress: home, billingAddress: null, billingSameAsShipping: true }, true)).toMatchObject({
      errors: [],
      billing: normalizeAddress(home),
    });
  });

  it('reads a stored address back, and nothing from none', () => {
    expect(readAddress(JSON.stringify(home))).toEqual(home);
    expect(readAddress(null)).toBeNull();
  });
});
