/**
 * The address as the review step and the order page show it. Both are loaded when first shown, so it
 * is not in cart/CartParts.tsx, which is in the first chunk.
 */
import { SHIPPING_COUNTRIES, type Address } from 'shared-contracts/commerce';

function countryName(code: string): string {
  return SHIPPING_COUNTRIES.find((c) => c.code === code)?.name ?? code;
}

/** An address as lines of text. */
export function AddressBlock({ address }: { address: Address }) {
  return (
    <address className="address-block">
      {`${address.firstName} ${address.lastName}`}
      <br />
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {[address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      <br />
      {countryName(address.countryCode)}
    </address>
  );
}
