/**
 * The account page's own styles, in its chunk (no first view pays): sections as cards in a grid of
 * two columns from 768 px, one below (SITE-09's breakpoint is 767 px). React 19 hoists the <style> into the head once. The forms,
 * fields and buttons use the site's classes (.account-page form, .button-primary, .form-error).
 */
const CSS = `
.account-settings .account-intro { color: var(--muted); margin-top: 0; }
.account-settings .account-sections { display: grid; grid-template-columns: 1fr; gap: 1.25rem; margin-top: 1.5rem; }
.account-settings .account-section { border: 1px solid var(--line); padding: 1rem 1.25rem 1.25rem; min-width: 0; background: #fff; }
.account-settings .account-section h2 { margin: 0 0 .5rem; font-size: 1.25rem; }
.account-settings .account-section form { max-width: none; }
.account-settings .account-note { color: var(--muted); font-size: .9rem; }
.account-settings .form-actions { margin-top: 1rem; }
.account-settings .form-status { min-height: 0; margin: .5rem 0 0; color: #1d6b2f; }
.account-settings .form-status:empty { margin: 0; }
.account-settings .account-facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: .5rem 0; font-family: Arial, sans-serif; }
.account-settings .account-facts dt { font-weight: bold; }
.account-settings .account-facts dd { margin: 0; overflow-wrap: anywhere; }
.account-settings .account-newsletters { margin: .25rem 0 .75rem; padding-left: 1.25rem; }
.account-settings .account-orders { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
.account-settings .account-order + .account-order { border-top: 1px solid var(--line); padding-top: .75rem; }
.account-settings .account-order-number { margin: 0; font-weight: bold; font-family: Arial, sans-serif; }
.account-settings .account-order-title { margin: .25rem 0; color: var(--muted); }
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
