/**
 * The visual library's own styles, shipped with the remote (deployed on its own). React 19 hoists
 * the <style> into the head once.
 *
 * On the design system (decision 035): the shell's page carries the tokens and the ds-* classes
 * (cards, grid, tabs, buttons, tags); what is left here is the feed's arrangement and the left
 * navigation. Chart images carry their drawn size (640 x 400) and collection pictures theirs, so
 * they keep their box before they load: a reader scrolling to the pagination does not see it jump
 * away as the rows above fill in (a click pressed on Page 2 was released elsewhere and lost).
 */
/**
 * The library's column is 960 px (centred in the page), leaving the margin for the left navigation.
 * The narrowest window with a margin beside the 960 px column wide enough for the left navigation
 * (10 rem): narrower desktop windows show the tabs alone (LeftNav).
 */
export const GUTTER_MIN_PX = 1280;

const CSS = `
[data-remote-root="visualLibrary"] .visual-library-content { max-width: 960px; margin: 0 auto; }
[data-remote-root="visualLibrary"] .visual-library-offer { margin: var(--space-4) 0 var(--space-5); padding: 1px var(--space-4); background: var(--surface); border-left: 3px solid var(--accent); font-family: var(--font-sans); }
[data-remote-root="visualLibrary"] .ds-card > article { display: flex; flex-direction: column; gap: var(--space-2); height: 100%; }
[data-remote-root="visualLibrary"] .ds-card p { margin: 0; }
[data-remote-root="visualLibrary"] .chart-entry { background: none; }
[data-remote-root="visualLibrary"] .chart-image { width: 100%; border: 1px solid var(--line); background: var(--surface-2); }
[data-remote-root="visualLibrary"] .chart-actions { margin-top: auto; }
[data-remote-root="visualLibrary"] .collection-card { background: var(--surface); }
[data-remote-root="visualLibrary"] .left-nav-list { list-style: none; padding: 0; margin: 0; font-family: var(--font-sans); }
[data-remote-root="visualLibrary"] .left-nav-list a { display: block; padding: var(--space-1) 0; color: var(--ink); text-decoration: none; }
[data-remote-root="visualLibrary"] .left-nav-list a[aria-current="page"] { font-weight: 700; color: var(--accent); }
[data-remote-root="visualLibrary"] .visual-library-left-nav[data-nav-layout="gutter"] { position: fixed; top: 6rem; left: max(1rem, calc(50vw - 480px - 10rem)); width: 9rem; z-index: 5; padding-left: var(--space-3); border-left: 1px solid var(--line); font-size: var(--step--1); }
@media (max-width: ${GUTTER_MIN_PX - 1}px) { [data-remote-root="visualLibrary"] .visual-library-left-nav[data-nav-layout="gutter"] { display: none; } }
[data-remote-root="visualLibrary"] .visual-library-left-nav[data-nav-layout="bar"] { position: sticky; bottom: 0; z-index: 11; margin: var(--space-4) calc(-1 * var(--gutter)) 0; padding: var(--space-1) var(--space-2); background: var(--raised); border-top: 1px solid var(--line); font-size: var(--step--1); }
[data-remote-root="visualLibrary"] .left-nav-carousel .left-nav-list { display: flex; flex-wrap: nowrap; overflow-x: auto; white-space: nowrap; gap: 0 var(--space-4); }
[data-remote-root="visualLibrary"] .left-nav-carousel .left-nav-list a { display: flex; align-items: center; min-height: var(--target); }
[data-remote-root="visualLibrary"] .left-nav-carousel button { min-height: var(--target); padding: 0 var(--space-3); background: none; border: 1px solid var(--line-strong); color: var(--ink); }
[data-remote-root="visualLibrary"] .visual-library-wall { margin: var(--space-5) 0; padding: var(--space-5); background: var(--surface); border-top: 3px solid var(--accent); font-family: var(--font-sans); }
`;

export function VisualLibraryStyles() {
  return (
    <style href="mfe-visual-library-styles" precedence="default">
      {CSS}
    </style>
  );
}
