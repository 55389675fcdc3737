/** The address part of the checkout form (shipping or billing). */
import { useEffect, useState } from 'react';
import { loadStateProvinces } from '../../api/checkout';
import { COMMERCE_MESSAGES, SHIPPING_COUNTRIES, type Address } from 'shared-contracts/commerce';
import { Fieldset, Input, Select, type Errors } from './fields';

export const EMPTY_ADDRESS: Address = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postalCode: '',
  countryCode: 'US',
};

/** Countries whose state or province is chosen from a list. */
export const LISTED_STATE_COUNTRIES = ['US', 'CA'];

const stateLists = new Map<string, Promise<{ code: string; name: string }[]>>();

/** The states or provinces of a country (cached for the page's life); [] when it has no list. */
export function loadStates(countryCode: string): Promise<{ code: string; name: string }[]> {
  if (!LISTED_STATE_COUNTRIES.includes(countryCode)) return Promise.resolve([]);
  let p = stateLists.get(countryCode);
  if (!p) {
    p = loadStateProvinces(countryCode).then(
      (r) => r.states,
      (error: unknown) => {
        stateLists.delete(countryCode);
        throw error;
      },
    );
    stateLists.set(countryCode, p);
  }
  return p;
}

/** Test hook: forget the cached lists. */
export function clearStateLists(): void {
  stateLists.clear();
}

export function AddressFields({
  kind,
  value,
  onChange,
  errors,
  onPostalCodeBlur,
}: {
  kind: 'shippingAddress' | 'billingAddress';
  value: Address;
  onChange(next: Address): void;
  errors: Errors;
  onPostalCodeBlur?(): void;
}) {
  const [states, setStates] = useState<{ code: string; name: string }[]>([]);
  const listed = LISTED_STATE_COUNTRIES.includes(value.countryCode);
  useEffect(() => {
    let live = true;
    setStates([]);
    loadStates(value.countryCode).then(
      (s) => live && setStates(s),
      () => live && setStates([]),
    );
    return () => {
      live = false;
    };
  }, [value.countryCode]);

  const section = kind === 'shippingAddress' ? 'shipping' : 'billing';
  const err = (field: keyof Address) => errors[`${kind}.${field}`];
  const set = (field: keyof Address) => (v: string) => onChange({ ...value, [field]: v });
  return (
    <Fieldset legend={kind === 'shippingAddress' ? 'Shipping address' : 'Billing address'} className="address-fields">
      <Input
        label="First name"
        name={`${kind}.firstName`}
        value={value.firstName}
        onChange={set('firstName')}
        error={err('firstName')}
        autoComplete={`${section} given-name`}
      />
      <Input
        label="Last name"
        name={`${kind}.lastName`}
        value={value.lastName}
        onChange={set('lastName')}
        error={err('lastName')}
        autoComplete={`${section} family-name`}
      />
      <Input
        label="Address line 1"
        name={`${kind}.address1`}
        value={value.address1}
        onChange={set('address1')}
        error={err('address1')}
        autoComplete={`${section} address-line1`}
      />
      <Input
        label="Address line 2 (optional)"
        name={`${kind}.address2`}
        value={value.address2}
        onChange={set('address2')}
        error={err('address2')}
        autoComplete={`${section} address-line2`}
      />
      <Input label="City" name={`${kind}.city`} value={value.city} onChange={set('city')} error={err('city')} autoComplete={`${section} address-level2`} />
      <Select
        label="Country"
        name={`${kind}.countryCode`}
        value={value.countryCode}
        onChange={(c) => onChange({ ...value, countryCode: c, state: '' })}
        options={SHIPPING_COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
        error={err('countryCode')}
        autoComplete={`${section} country`}
      />
      {listed ? (
        <Select
          label="State/Province"
          name={`${kind}.state`}
          value={value.state}
          onChange={set('state')}
          options={states.map((s) => ({ value: s.code, label: s.name }))}
          placeholder={COMMERCE_MESSAGES.badState}
          error={err('state')}
          autoComplete={`${section} address-level1`}
        />
      ) : (
        <Input
          label="State/Province"
          name={`${kind}.state`}
          value={value.state}
          onChange={set('state')}
          error={err('state')}
          autoComplete={`${section} address-level1`}
        />
      )}
      <Input
        label="Postal code"
        name={`${kind}.postalCode`}
        value={value.postalCode}
        onChange={set('postalCode')}
        onBlur={onPostalCodeBlur}
        error={err('postalCode')}
        autoComplete={`${section} postal-code`}
      />
    </Fieldset>
  );
}
