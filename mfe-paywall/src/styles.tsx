/**
 * The paywall's own styles, shipped with the remote (it is deployed on its own, so it cannot rely on
 * the shell's stylesheet for its panels and overlays). React 19 hoists the <style> into the head
 * once, whatever the number of gates. Form fields use the shared classes of shared-contracts'
 * TextField (field, form-error, password-input), which the shell styles site-wide.
 */
const CSS = `
[data-remote-root="paywall"] .gate-notice:empty { margin: 0; }
[data-remote-root="paywall"] .gate-notice { font-family: Arial, sans-serif; font-size: .9rem; color: #555; }
[data-remote-root="paywall"] .promo { margin: 1.5rem 0; padding: 1rem 1.25rem; border-top: 3px solid #a6192e; background: #f6f3ef; font-family: Arial, sans-serif; }
[data-remote-root="paywall"] .paywall-panel,
[data-remote-root="paywall"] .subscription-wall,
[data-remote-root="paywall"] .subscriber-panel { margin: 1.5rem 0; padding: 1.5rem; border: 1px solid #ddd; box-shadow: 0 -2rem 2rem -1rem rgba(255,255,255,.9); font-family: Arial, sans-serif; max-width: 34rem; }
[data-remote-root="paywall"] .paywall-panel input:not([type="checkbox"]) { width: 100%; padding: .5rem; font-size: 1rem; }
[data-remote-root="paywall"] .paywall-panel label { display: block; margin-top: .75rem; font-weight: bold; }
[data-remote-root="paywall"] .paywall-panel .opt-in label { font-weight: normal; }
[data-remote-root="paywall"] .paywall-panel input[aria-invalid="true"] { border: 2px solid #a6192e; }
[data-remote-root="paywall"] .paywall-panel h2:focus, [data-remote-root="paywall"] .reading-list-overlay h3:focus { outline: 2px dashed #a6192e; }
[data-remote-root="paywall"] .customer-service ul { list-style: none; padding: 0; margin: .25rem 0; }
[data-remote-root="paywall"] .button-secondary { display: inline-block; border: 1px solid currentColor; background: none; padding: .5rem 1rem; font: inherit; cursor: pointer; color: inherit; text-decoration: none; }
[data-remote-root="paywall"] .reading-list, [data-remote-root="paywall"] .gift { margin: 1rem 0; position: relative; }
[data-remote-root="paywall"] .overlay-backdrop { position: fixed; inset: 0; background: rgba(0,0,0,.5); display: flex; align-items: center; justify-content: center; z-index: 30; }
[data-remote-root="paywall"] .reading-list-overlay { background: #fff; padding: 1.5rem 2rem; width: min(34rem, 94vw); max-height: 90vh; overflow: auto; font-family: Arial, sans-serif; }
[data-remote-root="paywall"] .reading-list-overlay h2 { font-size: .9rem; letter-spacing: .1em; margin-top: 0; }
[data-remote-root="paywall"] .reading-list-items { list-style: none; padding: 0; }
[data-remote-root="paywall"] .reading-list-items .number { font-weight: bold; color: #a6192e; margin-right: .5rem; }
[data-remote-root="paywall"] .gift-flyout { position: absolute; z-index: 15; top: 100%; left: 0; width: min(24rem, 92vw); background: #fff; border: 1px solid #ddd; box-shadow: 0 4px 16px rgba(0,0,0,.2); padding: 1rem 1.25rem; font-family: Arial, sans-serif; }
[data-remote-root="paywall"] .gift-flyout h2 { font-size: 1.1rem; margin-top: 0; }
[data-remote-root="paywall"] .gift-link input { width: 100%; padding: .4rem; }
`;

export function PaywallStyles() {
  return (
    <style href="mfe-paywall-styles" precedence="default">
      {CSS}
    </style>
  );
}
