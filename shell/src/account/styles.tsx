/**
 * The account page's own styles, in its chunk (no first view pays), on the design tokens: sections as
 * cards in a grid of two columns from 768 px, one below (SITE-09's breakpoint is 767 px). React 19 hoists the <style> into the head once. The forms,
 * fields and buttons use the site's classes (.account-page form, .button-primary, .form-error).
 */
const CSS = `
.account-settings .account-intro { color: var(--muted); margin-top: 0; font-size: var(--step-1); }
.account-settings .account-sections { display: grid; grid-template-columns: 1fr; gap: var(--space-5); margin-top: var(--space-5); }
.account-settings .account-section { min-width: 0; padding: var(--space-4) var(--space-5) var(--space-5); border: 1px solid var(--line); border-radius: var(--radius-2); background: var(--raised); box-shadow: var(--shadow-1); }
.account-settings .account-section h2 { margin: 0 0 var(--space-2); padding-bottom: var(--space-2); border-bottom: 1px solid var(--line); font-size: var(--step-2); }
.account-settings .account-section form { max-width: none; font-family: var(--font-sans); }
.account-settings .account-section select, .account-settings .account-section input:not([type='checkbox']) { width: 100%; }
.account-settings .account-note { color: var(--muted); font-size: var(--step--1); font-family: var(--font-sans); }
.account-settings .form-actions { margin-top: var(--space-4); }
.account-settings .form-status { min-height: 0; margin: var(--space-3) 0 0; }
.account-settings .form-status:empty { margin: 0; padding: 0; background: none; }
.account-settings .account-facts { display: grid; grid-template-columns: max-content 1fr; gap: var(--space-2) var(--space-4); margin: var(--space-2) 0; font-family: var(--font-sans); }
.account-settings .account-facts dt { font-weight: 700; }
.account-settings .account-facts dd { margin: 0; overflow-wrap: anywhere; }
.account-settings .account-newsletters { margin: var(--space-1) 0 var(--space-3); padding-left: var(--space-5); }
.account-settings .account-orders { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-3); }
.account-settings .account-order + .account-order { border-top: 1px solid var(--line); padding-top: var(--space-3); }
.account-settings .account-order-number { margin: 0; font: 700 var(--step-0) var(--font-sans); }
.account-settings .account-order-title { margin: var(--space-1) 0; color: var(--muted); }
@media (min-width: 768px) {
  .account-settings .account-sections { grid-template-columns: 1fr 1fr; align-items: start; }
}
`;

export function AccountStyles() {
  return (
    <style href="shell-account-styles" precedence="default">
      {CSS}
    </style>
  );
}
