/**
 * The video remote's own styles: the layout of its pages on the design system (decision 035). The
 * shell's page carries the tokens and the ds-* classes (cards, grid, buttons, badges, tags), the
 * embed page's too; what is left here is the player and the tiles' arrangement (the end screen's
 * styles come with its code, components/EndScreen.tsx). The player is dark
 * in both colour schemes (a video's frame), so it alone names colours: black, white and their tints.
 * React 19 hoists the <style> into the head once.
 */
const CSS = `
[data-remote-root="video"] .video-stage { position: relative; background: black; }
[data-remote-root="video"] .video-poster { position: absolute; inset: 0; }
[data-remote-root="video"] .video-poster img { height: 100%; }
[data-remote-root="video"] .video-play-button { position: absolute; inset: 0; width: 100%; height: 100%; padding: 0; cursor: pointer; background: transparent; color: white; border: 0; font: 700 var(--step-1) var(--font-sans); }
[data-remote-root="video"] .video-play-button:is(:hover, :focus-visible) { background: rgb(0 0 0 / .2); outline: 3px solid white; outline-offset: -6px; }
[data-remote-root="video"] .video-play-caption { position: absolute; left: 50%; top: 61%; transform: translateX(-50%); white-space: nowrap; background: rgb(0 0 0 / .8); padding: .15rem .9rem; border-radius: var(--radius-pill); line-height: 1.3; }
[data-remote-root="video"] .video-wall { padding: var(--space-2) var(--space-5); background: var(--surface); border-top: 3px solid var(--accent); font-family: var(--font-sans); }
[data-remote-root="video"] .video-extras { max-width: var(--measure); }
[data-remote-root="video"] .video-description { font-size: var(--step-1); line-height: var(--leading-reading); }
[data-remote-root="video"] .video-actions { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: flex-start; margin: var(--space-5) 0; }
[data-remote-root="video"] .video-tiles { margin-bottom: var(--space-6); }
[data-remote-root="video"] .video-tile { background: none; }
[data-remote-root="video"] .video-tile-poster { position: relative; }
[data-remote-root="video"] .video-tile-poster img { aspect-ratio: 16 / 9; }
[data-remote-root="video"] .video-tile[aria-current] .video-tile-poster { outline: 3px solid var(--accent); outline-offset: 3px; }
[data-remote-root="video"] .video-tile-duration { position: absolute; right: var(--space-2); bottom: var(--space-2); margin: 0; }
[data-remote-root="video"] .video-tile-duration::before { content: "▶ "; }
[data-remote-root="video"] .video-tile-name a::after { content: ""; position: absolute; inset: 0; }
[data-remote-root="video"] .video-item-actions { position: relative; z-index: 1; }
[data-remote-root="video"] .video-ad-slot { display: flex; align-items: center; justify-content: center; min-height: 8rem; border: 1px dashed var(--line-strong); color: var(--muted); font: var(--step--2) var(--font-sans); text-transform: uppercase; letter-spacing: .1em; }
[data-remote-root="video"] .video-ad-slot::before { content: "Advertisement"; }
[data-remote-root="video"] .video-embed { position: relative; width: max-content; }
[data-remote-root="video"] .video-embed-title { position: absolute; z-index: 1; inset: 0 0 auto; margin: 0; padding: var(--space-2) var(--space-3) var(--space-5); font-size: var(--step-0); color: white; background: linear-gradient(rgb(0 0 0 / .75), transparent); pointer-events: none; }
[data-remote-root="video"] .video-embed .video-wall { position: absolute; inset: auto 0 0; }
@media (max-width: 767px) {
  [data-remote-root="video"] .video-play-button { font-size: var(--step--1); }
  [data-remote-root="video"] .video-tile { display: grid; grid-template-columns: 40% 1fr; gap: var(--space-1) var(--space-3); align-content: start; }
  [data-remote-root="video"] .video-tile-poster { grid-row: span 3; align-self: start; }
  [data-remote-root="video"] .video-tile-name { font-size: var(--step-0); }
}
`;

export function VideoStyles() {
  return (
    <style href="mfe-video-styles" precedence="default">
      {CSS}
    </style>
  );
}
