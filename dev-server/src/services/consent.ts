/**
 * EU consent (PAY-05: "A list of European countries is flagged as EU for consent"). A reader in
 * one of these countries is opted in to email only by their own tick on this site: the server never
 * fills a missing optIn from elsewhere for them (a print subscriber's record, which may carry an
 * opt-in given to the fulfilment system). The list is the 27 member states of the European Union
 * (ISO 3166-1 alpha-2; Greece is 'GR').
 */
export const EU_CONSENT_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

/** True for a country flagged as EU for consent (case-insensitive); false when unknown. */
export function isEuCountry(code: string | null | undefined): boolean {
  return typeof code === 'string' && (EU_CONSENT_COUNTRIES as readonly string[]).includes(code.trim().toUpperCase());
}

/**
 * The opt-in to store: the reader's own choice when they made one; otherwise false in the EU,
 * else `fallback` (what is known of them from elsewhere).
 */
export function consentedOptIn(choice: boolean | undefined, country: string | null | undefined, fallback: boolean): boolean {
  if (choice !== undefined) return choice;
  return isEuCountry(country) ? false : fallback;
}
