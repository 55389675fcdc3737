/**
 * Is the reader in the US or Canada ("domestic", paywall §6)? The case-selection link shows only to
 * domestic users (site §6), and domestic checks are cached after the first lookup (site §4): the
 * country from GET /api/geolocation is kept in sessionStorage for the rest of the visit. A failed
 * lookup counts as not domestic and is not cached, so the next page asks again.
 */
import { useEffect, useState } from 'react';
import { api, isDomestic } from 'shared-contracts';

export const COUNTRY_CACHE_KEY = 'tmr:geo-country';

let pending: Promise<string | null> | null = null;

function cachedCountry(): string | null | undefined {
  try {
    const raw = sessionStorage.getItem(COUNTRY_CACHE_KEY);
    return raw === null ? undefined : raw === '' ? null : raw;
  } catch {
    return undefined;
  }
}

/** The reader's country code (null when unknown), looked up once per visit. */
export function lookUpCountry(): Promise<string | null> {
  const known = cachedCountry();
  if (known !== undefined) return Promise.resolve(known);
  pending ??= api
    .geolocation()
    .then(({ country }) => {
      try {
        sessionStorage.setItem(COUNTRY_CACHE_KEY, country ?? '');
      } catch {
        // storage disabled: look up again next page
      }
      return country;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** True once the lookup says US or Canada; false before and otherwise. */
export function useDomestic(enabled: boolean): boolean {
  const [country, setCountry] = useState<string | null | undefined>(() => cachedCountry());
  useEffect(() => {
    if (!enabled || country !== undefined) return;
    let live = true;
    void lookUpCountry().then((c) => {
      if (live) setCountry(c);
    });
    return () => {
      live = false;
    };
  }, [enabled, country]);
  return isDomestic(country);
}
