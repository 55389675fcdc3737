// Lint for the whole monorepo (npm run lint; npm test runs it). Beside the usual rule sets it
// enforces the architecture's dependency arrows (docs/architecture.md):
//   shared-contracts <- remotes (mfe-*) <- shell (at run time only, through federation)
//   shared-contracts/server <- dev-server
// A remote imports no other part but shared-contracts; the shell imports no remote and not the
// server; shared-contracts imports no app; the server imports shared-contracts only through its pure
// entry (`shared-contracts/server`, which loads no React) and no browser part imports that entry.
// Relative imports never leave their package. App code reaches react-router only through
// `shared-contracts/router` (decision 018). The module graph has no cycles.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const REMOTES = ['mfe-paywall', 'mfe-library', 'mfe-store', 'mfe-video', 'mfe-visual-library'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const TEST_HELPERS = ['**/testing/**', '**/testing.ts', '**/testing.tsx'];

// The pure modules of shared-contracts: what `shared-contracts/server` and `shared-contracts/contracts`
// re-export. They run in Node, so they import only zod/mini, the core's pure part by
// `shared-contracts/contracts`, and each other.
const ENTRIES = path.join(ROOT, 'shared-contracts/src/entries');
const PURE = ['server.ts', 'contracts.ts']
  .flatMap((entry) => [...fs.readFileSync(path.join(ENTRIES, entry), 'utf8').matchAll(/\bfrom\s+['"](\.[^'"]+)['"]/g)])
  .map((m) => path.relative(ROOT, path.resolve(ENTRIES, `${m[1]}.ts`)));

/** What a package's source may import besides its own files and installed packages. */
const ALLOWED = {
  'shared-contracts': [],
  'dev-server': ['shared-contracts'],
  shell: ['shared-contracts'],
  ...Object.fromEntries(REMOTES.map((r) => [r, ['shared-contracts']])),
};
const ARROWS = {
  'shared-contracts': 'shared-contracts imports no app package',
  'dev-server': 'the server imports no front-end part',
  shell: 'the shell reaches the remotes only through federation, and never the server',
};
const arrow = (pkg) => ARROWS[pkg] ?? 'a remote imports only shared-contracts, never the shell, the server or another remote';

const SC = 'shared-contracts/src';
const ROUTER_ZONE = {
  from: ['./node_modules/react-router', './node_modules/react-router-dom'],
  message: 'App code reaches react-router only through shared-contracts/router (decision 018).',
};

const ZOD_ZONE = {
  from: './node_modules/zod',
  message:
    "A remote reads answers with the schemas of shared-contracts' entries (decision 048): zod imported here would be a second copy of it in the remote's chunks.",
};

/** The zones of `import-x/no-restricted-paths` for one group of files of `pkg`. */
function zones(pkg, { test = false, routerExempt = false } = {}) {
  const own = `./${pkg}`;
  const result = [
    {
      target: `${own}/src`,
      from: '.',
      except: [own, './node_modules', ...ALLOWED[pkg].map((p) => `./${p}`)],
      message: `Relative imports stay inside their package, and ${arrow(pkg)}.`,
    },
  ];
  if (pkg === 'dev-server') {
    result.push({
      target: `${own}/src`,
      from: `./${SC}`,
      except: ['./entries/server.ts', ...(test ? ['./index.ts'] : [])],
      message: test
        ? 'The server imports shared-contracts only through shared-contracts/server (its tests may also drive the API client of `shared-contracts`).'
        : 'The server imports shared-contracts only through shared-contracts/server, so it never loads React.',
    });
  } else {
    result.push({
      target: `${own}/src`,
      from: `./${SC}/entries/server.ts`,
      message: 'shared-contracts/server is the server’s entry: no browser part imports it.',
    });
    if (!test && !routerExempt) result.push({ target: `${own}/src`, ...ROUTER_ZONE });
    if (!test && REMOTES.includes(pkg)) result.push({ target: `${own}/src`, ...ZOD_ZONE });
  }
  return result;
}

