/** The visitor's country (GET /api/geolocation), asked once per page; unknown on failure. */
import { useEffect, useState } from 'react';
import { api } from 'shared-contracts';

let country: Promise<string | null> | null = null;

export function visitorCountry(): Promise<string | null> {
  country ??= api.geolocation().then(
    (g) => g.country,
    () => null,
  );
  return country;
}

/** { ready: false } until the country is known (or known to be unknown). */
export function useVisitorCountry(): { ready: boolean; country: string | null } {
  const [state, setState] = useState<{ ready: boolean; country: string | null }>({ ready: false, country: null });
  useEffect(() => {
    let live = true;
    void visitorCountry().then((c) => live && setState({ ready: true, country: c }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Tests: forget the cached answer. */
export function resetVisitorCountry(): void {
  country = null;
}
