/**
 * The visitor's country, from GET /api/geolocation, for every part: the registration opt-in
 * (PAY-05) and the domestic checks (PAY-06; SITE-06 case-selection link). Domestic checks
 * are cached after the first lookup (SITE-04): the answer is kept in sessionStorage for the visit.
 * A failed lookup counts as unknown and is not cached, so the next page asks again.
 */
import { useEffect, useState } from 'react';
import { api, useHydrating } from 'shared-contracts';
import { isDomestic } from 'shared-contracts/contracts';

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

/** The visitor's country code (null when unknown), looked up once per visit. */
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

/**
 * { ready: false } until the country is known (or known to be unknown). The visit's cached answer
 * is read after hydration, not during render: the server rendered without it, and so does the
 * browser's first render (decision 032).
 */
export function useVisitorCountry(enabled = true): { ready: boolean; country: string | null } {
  const hydrating = useHydrating();
  const [state, setState] = useState<{ ready: boolean; country: string | null }>(() => {
    const known = hydrating ? undefined : cachedCountry();
    return known === undefined ? { ready: false, country: null } : { ready: true, country: known };
  });
  useEffect(() => {
    if (state.ready) return;
    const known = cachedCountry();
    if (known !== undefined) {
      setState({ ready: true, country: known });
      return;
    }
    if (!enabled) return;
    let live = true;
    void lookUpCountry().then((country) => live && setState({ ready: true, country }));
    return () => {
      live = false;
    };
  }, [enabled, state.ready]);
  return state;
}

/** True once the lookup says US or Canada; false before and otherwise. */
export function useDomestic(enabled: boolean): boolean {
  return isDomestic(useVisitorCountry(enabled).country);
}

/** Tests: forget the cached and pending answers. */
export function resetVisitorCountry(): void {
  pending = null;
  try {
    sessionStorage.removeItem(COUNTRY_CACHE_KEY);
  } catch {
    // no storage
  }
}