/** One config block per group of a package's source files, each with its complete set of zones. */
function boundaryBlocks(pkg) {
  const src = `${pkg}/src/**`;
  const rule = (options) => ({ 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: zones(pkg, options) }] });
  const blocks = [
    { files: [src], rules: { ...rule(), 'import-x/no-relative-packages': 'error' } },
    // Tests (and, in the front-end parts, test helpers) may use react-router-dom (MemoryRouter) directly.
    { files: (pkg === 'dev-server' ? TESTS : [...TESTS, ...TEST_HELPERS]).map((g) => `${pkg}/src/${g}`), rules: rule({ test: true }) },
  ];
  // The shell's server renderer needs react-router's StaticRouter, which the browser never runs (its
  // bundle is its own, with one router: decision 032).
  if (pkg === 'shell') blocks.push({ files: ['shell/src/server/render.tsx'], rules: rule({ routerExempt: true }) });
  if (pkg === 'shared-contracts') {
    blocks.push({ files: [`${SC}/router.ts`], rules: rule({ routerExempt: true }) });
    blocks.push({
      files: PURE,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: ROOT,
            zones: [
              ...zones(pkg),
              {
                target: PURE.map((f) => `./${f}`),
                from: '.',
                except: [...PURE.map((f) => `./${f}`), `./${SC}/entries/contracts.ts`, './node_modules/zod/mini'],
                message: 'A pure module of shared-contracts runs in Node: it imports only zod/mini, shared-contracts/contracts and other pure modules.',
              },
            ],
          },
        ],
      },
    });
  }
  return blocks;
}

/**
 * What git ignores, as ESLint globs: lint reads what is committed, never the builds, caches or
 * published versions (`.releases/`) beside it. The .gitignore uses two forms: `name/` (a folder
 * anywhere) and `*.ext` or `name` (a file anywhere).
 */
function gitIgnored() {
  const lines = fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n');
  return lines
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => (l.endsWith('/') ? `**/${l.replace(/^\//, '')}**` : `**/${l.replace(/^\//, '')}`));
}

export default tseslint.config(
  { ignores: gitIgnored() },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.d.mts', '.js', '.mjs', '.cjs', '.json'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A variable a closure reads before its one assignment (a test's app, built after the stub
      // that reads it) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Every import resolves, so the boundary zones below see where it leads.
      'import-x/no-unresolved': ['error', { commonjs: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  // CommonJS: the webpack configs and their factory, Jest's set-up, the server's .cjs modules.
  {
    files: ['**/*.cjs', '**/webpack.config.js', 'scripts/webpack.factory.js', 'scripts/jest-env-dom.js', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The server refuses or strips control characters (in paths, headers, mail, names) on purpose.
  { files: ['dev-server/src/**'], rules: { 'no-control-regex': 'off' } },
  // Swapped in for a module of @module-federation/runtime-core at build time: its relative imports
  // resolve from that module's place in node_modules.
  { files: ['scripts/federation/snapshot-handler-stub.js'], rules: { 'import-x/no-unresolved': 'off' } },
  // The shell's first script runs as a classic script in the page.
  { files: ['shell/src/boot.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['dev-server/**', 'e2e/**', 'scripts/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['**/*.test.tsx'], ...testingLibrary.configs['flat/react'] },
  {
    files: TESTS,
    rules: {
      // The DOM markers (data-mfe-status, data-gate-state, data-list-state...) are a published
      // contract (docs/contracts.md) that other teams' code and the e2e read, so component tests
      // assert them on the nodes that carry them; roles and names stay the first way to find things.
      'testing-library/no-node-access': 'off',
      'testing-library/no-container': 'off',
      // jest.mock factories are hoisted above the imports, so they load modules with require().
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  ...['shared-contracts', 'dev-server', 'shell', ...REMOTES].flatMap(boundaryBlocks),
  prettier,
);
