/**
 * The paywall's first-view styles, on the design tokens and the ds-* classes the shell's page
 * carries (shared-contracts/design): the meter notice, the promo and the invitation. Scoped under [data-remote-root="paywall"];
 * React 19 hoists the <style> into the head once. Every byte here is on an article's first view: the
 * walls (WallStyles.tsx), the panel, the offers, the reading-list overlay and the gift flyout carry
 * their own rules in their chunks.
 */
const CSS = `
[data-remote-root=paywall] .gate-notice:not(:empty),[data-remote-root=paywall] .promo,[data-remote-root=paywall] .register-invite{font:var(--step--1)/1.5 var(--font-sans);border-left:3px solid var(--accent);background:var(--surface);padding:var(--space-3) var(--space-4)}
[data-remote-root=paywall] .promo{margin:var(--space-6) 0}
[data-remote-root=paywall] .register-invite p{margin:0}
[data-remote-root=paywall] .gate-notice:empty{margin:0}
[data-remote-root=paywall] .register-invite{display:flex;flex-wrap:wrap;gap:var(--space-3);align-items:center;justify-content:space-between}
`;

export function PaywallStyles() {
  return (
    <style href="mfe-paywall-styles" precedence="default">
      {CSS}
    </style>
  );
}
