/**
 * Prices: the currency and how an amount is shown. Its own module, so that a page that shows a
 * price without selling (My Library's order entries, through `shared-contracts/library`) does not
 * load the store's contracts (`shared-contracts/commerce`) for one formatter.
 */

/** Currency of cart totals (SITE-09). */
export const CURRENCY = 'USD';

/** Prices are shown with this many decimals (PAY-09; SITE-09). */
export const PRICE_DECIMALS = 2;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: PRICE_DECIMALS,
  maximumFractionDigits: PRICE_DECIMALS,
});

/** Cart total in USD with two decimals: 1234.5 -> '$1,234.50' (SITE-09). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** Cents as USD with two decimals: 123450 -> '$1,234.50' (SITE-09). */
export function formatCents(cents: number): string {
  return formatUsd(cents / 100);
}
