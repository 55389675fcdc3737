/**
 * The library remote's own styles: the layout of its pages and flyouts on the design tokens and the
 * ds-* classes of the shell's page (shared-contracts/design: buttons, cards, tabs, pictures, fields;
 * the shell styles the flyout frame, .flyout). Scoped under [data-remote-root="library"]; React 19
 * hoists the <style> into the head once. Rendered by the pages (./App) and by the flyouts, never by
 * the first view of an article (./ItemActions) or a topic (./FollowTopic), which use ds-* classes only.
 */
const R = '[data-remote-root=library]';

const CSS = `
${R}[data-widget=item-actions]{position:relative}
@media (min-width:768px){${R}[data-widget=item-actions] .library-flyout{position:absolute;top:calc(var(--target) + var(--space-2));left:0;right:auto;z-index:20}}
${R} .library-flyout h2{font-family:var(--font-serif)}
${R} .share-item-title,${R} .share-list-folder{margin:0 0 var(--space-3);color:var(--muted);font-size:var(--step--1)}
${R} .library-flyout .ds-tabs{margin-bottom:var(--space-4)}
${R} .library-flyout .ds-tab{padding-inline:var(--space-3)}
${R} .share-network{width:100%}
${R} .share-preview{border-left:3px solid var(--line);padding-left:var(--space-3);font-size:var(--step--1)}
${R} .share-preview p{margin:0 0 var(--space-1)}
${R} .share-title{font-weight:700}
${R} .folder-choices{border:0;padding:0;margin:0}
${R} .folder-choices legend{font-weight:700;font-size:var(--step--1);padding:0}
${R} .folder-choices ul{list-style:none;margin:0;padding:0}
${R} .folder-choices label{display:flex;align-items:center;gap:var(--space-2);min-height:var(--target);font-weight:400}
${R} .folder-choices input[type=checkbox]{width:auto}
${R} .library-flyout .flyout-actions{margin-top:var(--space-3)}
${R} .library-flyout form{align-items:stretch}
${R} .library h1{margin-bottom:var(--space-5)}
${R} .visually-hidden-status{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
${R} .library-guest{max-width:36rem;padding:var(--space-6);border-top:3px solid var(--accent);gap:var(--space-3)}
${R} .library-guest .ds-card__title{font-size:var(--step-3)}
${R} .sign-in-prompt{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-2);font-family:var(--font-sans);margin:var(--space-2) 0 0}
${R} .sign-in-prompt :is(button,a){display:inline-flex;align-items:center;min-height:var(--target);padding:0 var(--space-4);border:1px solid var(--ink);border-radius:var(--radius-1);background:none;color:var(--ink);font:700 var(--step--1) var(--font-sans);text-decoration:none;cursor:pointer}
${R} .sign-in-prompt button{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
${R} .library-layout{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--space-5) var(--space-7);font-family:var(--font-sans)}
@media (min-width:1024px){${R} .library-layout{grid-template-columns:15rem minmax(0,1fr);align-items:start}}
${R} .folder-list ul{list-style:none;margin:0 0 var(--space-3);padding:0;border-top:3px solid var(--ink)}
${R} .folder-list li{display:flex;align-items:center;gap:var(--space-2);border-bottom:1px solid var(--line);padding-right:var(--space-2)}
${R} .folder-link{flex:1;display:flex;align-items:center;gap:var(--space-2);min-height:var(--target);padding:var(--space-2);color:var(--ink);text-decoration:none}
${R} .folder-link:hover{background:var(--surface)}
${R} .folder-link[aria-current=page]{font-weight:700;box-shadow:inset 3px 0 var(--accent);padding-left:var(--space-3)}
${R} .folder-count{margin-left:auto;color:var(--muted);font-size:var(--step--1);font-weight:400;white-space:nowrap}
${R} .gift-icon{color:var(--accent);flex:none}
${R} .new-folder{width:100%}
${R} :is(.folder-form,.confirm){margin:var(--space-4) 0;padding:var(--space-4);background:var(--surface);border-radius:var(--radius-2)}
${R} .folder-form .ds-field{margin:0 0 var(--space-2)}
${R} .folder-form :is(input,textarea){width:100%}
${R} .confirm p{margin:0 0 var(--space-3)}
${R} .confirm button{margin:0 var(--space-2) var(--space-2) 0}
${R} .folder-header h2{font-size:var(--step-3);margin:0 0 var(--space-2)}
${R} .folder-header p{margin:0 0 var(--space-2)}
${R} .folder-header .ds-button-row{margin:var(--space-3) 0}
${R} .ds-tab{white-space:nowrap}
${R} [role=tabpanel]:focus-visible{outline:2px solid var(--focus);outline-offset:4px}
${R} .list-toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-3);margin-bottom:var(--space-3)}
${R} :is(.select-all,.item-select-target){display:inline-flex;align-items:center;gap:var(--space-2);min-height:var(--target);min-width:var(--target);cursor:pointer}
${R} .bulk-bar{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-2)}
${R} .bulk-count{margin:0;font-weight:700}
${R} .library-items{list-style:none;margin:0;padding:0}
${R} .library-item{border-top:1px solid var(--line);padding:var(--space-5) 0}
${R} .library-card{flex-direction:row;align-items:flex-start;gap:var(--space-4);background:none}
${R} .library-card__picture{flex:none;width:6rem}
@media (min-width:768px){${R} .library-card__picture{width:14rem}}
${R} .library-card__body{flex:1;min-width:0;display:flex;flex-direction:column;gap:var(--space-2)}
${R} .item-eyebrow{margin:0;display:flex;flex-wrap:wrap;gap:var(--space-3);font:700 var(--step--2)/1.4 var(--font-sans);text-transform:uppercase;letter-spacing:.08em;color:var(--muted)}
${R} .item-summary{font-family:var(--font-serif)}
${R} .item-shared-with{margin:0;padding:0;list-style:none;font-size:var(--step--1);color:var(--muted)}
${R} .library-card .ds-button-row{margin-top:var(--space-2)}
${R} .load-more{display:flex;margin:var(--space-5) auto 0}
${R} .library-empty{padding:var(--space-6) var(--space-5);background:var(--surface);border-radius:var(--radius-2);text-align:center}
${R} .library-empty p{margin:0 0 var(--space-3)}
${R} .topic-header{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-3);margin-bottom:var(--space-3)}
${R} .topic-header h3{margin:0;flex:1}
${R} .topics-panel>.find-more{margin-top:var(--space-5)}
${R} .order-entry{font-size:var(--step--1)}
${R} .email-newsletters{font-family:var(--font-sans)}
${R} .newsletter-group h2{font:700 var(--step--1)/1.2 var(--font-sans);text-transform:uppercase;letter-spacing:.1em;border-top:3px solid var(--ink);padding-top:var(--space-2);margin:var(--space-7) 0 var(--space-4)}
${R} .newsletter-card{height:100%}
${R} .newsletter-card .ds-card__body{flex:1}
${R} .newsletter-card .ds-badge{align-self:flex-start}
${R} .newsletter-status:empty{margin:0}
${R} .shared-by{color:var(--muted)}
`;

export function LibraryStyles() {
  return (
    <style href="mfe-library-styles" precedence="default">
      {CSS}
    </style>
  );
}
