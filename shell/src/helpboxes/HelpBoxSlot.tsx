/**
 * Where a page may show a help box (helpBoxes.ts): mounted by the header's user menu (members, on
 * every page) and by the home page (guests). It decides from the address and the reader whether a
 * box may show and has not shown in this browser yet, and only then, at the reader's first scroll,
 * press or key on the page, loads the box: most page views load nothing. The box shares the flyouts' chunk (`flyout-host`; its 'Why we ask' opens one): a
 * chunk of its own would add its name and hash to the shell's main script, on every first view.
 */
import { useEffect, useMemo, useState } from 'react';
import { useUserStore } from 'shared-contracts';
import { useLocation } from 'shared-contracts/router';
import { helpBoxFor, helpBoxShown } from './helpBoxes';
import { withSheet } from '../sheets';

const HelpBoxHost = withSheet<{ type: Exclude<ReturnType<typeof helpBoxFor>, null> }>(
  () => import(/* webpackChunkName: "flyout-host" */ './HelpBoxHost').then((m) => m.HelpBoxHost),
  'help-box',
);

/** What the reader does first on a page: a box waits for it. */
const FIRST_MOVES = ['scroll', 'pointerdown', 'keydown', 'touchstart'];

/**
 * Whether the reader has scrolled, pressed or typed on this page: a tip that opened with the page
 * would cover its heading on a phone before the reader saw it (and be painted as the page's largest
 * text, its LCP).
 */
function useReaderMoved(wanted: boolean): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (!wanted || moved) return;
    const move = () => setMoved(true);
    for (const t of FIRST_MOVES) addEventListener(t, move, { capture: true, passive: true, once: true });
    return () => {
      for (const t of FIRST_MOVES) removeEventListener(t, move, true);
    };
  }, [wanted, moved]);
  return moved;
}

export function HelpBoxSlot({ audience }: { audience: 'guest' | 'member' }) {
  const { pathname } = useLocation();
  const status = useUserStore((s) => s.status);
  const user = useUserStore((s) => s.user);
  const type = (audience === 'guest') === (status === 'guest') ? helpBoxFor(pathname, status, user) : null;
  // Decided once per page and type: the box marks itself as shown when it shows, and must stay.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- pathname: a new page decides again
  const show = useMemo(() => type !== null && !helpBoxShown(type), [pathname, type]);
  const moved = useReaderMoved(show);
  if (!type || !show || !moved) return null;
  return <HelpBoxHost key={type} type={type} fallback={null} />;
}
