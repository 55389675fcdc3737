/**
 * The library remote's own styles, shipped with it (deployed on its own, it relies on the shell's
 * stylesheet only for the site-wide classes: flyout, field, form-error, button-primary). Its rules
 * are scoped under its [data-remote-root="library"], so they touch nothing else.
 * React 19 hoists the <style> into the head once. Rendered by the flyouts, so no first view pays.
 */
const CSS = `
[data-remote-root="library"] .library-flyout .folder-choices input[type="checkbox"] { width: auto; }
`;

export function LibraryStyles() {
  return (
    <style href="mfe-library-styles" precedence="default">
      {CSS}
    </style>
  );
}
