/**
 * Checkout addresses: how a cart stores them (JSON), what makes one valid (required fields, length,
 * a country the store ships to, a listed state or province, US and Canadian postal codes) and how
 * one is normalized before it is saved.
 */
import { type Address, type AddressRequest, AddressSchema, COMMERCE_MESSAGES } from 'shared-contracts/server';
import type { FieldError } from './errors';
import { isShippingCountry, regionsOf } from './pricing';

const US_POSTAL = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;
const ADDRESS_LIMIT = 100;

const REQUIRED_FIELDS: readonly [keyof Address, string][] = [
  ['firstName', 'a first name'],
  ['lastName', 'a last name'],
  ['address1', 'an address'],
  ['city', 'a city'],
  ['postalCode', 'a postal code'],
  ['countryCode', 'a country'],
];

/** A stored address, or null when there is none (or it no longer parses). */
export function readAddress(json: string | null): Address | null {
  if (json === null) return null;
  const parsed = AddressSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** The problems of an address, fields prefixed (e.g. 'shippingAddress.postalCode'). */
export function addressErrors(address: Address, prefix: string): FieldError[] {
  const errors: FieldError[] = [];
  const at = (field: keyof Address) => `${prefix}.${field}`;
  for (const [field, label] of REQUIRED_FIELDS) {
    if (address[field].trim() === '') errors.push({ field: at(field), errorMessage: COMMERCE_MESSAGES.required(label) });
  }
  for (const field of Object.keys(address) as (keyof Address)[]) {
    if (address[field].length > ADDRESS_LIMIT) errors.push({ field: at(field), errorMessage: COMMERCE_MESSAGES.required(field) });
  }
  const country = address.countryCode.trim().toUpperCase();
  if (country !== '' && !isShippingCountry(country)) {
    errors.push({ field: at('countryCode'), errorMessage: COMMERCE_MESSAGES.badCountry });
    return errors;
  }
  const regions = regionsOf(country);
  if (regions && regions.length > 0 && !regions.some((r) => r.code === address.state.trim().toUpperCase())) {
    errors.push({ field: at('state'), errorMessage: COMMERCE_MESSAGES.badState });
  }
  const postal = address.postalCode.trim();
  if (postal !== '') {
    if ((country === 'US' && !US_POSTAL.test(postal)) || (country === 'CA' && !CA_POSTAL.test(postal))) {
      errors.push({ field: at('postalCode'), errorMessage: COMMERCE_MESSAGES.badPostalCode });
    }
  }
  return errors;
}

/** Trimmed, country and US/CA state in upper case. */
export function normalizeAddress(a: Address): Address {
  const countryCode = a.countryCode.trim().toUpperCase();
  const listed = (regionsOf(countryCode) ?? []).length > 0;
  return {
    firstName: a.firstName.trim(),
    lastName: a.lastName.trim(),
    address1: a.address1.trim(),
    address2: a.address2.trim(),
    city: a.city.trim(),
    state: listed ? a.state.trim().toUpperCase() : a.state.trim(),
    postalCode: countryCode === 'CA' ? a.postalCode.trim().toUpperCase() : a.postalCode.trim(),
    countryCode,
  };
}

export interface AddressChoice {
  shipping: Address | null;
  billing: Address | null;
  errors: FieldError[];
}

/** The addresses of a request, validated (nothing is saved here). */
export function chooseAddresses(
  req: Pick<AddressRequest, 'shippingAddress' | 'billingAddress' | 'billingSameAsShipping'>,
  needsShipping: boolean,
): AddressChoice {
  const errors: FieldError[] = [];
  const shipping = req.shippingAddress ? normalizeAddress(req.shippingAddress) : null;
  if (req.shippingAddress) errors.push(...addressErrors(req.shippingAddress, 'shippingAddress'));
  else if (needsShipping) errors.push({ field: 'shippingAddress', errorMessage: COMMERCE_MESSAGES.needsAddress });
  let billing: Address | null;
  if (req.billingSameAsShipping && shipping) {
    billing = shipping;
  } else if (req.billingAddress) {
    billing = normalizeAddress(req.billingAddress);
    errors.push(...addressErrors(req.billingAddress, 'billingAddress'));
  } else {
    billing = null;
    errors.push({ field: 'billingAddress', errorMessage: COMMERCE_MESSAGES.required('a billing address') });
  }
  return { shipping, billing, errors };
}
