/**
 * Where a page may show a help box (helpBoxes.ts): mounted by the header's user menu (members, on
 * every page, loaded at the reader's first move there) and by the home page (guests). It decides from the address and the reader whether a
 * box may show and has not shown in this browser yet, and only then, at the reader's first scroll,
 * press or key on the page, loads the box: most page views load nothing. The box shares the flyouts' chunk (`flyout-host`; its 'Why we ask' opens one): a
 * chunk of its own would add its name and hash to the shell's main script, on every first view.
 */
import { useMemo } from 'react';
import { useUserStore } from 'shared-contracts';
import { useLocation } from 'shared-contracts/router';
import { helpBoxFor, helpBoxShown } from './helpBoxes';
import { withSheet } from '../sheets';
import { useReaderMoved } from './readerMoved';

const HelpBoxHost = withSheet<{ type: Exclude<ReturnType<typeof helpBoxFor>, null> }>(
  () => import(/* webpackChunkName: "flyout-host" */ './HelpBoxHost').then((m) => m.HelpBoxHost),
  'help-box',
);

/** `moved`: the reader has already scrolled, pressed or typed on this page (the member's slot loads then). */
export function HelpBoxSlot({ audience, moved: movedBefore = false }: { audience: 'guest' | 'member'; moved?: boolean }) {
  const { pathname } = useLocation();
  const status = useUserStore((s) => s.status);
  const user = useUserStore((s) => s.user);
  const type = (audience === 'guest') === (status === 'guest') ? helpBoxFor(pathname, status, user) : null;
  // Decided once per page and type: the box marks itself as shown when it shows, and must stay.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- pathname: a new page decides again
  const show = useMemo(() => type !== null && !helpBoxShown(type), [pathname, type]);
  const moved = useReaderMoved(show && !movedBefore) || movedBefore;
  if (!type || !show || !moved) return null;
  return <HelpBoxHost key={type} type={type} fallback={null} />;
}
