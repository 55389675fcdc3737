/**
 * The browser's entries of shared-contracts name what they export (decision 038): the core
 * (`shared-contracts`, which also answers `shared-contracts/contracts` on a page) and the area
 * entries. A federated shared module keeps every name it exports, used or not, so a name in an
 * entry costs every page that loads it. TypeScript refuses an import of a name an entry does not
 * export; this test refuses a name no part imports (the server has every name through
 * `shared-contracts/server`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';

const ROOT = path.resolve(__dirname, '../..');
const ENTRIES: Record<string, string> = {
  'shared-contracts': 'shared-contracts/src/index.ts',
  'shared-contracts/discovery': 'shared-contracts/src/entries/discovery.ts',
  'shared-contracts/library': 'shared-contracts/src/entries/library.ts',
  'shared-contracts/commerce': 'shared-contracts/src/entries/commerce.ts',
  'shared-contracts/video': 'shared-contracts/src/entries/video.ts',
  'shared-contracts/visual': 'shared-contracts/src/entries/visual.ts',
  'shared-contracts/forms': 'shared-contracts/src/entries/forms.tsx',
};

const PARTS = [
  'shell/src',
  'shared-contracts/src',
  'e2e',
  ...fs
    .readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => `${d}/src`),
];
const FILES = PARTS.flatMap((p) => sourceFiles(path.join(ROOT, p), /\.tsx?$/)).map((f) => ({ file: f, text: fs.readFileSync(f, 'utf8') }));

/** Value names that `import { ... } from 'spec'` or `export { ... } from 'spec'` take, outside `skip`. */
function namesTaken(specs: readonly string[], skip: string): Set<string> {
  const taken = new Set<string>();
  const from = specs.map((s) => s.replace(/[/]/g, '\\/')).join('|');
  const pattern = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'(?:${from})'`, 'g');
  for (const { file, text } of FILES) {
    if (path.resolve(file) === path.resolve(ROOT, skip)) continue;
    for (const m of text.matchAll(pattern)) {
      if (m[1]) continue;
      for (const part of (m[2] ?? '').split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) taken.add(name);
      }
    }
  }
  return taken;
}

/** The value names an entry exports by name (`export { a, b } from`), and whether it exports values wholesale. */
function exportedValues(entry: string): { names: string[]; wholesale: string[] } {
  const text = fs.readFileSync(path.join(ROOT, entry), 'utf8');
  const names = [...text.matchAll(/export\s+\{([^}]*)\}\s+from/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p && !p.startsWith('type ')),
  );
  const wholesale = [...text.matchAll(/export\s+\*\s+from\s+'([^']+)'/g)].map((m) => m[1] ?? '');
  return { names, wholesale };
}

/** The client asks an area entry for its answer schemas by name (client.ts `schemaOf`). */
const CLIENT = fs.readFileSync(path.join(ROOT, 'shared-contracts/src/client.ts'), 'utf8');
function schemasAsked(area: string): string[] {
  return [...CLIENT.matchAll(new RegExp(`schemaOf\\('${area}', '(\\w+)'\\)`, 'g'))].map((m) => m[1] ?? '');
}

describe.each(Object.entries(ENTRIES))('%s', (spec, entry) => {
  const { names, wholesale } = exportedValues(entry);
  // The core also answers `shared-contracts/contracts` in the browser (webpack.factory.js).
  const specs = spec === 'shared-contracts' ? [spec, 'shared-contracts/contracts'] : [spec];
  const taken = namesTaken(specs, entry);
  for (const schema of schemasAsked(spec.replace('shared-contracts/', ''))) taken.add(schema);

  it('exports its values by name, never a whole module (types may be)', () => {
    expect(wholesale).toEqual([]);
    expect(names.length).toBeGreaterThan(0);
  });

  it('exports only names a part imports', () => {
    expect(names.filter((n) => !taken.has(n))).toEqual([]);
  });
});

/**
 * The client imports an area's module by itself (`areaModules`) when a request of that area is
 * made first. A dynamic import keeps every export of its module unless `webpackExports` names the
 * ones it takes, so each import names exactly what the client takes from it: a name missing there
 * would be undefined in the browser, a name too many would ship code no page asks for.
 */
describe('the client imports of the areas', () => {
  const imports = [...CLIENT.matchAll(/(\w+): \(\) =>\s*import\(\s*\/\* webpackExports: \[([^\]]*)\] \*\/ '\.\/(\w+)'\s*\)/g)];
  it('import each area with the names it takes', () => {
    expect(imports.map((m) => m[1]).sort()).toEqual(['commerce', 'discovery']);
  });
  it.each(imports.map((m) => [m[1] ?? '', m[2] ?? ''] as const))('%s names exactly the schemas and helpers the client takes', (area, list) => {
    const named = [...list.matchAll(/"(\w+)"/g)].map((m) => m[1] ?? '').sort();
    const destructured = [...CLIENT.matchAll(new RegExp(`const \\{([^}]*)\\} = await areaModules\\.${area}\\(\\)`, 'g'))].flatMap((m) =>
      (m[1] ?? '').split(',').map((n) => n.trim()),
    );
    expect(named).toEqual([...new Set([...schemasAsked(area), ...destructured])].sort());
  });
});
