/**
 * The visual library's own styles, shipped with the remote (deployed on its own). React 19 hoists
 * the <style> into the head once.
 *
 * Chart and collection images are lazy and charts are drawn 16:10 (640 x 400): the images keep that
 * space before they load, so a reader scrolling to the pagination does not see it jump away as the
 * rows above fill in (a click pressed on Page 2 was released elsewhere and lost).
 */
/**
 * The narrowest window with a margin beside the 960 px page wide enough for the left navigation
 * (10 rem): narrower desktop windows show the tabs alone (LeftNav).
 */
export const GUTTER_MIN_PX = 1280;

const CSS = `
[data-remote-root="visualLibrary"] .chart-list { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: 1.5rem; }
[data-remote-root="visualLibrary"] .chart-entry, [data-remote-root="visualLibrary"] .collection-card { border: 1px solid #ddd; padding: 1rem; font-family: Arial, sans-serif; font-size: .9rem; }
[data-remote-root="visualLibrary"] .collection-card { background: #f6efe6; }
[data-remote-root="visualLibrary"] .chart-title, [data-remote-root="visualLibrary"] .collection-title { font: 700 1.05rem Georgia, serif; margin: .25rem 0 .5rem; }
[data-remote-root="visualLibrary"] .chart-image, [data-remote-root="visualLibrary"] .collection-image { display: block; width: 100%; height: auto; aspect-ratio: auto 16 / 10; background: #fff; }
[data-remote-root="visualLibrary"] .chart-actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin: .5rem 0; }
[data-remote-root="visualLibrary"] .chart-badge, [data-remote-root="visualLibrary"] .collection-label { display: inline-block; font: 700 .7rem Arial, sans-serif; text-transform: uppercase; letter-spacing: .05em; color: #a6192e; }
[data-remote-root="visualLibrary"] .visual-library-tabs [role="tablist"], [data-remote-root="visualLibrary"] [role="tablist"] { display: flex; flex-wrap: wrap; gap: .25rem; }
[data-remote-root="visualLibrary"] [role="tab"] { background: none; border: 1px solid #ddd; padding: .35rem .75rem; cursor: pointer; font: inherit; }
[data-remote-root="visualLibrary"] [role="tab"][aria-selected="true"] { background: #a6192e; border-color: #a6192e; color: #fff; }
[data-remote-root="visualLibrary"] .left-nav-list { list-style: none; padding: 0; margin: 0; font-family: Arial, sans-serif; }
[data-remote-root="visualLibrary"] .left-nav-list a { display: block; padding: .3rem 0; }
[data-remote-root="visualLibrary"] .left-nav-list a[aria-current="page"] { font-weight: 700; }
[data-remote-root="visualLibrary"] .visual-library-left-nav[data-nav-layout="gutter"] { position: fixed; top: 6rem; left: max(1rem, calc(50vw - 480px - 10rem)); width: 9rem; z-index: 5; font-size: .85rem; }
@media (max-width: ${GUTTER_MIN_PX - 1}px) { [data-remote-root="visualLibrary"] .visual-library-left-nav[data-nav-layout="gutter"] { display: none; } }
[data-remote-root="visualLibrary"] .visual-library-left-nav[data-nav-layout="bar"] { position: sticky; bottom: 0; z-index: 11; margin: 1rem -1.5rem 0; padding: .25rem .5rem; background: #fff; border-top: 1px solid #ddd; font-size: .85rem; }
[data-remote-root="visualLibrary"] .left-nav-carousel .left-nav-list { display: flex; flex-wrap: nowrap; overflow-x: auto; white-space: nowrap; gap: 0 .9rem; }
[data-remote-root="visualLibrary"] .left-nav-carousel .left-nav-list a { padding: .35rem 0; }
[data-remote-root="visualLibrary"] .left-nav-carousel button { background: none; border: 1px solid #ddd; padding: .3rem .5rem; font: inherit; cursor: pointer; }
[data-remote-root="visualLibrary"] .visual-library-wall, [data-remote-root="visualLibrary"] .visual-library-offer { border: 1px solid #ddd; background: #f6efe6; padding: 1rem 1.25rem; margin: 1rem 0; font-family: Arial, sans-serif; }
`;

export function VisualLibraryStyles() {
  return (
    <style href="mfe-visual-library-styles" precedence="default">
      {CSS}
    </style>
  );
}
