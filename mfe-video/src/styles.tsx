/**
 * The video remote's own styles, shipped with it (it is deployed on its own and cannot rely on the
 * shell's stylesheet). React 19 hoists the <style> into the head once.
 */
const CSS = `
[data-remote-root="video"] .video-stage { position: relative; background: #111; }
[data-remote-root="video"] .video-play-button { position: absolute; inset: 0; width: 100%; height: 100%; padding: 0; cursor: pointer; background: transparent; color: #fff; border: 0; font: bold 1.1rem Arial, sans-serif; }
[data-remote-root="video"] .video-play-button:hover, [data-remote-root="video"] .video-play-button:focus-visible { background: rgba(0,0,0,.2); outline: 3px solid #fff; outline-offset: -6px; }
[data-remote-root="video"] .video-play-caption { position: absolute; left: 50%; top: 61%; transform: translateX(-50%); white-space: nowrap; background: rgba(0,0,0,.75); padding: .15rem .7rem; border-radius: 3px; line-height: 1.3; }
[data-remote-root="video"] .video-end-screen { position: absolute; inset: 0; display: flex; flex-direction: column; justify-content: center; align-items: center; gap: .6rem; padding: 1rem; overflow: auto; background: rgba(0,0,0,.85); color: #fff; text-align: center; font-family: Arial, sans-serif; }
[data-remote-root="video"] .video-end-screen p { margin: 0; }
[data-remote-root="video"] .video-end-screen a { color: #fff; }
[data-remote-root="video"] .video-end-screen-label { font-size: .8rem; text-transform: uppercase; letter-spacing: .08em; }
[data-remote-root="video"] .video-end-screen-next { font: bold 1.25rem Georgia, serif; }
[data-remote-root="video"] .video-end-screen-countdown { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: center; }
[data-remote-root="video"] .video-end-screen-countdown button { background: #fff; color: #111; border: 0; border-radius: 3px; padding: .3rem .9rem; font: inherit; cursor: pointer; }
[data-remote-root="video"] .video-end-screen-countdown button:focus-visible, [data-remote-root="video"] .video-end-screen a:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
@media (max-width: 600px) {
  [data-remote-root="video"] .video-play-button { font-size: .85rem; }
  [data-remote-root="video"] .video-end-screen { gap: .3rem; padding: .5rem; font-size: .85rem; justify-content: safe center; }
  [data-remote-root="video"] .video-end-screen-next { font-size: 1rem; }
  [data-remote-root="video"] .video-end-screen-countdown button { padding: .2rem .7rem; }
}
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
