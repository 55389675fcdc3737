/**
 * The video remote's own styles, shipped with it (it is deployed on its own and cannot rely on the
 * shell's stylesheet). React 19 hoists the <style> into the head once.
 */
const CSS = `
[data-remote-root="video"] .video-stage { position: relative; background: #111; }
[data-remote-root="video"] .video-play-button { background: rgba(0,0,0,.25); color: #fff; border: 0; font-family: Arial, sans-serif; text-shadow: 0 1px 3px rgba(0,0,0,.8); }
[data-remote-root="video"] .video-play-button:hover, [data-remote-root="video"] .video-play-button:focus-visible { background: rgba(0,0,0,.45); outline: 3px solid #fff; outline-offset: -6px; }
[data-remote-root="video"] .video-actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-start; margin: 1rem 0; font-family: Arial, sans-serif; }
[data-remote-root="video"] .video-actions button, [data-remote-root="video"] .video-load-more { background: none; border: 1px solid #ddd; padding: .3rem .8rem; cursor: pointer; font: inherit; }
[data-remote-root="video"] .video-playlist { margin-top: 2rem; }
[data-remote-root="video"] .video-tiles { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1.25rem; }
[data-remote-root="video"] .video-tile { font-family: Arial, sans-serif; font-size: .9rem; }
[data-remote-root="video"] .video-tile[aria-current="true"] { outline: 2px solid #a6192e; outline-offset: 4px; }
[data-remote-root="video"] .video-tile-thumbnail { display: block; width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: cover; background: #ddd; }
[data-remote-root="video"] .video-tile-name { font-family: Georgia, serif; font-size: 1rem; margin: .5rem 0 .25rem; }
[data-remote-root="video"] .video-tile p { margin: 0 0 .25rem; color: #555; }
[data-remote-root="video"] .video-ad-slot { display: flex; align-items: center; justify-content: center; min-height: 8rem; border: 1px dashed #bbb; color: #777; font: .75rem Arial, sans-serif; text-transform: uppercase; letter-spacing: .1em; }
[data-remote-root="video"] .video-ad-slot::before { content: "Advertisement"; }
[data-remote-root="video"] .video-wall { position: absolute; left: 0; right: 0; bottom: 0; padding: 1rem 1.25rem; background: rgba(255,255,255,.94); font-family: Arial, sans-serif; }
`;

export function VideoStyles() {
  return (
    <style href="mfe-video-styles" precedence="default">
      {CSS}
    </style>
  );
}
