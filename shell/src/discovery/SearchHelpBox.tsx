/**
 * The 'subscriber-search' help box (PAY-04; SITE-02 help boxes): on /search, a subscriber sees
 * search tips once per browser. The box marks localStorage (helpBoxStorageKey) when it shows, so it
 * never shows again in this browser, dismissed or not. It sits in the page's flow, above the
 * results, and closes like every help box (helpboxes/HelpBox.tsx): 'Dismiss tip', Escape or a
 * click outside it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useUserStore } from 'shared-contracts';
import { DISCOVERY_MESSAGES } from 'shared-contracts/discovery';
import { HelpBox } from '../helpboxes/HelpBox';
import { claimHelpBox } from '../helpboxes/helpBoxes';

export const SUBSCRIBER_SEARCH_HELP_BOX = 'subscriber-search';

export function SearchHelpBox() {
  const status = useUserStore((s) => s.status);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (status === 'subscriber' && claimHelpBox(SUBSCRIBER_SEARCH_HELP_BOX)) setShown(true);
  }, [status]);
  const close = useCallback(() => setShown(false), []);
  if (!shown) return null;
  return (
    <HelpBox type={SUBSCRIBER_SEARCH_HELP_BOX} title="Search tips" onClose={close}>
      <p>{DISCOVERY_MESSAGES.subscriberSearchHelp}</p>
    </HelpBox>
  );
}
