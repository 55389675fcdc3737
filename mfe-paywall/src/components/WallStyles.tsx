/**
 * The walls' rules, shared by the walls' chunk and the paywall panel's (each a lazy chunk, off an
 * article's first view): the offer panel (.wall) and the fade over the lead a walled reader sees.
 */
const CSS = `
[data-remote-root=paywall] .lead:has(~[data-gate-state$=wall],~[data-gate-state$=panel]){mask-image:linear-gradient(black 30%,transparent);max-height:12rem;overflow:hidden}
[data-remote-root=paywall] .wall{margin:var(--space-5) 0;padding:var(--space-6) var(--gutter);border-top:3px solid var(--accent);background:var(--surface);font-family:var(--font-sans);text-align:center}
[data-remote-root=paywall] .wall h2{font:700 var(--step-3)/var(--leading-tight) var(--font-serif);margin:0 0 var(--space-2)}
`;

export function WallStyles() {
  return (
    <style href="mfe-paywall-walls" precedence="default">
      {CSS}
    </style>
  );
}
