/**
 * The dependency arrows of docs/architecture.md, checked over every source file:
 * shared-contracts <- remotes <- shell (at run time only). A remote never imports the shell or
 * another remote; the shell reaches remotes only through federation; shared-contracts and the
 * server import no front-end part. Relative imports may not leave their package.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const REMOTES = ['mfe-paywall', 'mfe-library', 'mfe-store', 'mfe-video', 'mfe-visual-library'];
const PACKAGES = ['shared-contracts', 'dev-server', 'shell', ...REMOTES];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(p);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** Every module specifier in a file: import ... from 'x', import('x'), require('x'), export ... from 'x'. */
export function specifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) if (m[1]) found.push(m[1]);
  return found;
}

function forbidden(pkg: string): string[] {
  if (pkg === 'shared-contracts') return ['shell', 'dev-server', ...REMOTES];
  if (pkg === 'dev-server') return ['shell', ...REMOTES];
  if (pkg === 'shell') return ['dev-server', ...REMOTES];
  return ['shell', 'dev-server', ...REMOTES.filter((r) => r !== pkg)];
}

describe('import boundaries', () => {
  it('finds the specifiers of every import form', () => {
    expect(specifiers(`import a from 'x';\nimport { b } from "y";\nexport * from './z';\nimport('./lazy');\nrequire('r');\nimport 'side';`)).toEqual([
      'x',
      'y',
      './z',
      './lazy',
      'r',
      'side',
    ]);
  });

  for (const pkg of PACKAGES) {
    it(`${pkg} imports only what its place in the architecture allows`, () => {
      const pkgDir = path.join(ROOT, pkg);
      const violations: string[] = [];
      for (const file of sourceFiles(path.join(pkgDir, 'src'))) {
        for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
          const where = `${path.relative(ROOT, file)} imports '${spec}'`;
          if (spec.startsWith('.')) {
            const target = path.resolve(path.dirname(file), spec);
            if (!target.startsWith(pkgDir + path.sep)) violations.push(`${where} (outside ${pkg})`);
          } else if (forbidden(pkg).some((f) => spec === f || spec.startsWith(`${f}/`))) {
            violations.push(where);
          }
        }
      }
      expect(violations).toEqual([]);
    });
  }

  // Decision 018: app code reaches react-router only through the shared façade
  // (`shared-contracts/router`); a direct import would bundle a second, unshared router.
  // Tests and test helpers may use react-router-dom (MemoryRouter) directly, and the shell's server
  // renderer its StaticRouter (a bundle of its own with one router, decision 032).
  it('app code imports react-router only through shared-contracts/router', () => {
    const violations: string[] = [];
    for (const pkg of PACKAGES.filter((p) => p !== 'dev-server')) {
      for (const file of sourceFiles(path.join(ROOT, pkg, 'src'))) {
        const rel = path.relative(ROOT, file);
        if (
          /\.test\.tsx?$|(^|\/)testing(\/|\.tsx?$)/.test(rel) ||
          rel === path.join('shared-contracts', 'src', 'router.ts') ||
          rel === path.join('shell', 'src', 'server', 'render.tsx')
        )
          continue;
        for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
          if (spec === 'react-router' || spec === 'react-router-dom' || spec.startsWith('react-router/') || spec.startsWith('react-router-dom/')) {
            violations.push(`${rel} imports '${spec}'`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });

  // Decision 030: the server imports shared-contracts only through its pure entry, so it never loads
  // React (dev-server/src/no-react.test.ts proves it at run time); no browser build carries that
  // entry. A server test may also drive the browser's API client (`createApiClient`) against the API.
  it('dev-server imports shared-contracts only through shared-contracts/server', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, 'dev-server', 'src'))) {
      const rel = path.relative(ROOT, file);
      const test = /\.test\.tsx?$/.test(rel);
      for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
        if (spec !== 'shared-contracts' && !spec.startsWith('shared-contracts/')) continue;
        if (spec === 'shared-contracts/server' || (test && spec === 'shared-contracts')) continue;
        violations.push(`${rel} imports '${spec}'`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('no browser part imports shared-contracts/server', () => {
    const violations: string[] = [];
    for (const pkg of PACKAGES.filter((p) => p !== 'dev-server')) {
      for (const file of sourceFiles(path.join(ROOT, pkg, 'src'))) {
        const rel = path.relative(ROOT, file);
        if (rel === path.join('shared-contracts', 'src', 'entries', 'server.ts')) continue;
        for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) if (spec === 'shared-contracts/server') violations.push(`${rel} imports '${spec}'`);
      }
    }
    expect(violations).toEqual([]);
  });

  // The modules `shared-contracts/server` re-exports run in Node: they import the core's pure part
  // by `shared-contracts/contracts` (in a browser build, the page's one core), never the core itself.
  it('the pure modules of shared-contracts import no browser module', () => {
    const dir = path.join(ROOT, 'shared-contracts', 'src');
    const server = fs.readFileSync(path.join(dir, 'entries', 'server.ts'), 'utf8');
    const contracts = fs.readFileSync(path.join(dir, 'entries', 'contracts.ts'), 'utf8');
    const pure = [...specifiers(server), ...specifiers(contracts)].filter((s) => s.startsWith('.')).map((s) => path.resolve(dir, 'entries', `${s}.ts`));
    expect(pure.length).toBeGreaterThan(8);
    const violations: string[] = [];
    for (const file of pure) {
      for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
        const allowed =
          spec === 'zod/mini' || spec === 'shared-contracts/contracts' || (spec.startsWith('./') && pure.includes(path.resolve(dir, `${spec}.ts`)));
        if (!allowed) violations.push(`${path.relative(ROOT, file)} imports '${spec}'`);
      }
    }
    expect(violations).toEqual([]);
  });
});
