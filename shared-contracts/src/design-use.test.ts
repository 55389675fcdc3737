/**
 * The shell and the remotes draw their buttons, button-looking links, cards, tags, prices and badges
 * with the design system's components of the core (design.tsx: Button, ButtonLink, Card, Tag,
 * Price, Badge; decision 035), so a remote built by another team looks like the same site: no part
 * writes those components' classes (`ds-button`, `ds-button--ghost`, `ds-card`, `ds-card--boxed`,
 * `ds-tag`, `ds-price`, `ds-badge`, ...) in a className of its own. A card's parts (`ds-card__title`),
 * the button row (`ds-button-row`) and the parts' style sheets are not components and may.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';

const ROOT = path.resolve(__dirname, '../..');

const PARTS = ['shell', ...fs.readdirSync(ROOT).filter((d) => d.startsWith('mfe-'))];

/** A component's own class: the block or one of its modifiers (not an element such as ds-card__title). */
const COMPONENT_CLASS = /^ds-(button|card|tag|price|badge)(--[a-z]+)?$/;

/**
 * Where a part still writes a component's class, and why.
 * - StreamEntryCard: the shell's first-view code (home) writes the classes itself (decision 035); the
 *   components would not save its page a byte and the core's components already cost the article.
 * - The search form's submit: `button-primary ds-button`, a class list no Button draws (no variant).
 */
const ALLOWED: Record<string, string[]> = {
  'shell/src/discovery/StreamEntryCard.tsx': ['ds-button', 'ds-button--primary', 'ds-button--secondary', 'ds-card', 'ds-price', 'ds-badge'],
  'shell/src/pages/SearchPage.tsx': ['ds-button'],
};

/** The component classes a file writes in its classNames (string literals and template literals). */
function componentClasses(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)) {
    for (const token of (m[1] ?? m[2] ?? '').split(/[\s'"`{}$?:]+/)) if (COMPONENT_CLASS.test(token)) found.add(token);
  }
  return [...found].sort();
}

describe('the parts draw the design system with its components', () => {
  const files = PARTS.flatMap((p) => sourceFiles(path.join(ROOT, p, 'src'), /^(?!.*\.test\.tsx$).*\.tsx$/));

  it('finds the parts', () => {
    expect(PARTS).toEqual(expect.arrayContaining(['shell', 'mfe-paywall', 'mfe-library', 'mfe-store', 'mfe-video', 'mfe-visual-library']));
    expect(files.length).toBeGreaterThan(100);
  });

  it('no part writes a component class in a className, but where allowed', () => {
    const written = Object.fromEntries(
      files
        .map((f) => [path.relative(ROOT, f).split(path.sep).join('/'), componentClasses(fs.readFileSync(f, 'utf8'))] as const)
        .filter(([file, classes]) => classes.some((c) => !(ALLOWED[file] ?? []).includes(c))),
    );
    expect(written).toEqual({});
  });

  it('every part imports the components from the core', () => {
    for (const part of PARTS) {
      const text = files.filter((f) => f.startsWith(path.join(ROOT, part, 'src'))).map((f) => fs.readFileSync(f, 'utf8'));
      const imports = text.flatMap((t) =>
        [...t.matchAll(/import \{([^}]*)\} from 'shared-contracts';/g)].flatMap((m) => (m[1] ?? '').split(',').map((n) => n.trim())),
      );
      expect({ part, uses: ['Button', 'ButtonLink', 'Card', 'Tag', 'Price', 'Badge'].some((c) => imports.includes(c)) }).toEqual({ part, uses: true });
    }
  });
});
