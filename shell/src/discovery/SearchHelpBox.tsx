/**
 * The 'subscriber-search' help box (PAY-04; SITE-02 help boxes): on /search, a subscriber sees
 * search tips once per browser. The box marks localStorage (helpBoxStorageKey) when it shows, so it
 * never shows again in this browser, dismissed or not.
 */
import { useEffect, useState } from 'react';
import { useUserStore } from 'shared-contracts';
import { DISCOVERY_MESSAGES, helpBoxStorageKey } from 'shared-contracts/discovery';

export const SUBSCRIBER_SEARCH_HELP_BOX = 'subscriber-search';

/** True the first time it is asked in this browser (and marks the box as shown); false after. */
export function claimHelpBox(type: string): boolean {
  const key = helpBoxStorageKey(type);
  try {
    if (localStorage.getItem(key) !== null) return false;
    localStorage.setItem(key, new Date().toISOString());
    return true;
  } catch {
    return false; // storage blocked: showing it on every visit would nag
  }
}

export function SearchHelpBox() {
  const status = useUserStore((s) => s.status);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (status === 'subscriber' && claimHelpBox(SUBSCRIBER_SEARCH_HELP_BOX)) setShown(true);
  }, [status]);
  if (!shown) return null;
  return (
    <aside className="help-box" aria-label="Search tips" data-help-box={SUBSCRIBER_SEARCH_HELP_BOX}>
      <p>{DISCOVERY_MESSAGES.subscriberSearchHelp}</p>
      <button type="button" className="button-link help-box-close" onClick={() => setShown(false)}>
        Dismiss tip
      </button>
    </aside>
  );
}
