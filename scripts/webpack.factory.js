// One webpack configuration for every federated app (the shell and the five remotes), so the
// shared singletons, output names and loaders cannot drift between teams' builds.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const ROOT = path.resolve(__dirname, '..');
const INJECT_RUNTIME_PLUGIN_ESM = require.resolve('@module-federation/inject-external-runtime-core-plugin').replace(/index\.cjs$/, 'index.js');
/** The shell publishes its bundler runtime for the remotes (decision 021). */
const PROVIDE_BUNDLER_RUNTIME_PLUGIN = path.join(__dirname, 'federation/provide-bundler-runtime.js');
/** What a remote's entry uses instead of its own copy of the bundler runtime (decision 021). */
const REMOTE_BUNDLER_RUNTIME = path.join(__dirname, 'federation/remote-bundler-runtime.js');
/** Replaces the SDK's Node-only script loading in browser builds (decision 021). */
const SDK_NODE_STUB = path.join(__dirname, 'federation/sdk-node-stub.js');
/** Replaces the runtime's manifest and snapshot loading in the shell's build (decision 022). */
const SNAPSHOT_HANDLER_STUB = path.join(__dirname, 'federation/snapshot-handler-stub.js');

/**
 * The entries of shared-contracts besides its core, the router façade and the pure contracts
 * (decision 022). `shared-contracts/server` is the server's and is never in a browser build.
 */
const CONTRACT_AREAS = ['discovery', 'library', 'commerce', 'video', 'visual', 'forms', 'dialog'];

/** Versions every build shares, read from the package that declares them. */
function sharedConfig(pkg, { host = false } = {}) {
  const deps = pkg.dependencies ?? {};
  const contracts = require(path.join(ROOT, 'shared-contracts/package.json'));
  const single = (name, requiredVersion) => ({ singleton: true, requiredVersion, strictVersion: false });
  const contractsShared = { singleton: true, requiredVersion: `^${contracts.version}`, version: contracts.version };
  return {
    react: single('react', deps.react),
    'react/jsx-runtime': single('react', deps.react),
    'react-dom': single('react-dom', deps['react-dom']),
    'react-dom/client': single('react-dom', deps['react-dom']),
    'shared-contracts': contractsShared,
    // The router façade, not react-router-dom: one router on the page, and react-router
    // tree-shaken to the names the façade re-exports (62 -> 14 KB gzip; decision 018).
    'shared-contracts/router': contractsShared,
    // The pure contracts (decision 030): in the browser they are the core's, which re-exports the
    // same modules, so an area importing `shared-contracts/contracts` gets the page's one core: no
    // module of its own (`import: false`), looked up under the core's key.
    'shared-contracts/contracts': { ...contractsShared, shareKey: 'shared-contracts', import: false },
    // The areas' entries: a page loads only the areas it shows (decision 022). The shell provides
    // every one of them, imported or not (an absolute `import` is provided even when no module of
    // the build asks for it), so a remote uses the shell's copy, built on the shell's zod, instead
    // of its own (9.5 KB gzip more on My Library when the library remote brought its own).
    ...Object.fromEntries(
      CONTRACT_AREAS.map((area) => [
        `shared-contracts/${area}`,
        host ? { ...contractsShared, import: require.resolve(`shared-contracts/${area}`, { paths: [ROOT] }) } : contractsShared,
      ]),
    ),
  };
}

/**
 * Modules the shell's first view always runs, fetched only after main.js has run and negotiated the
 * share scope. Their chunks get `<link rel="preload" as="script">` in index.html's after-first-paint
 * template, so they download while main.js does (decisions 018 and 024). A module found in more than
 * one chunk is skipped: only the chunk the page will load may be preloaded.
 */
const CRITICAL_MODULES = [
  /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/,
  /react[\\/]cjs[\\/]react\.production\.js$/,
  /shared-contracts[\\/]src[\\/]index\.ts$/,
  /shared-contracts[\\/]src[\\/]router\.ts$/,
  /react-router[\\/]dist[\\/](production|development)[\\/][^\\/]+\.mjs$/,
  /shell[\\/]src[\\/]App\.tsx$/,
  // Needed by shared-contracts and every component on every page (decision 021); without a preload
  // they started only after main.js had run.
  /zod[\\/]v4[\\/]core[\\/]core\.js$/,
  /react[\\/]cjs[\\/]react-jsx-runtime\.production\.js$/,
];

/** The shell's first script: starts main.js after the first paint (decision 023). */
const BOOT_SCRIPT = path.join(ROOT, 'shell/src/boot.js');

/** Writes chunk-names.json: each named chunk's JavaScript file ({"page-home": "8390.e88276c9.js"}). */
class ChunkNamesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkNamesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkNamesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const names = {};
        for (const chunk of [...compilation.chunks].sort((a, b) => String(a.name).localeCompare(String(b.name)))) {
          const file = [...chunk.files].find((f) => f.endsWith('.js'));
          if (chunk.name && file) names[chunk.name] = file;
        }
        compilation.emitAsset('chunk-names.json', new compiler.webpack.sources.RawSource(`${JSON.stringify(names, null, 2)}\n`));
      });
    });
  }
}

/**
 * The site's styles (decisions 035, 041): the design system's tokens, base and components
 * (shared-contracts/design) and the shell's own styles (src/styles/*.css, by name), minified and
 * inlined into index.html at its `<!-- site-styles -->` marker, so every page paints styled with no
 * request. The fonts they name as `url(font:<package>/<file>)` are the @fontsource packages' files,
 * emitted as /fonts/<file>.<hash>.woff2 (immutable).
 *
 * The rules of one page type or of one part shown on demand (src/styles/sheets/<sheet>.css) are not
 * inlined into every page: each is emitted as /styles/<sheet>.<hash>.css (immutable), and index.html
 * names them in a JSON map (`<script type="application/json" id="sheets">`), where the server inlines
 * the sheets of the parts it rendered (dev-server routes/shell.ts) and where the browser finds the
 * file of a part it shows later (shell/src/sheets.tsx). print.css comes after, so it wins on paper.
 */
const DESIGN_FILES = ['tokens.css', 'base.css', 'components.css'].map((f) => path.join(ROOT, 'shared-contracts/design', f));

const { minifyCss } = require('./federation/css-template-loader');

/** The id of index.html's JSON map of the sheets (sheet name to file). */
const SHEETS_ID = 'sheets';

class SiteStylesPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    const fs = require('node:fs');
    const crypto = require('node:crypto');
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    const hash = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);
    const cssFiles = (dir) =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith('.css'))
            .sort()
            .map((f) => path.join(dir, f))
        : [];
    compiler.hooks.compilation.tap('SiteStylesPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap('SiteStylesPlugin', (data) => {
        const stylesDir = path.join(this.dir, 'src/styles');
        const print = path.join(stylesDir, 'print.css');
        const own = cssFiles(stylesDir).filter((f) => f !== print);
        const sheets = cssFiles(path.join(stylesDir, 'sheets'));
        const late = fs.existsSync(print) ? [print] : [];
        const read = (files) => {
          for (const file of files) compilation.fileDependencies.add(file);
          return minifyCss(files.map((f) => fs.readFileSync(f, 'utf8')).join('\n')).replace(
            /url\(font:([a-z0-9-]+)\/([a-z0-9-]+)\.woff2\)/g,
            (_, pkg, name) => {
              const bytes = fs.readFileSync(require.resolve(`@fontsource/${pkg}/files/${name}.woff2`, { paths: [ROOT] }));
              const file = `fonts/${name}.${hash(bytes)}.woff2`;
              if (!compilation.getAsset(file)) compilation.emitAsset(file, new compiler.webpack.sources.RawSource(bytes));
              return `url(/${file})`;
            },
          );
        };
        const map = {};
        for (const sheet of sheets) {
          const css = read([sheet]);
          const file = `styles/${path.basename(sheet, '.css')}.${hash(css)}.css`;
          if (!compilation.getAsset(file)) compilation.emitAsset(file, new compiler.webpack.sources.RawSource(css));
          map[path.basename(sheet, '.css')] = `/${file}`;
        }
        const sheetMap = sheets.length ? `<script type="application/json" id="${SHEETS_ID}">${JSON.stringify(map)}</script>` : '';
        const printStyles = late.length ? `<style>${read(late)}</style>` : '';
        const marker = /<!-- site-styles[\s\S]*?-->/;
        if (!marker.test(data.html)) throw new Error('SiteStylesPlugin: index.html has no <!-- site-styles --> marker');
        data.html = data.html.replace(marker, () => `<style>${read([...DESIGN_FILES, ...own])}</style>${sheetMap}${printStyles}`);
        return data;
      });
    });
  }
}

class PreloadCriticalChunksPlugin {
  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    compiler.hooks.thisCompilation.tap('PreloadCriticalChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadCriticalChunksPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const code = require('node:fs').readFileSync(BOOT_SCRIPT, 'utf8');
        compilation.emitAsset('boot.js', new compiler.webpack.sources.RawSource(code));
      });
    });
    compiler.hooks.compilation.tap('PreloadCriticalChunksPlugin', (compilation) => {
      // One hook sees both the tags html-webpack-plugin will inject and the template's HTML.
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap('PreloadCriticalChunksPlugin', (data) => {
        const { chunkGraph } = compilation;
        const resourcesOf = (m) => (m.modules ? m.modules.map((n) => n.resource) : [m.resource]).filter(Boolean);
        const files = [];
        for (const pattern of CRITICAL_MODULES) {
          const chunks = [...compilation.chunks].filter(
            (c) => !c.hasRuntime() && [...chunkGraph.getChunkModulesIterable(c)].some((m) => resourcesOf(m).some((r) => pattern.test(r))),
          );
          if (chunks.length !== 1) continue;
          for (const f of chunks[0].files) if (f.endsWith('.js') && !files.includes(f)) files.push(f);
        }
        const publicPath = '/';
        // The entry starts after the first paint (decision 023), and so does every download the
        // first paint does not need (decision 024): index.html runs boot.js, and the preloads of
        // main.js and of the critical chunks wait, inert, in the after-first-paint template, which
        // boot.js moves into the document once the browser has painted the server's HTML.
        const entry = data.headTags.findIndex((t) => t.tagName === 'script' && t.attributes.src === `${publicPath}main.js`);
        if (entry === -1) throw new Error('PreloadCriticalChunksPlugin: index.html has no main.js script');
        data.headTags.splice(entry, 1, {
          tagName: 'script',
          voidTag: false,
          meta: { plugin: 'PreloadCriticalChunksPlugin' },
          attributes: { defer: true, src: `${publicPath}boot.js` },
        });
        const preload = (href) => `<link rel="preload" as="script" href="${href}">`;
        const links = [preload(`${publicPath}main.js`), ...files.map((f) => preload(publicPath + f))].join('');
        // After the template's own preloads (index.html's, such as /remotes.json).
        const template = /(<template id="after-first-paint">[\s\S]*?)(<\/template>)/;
        if (!template.test(data.html)) throw new Error('PreloadCriticalChunksPlugin: index.html has no <template id="after-first-paint">');
        data.html = data.html.replace(template, (_, open, close) => open + links + close);
        return data;
      });
    });
  }
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin of every script and style
 * sheet of 1 KB or more in a production build (decision 025). The shell's server and the remotes'
 * static host serve them (dev-server/src/http/precompressed.cjs) instead of compressing each
 * response while the browser is running the page's scripts; brotli sends about an eighth fewer
 * bytes than gzip.
 */
class PrecompressPlugin {
  apply(compiler) {
    const zlib = require('node:zlib');
    const { promisify } = require('node:util');
    const brotli = promisify(zlib.brotliCompress);
    const gzip = promisify(zlib.gzip);
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) =>
        Promise.all(
          Object.keys(assets)
            .filter((name) => /\.(js|css)$/.test(name))
            .map(async (name) => {
              const buffer = compilation.getAsset(name).source.buffer();
              if (buffer.length < 1024) return;
              const { constants } = zlib;
              const [br, gz] = await Promise.all([
                brotli(buffer, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: 11,
                    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                    [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                  },
                }),
                gzip(buffer, { level: 9 }),
              ]);
              compilation.emitAsset(`${name}.br`, new sources.RawSource(br), { compressed: true });
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), { compressed: true });
            }),
        ).then(() => undefined),
      );
    });
  }
}

/** TypeScript through ts-loader, types left to `npm run typecheck` (every build, browser and server). */
function typeScriptRule(dir) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: [
      {
        loader: 'ts-loader',
        options: {
          transpileOnly: true,
          configFile: path.join(dir, 'tsconfig.json'),
          compilerOptions: { noEmit: false, module: 'esnext', sourceMap: false },
        },
      },
      // First (loaders run last to first): minify the /* css */ template literals (decision 035).
      { loader: path.join(__dirname, 'federation/css-template-loader.js') },
    ],
  };
}

/**
 * @param {object} o
 * @param {string} o.dir        the package folder
 * @param {string} o.name       federation name (a JS identifier)
 * @param {Record<string,string>} [o.exposes]
 * @param {boolean} [o.host]    the shell: has an HTML page and an entry
 */
function createConfig({ dir, name, exposes = {}, host = false }) {
  const pkg = require(path.join(dir, 'package.json'));
  const plugins = [
    new ChunkNamesPlugin(),
    new ModuleFederationPlugin({
      name,
      filename: host ? undefined : 'remoteEntry.js',
      exposes: host ? undefined : exposes,
      remotes: {},
      shared: sharedConfig(pkg, { host }),
      // 'loaded-first': nothing is fetched for a remote until the page asks for it, and a remote
      // that is down cannot stop the shell from starting (see docs/decisions/002).
      shareStrategy: 'loaded-first',
      manifest: host ? false : { fileName: 'mf-manifest.json' },
      dts: false,
      // One federation runtime on the page: the shell provides it as a global, remotes use it
      // instead of shipping their own copy (27 KB gzip each; docs/architecture.md, Module Federation pitfall 10, decision 008).
      // The host registers the injection plugin's ESM build itself: `provideExternalRuntime` adds
      // its CommonJS build, which pulls a second copy of runtime-core into the shell (+24 KB gzip).
      // The shell reads remotes' manifests itself (shell/src/federation.ts), so the runtime's
      // snapshot and preload-planning code is left out (decision 022); every build targets browsers.
      experiments: host ? { optimization: { disableSnapshot: true, target: 'web' } } : { externalRuntime: true, optimization: { target: 'web' } },
      runtimePlugins: host ? [INJECT_RUNTIME_PLUGIN_ESM, PROVIDE_BUNDLER_RUNTIME_PLUGIN] : [],
    }),
  ];
  const { NormalModuleReplacementPlugin } = require('webpack');
  // Node-only script loading (never reached in a browser) is left out of every build (decision 021).
  plugins.push(new NormalModuleReplacementPlugin(/@module-federation[\\/]sdk[\\/]dist[\\/]node\.js$/, SDK_NODE_STUB));
  if (host) {
    // The shell reads remotes' manifests itself (shell/src/federation.ts, decision 022).
    plugins.push(
      new NormalModuleReplacementPlugin(
        /@module-federation[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/,
        SNAPSHOT_HANDLER_STUB,
      ),
    );
  }
  if (!host) {
    // The rest of the runtime a remote entry carried (the webpack bundler runtime, the
    // @module-federation/runtime wrapper, SDK helpers and error texts: about 5 KB gzip of each
    // 8.3 KB entry) comes from the shell too: the entry's `import federation from
    // '<webpack-bundler-runtime>'` is pointed at a small module reading the shell's global.
    plugins.push(new NormalModuleReplacementPlugin(/webpack-bundler-runtime[\\/]dist[\\/](bundler|index)\.js$/, REMOTE_BUNDLER_RUNTIME));
  }
  if (host) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    plugins.push(
      new HtmlWebpackPlugin({
        template: path.join(dir, 'src/index.html'),
        publicPath: '/',
        scriptLoading: 'defer',
      }),
      new PreloadCriticalChunksPlugin(),
      new SiteStylesPlugin(dir),
    );
  }
  return (env, argv) => {
    const mode = argv.mode ?? 'production';
    return {
      mode,
      context: dir,
      entry: host ? { main: './src/index.ts' } : {},
      target: 'web',
      devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // A federated build cannot hash its entry file name (docs/architecture.md, Module Federation pitfall 7); chunks are hashed.
        filename: '[name].js',
        // Chunk files are named by id and hash only: a name in the file name costs every first view
        // its entry in the runtime's map of names. chunk-names.json (ChunkNamesPlugin) tells which
        // file a named chunk is, for the server (home's preload) and for tests.
        chunkFilename: '[id].[contenthash:8].js',
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        // A remote's server build (dist/server, decision 032) is written by its own compiler.
        clean: host ? true : { keep: /^server[\\/]/ },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: {
        rules: [typeScriptRule(dir)],
      },
      plugins: mode === 'production' ? [...plugins, new PrecompressPlugin()] : plugins,
      performance: { hints: false },
      cache: { type: 'filesystem', cacheDirectory: path.join(ROOT, 'node_modules/.cache/webpack', name) },
      stats: 'errors-warnings',
    };
  };
}

/**
 * What a remote's server build takes from the shell's renderer instead of bundling it (decision 032):
 * the browser's singletons (`sharedConfig`), so the server too runs one React, one router and one
 * shared-contracts. The shell's renderer provides them by these names (shell/src/server/shared-modules.ts).
 */
const SERVER_SHARED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'shared-contracts',
  'shared-contracts/contracts',
  'shared-contracts/router',
  ...CONTRACT_AREAS.map((area) => `shared-contracts/${area}`),
];

/**
 * A server build (decision 032): `entry` bundled for Node into one CommonJS file; nothing is split off.
 * The shell's (`host`) goes to `dist-server/` with its own React and router, for the composition host;
 * a remote's to `dist/server/remote.js`, published with its browser build, with the shared modules
 * left to the shell's renderer (`SERVER_SHARED`).
 * @param {object} o
 * @param {string} o.dir     the package folder
 * @param {string} o.name    the build's name (cache folder)
 * @param {Record<string,string>} o.entry  file name (without .js) -> module
 * @param {boolean} [o.host]
 */
function createServerConfig({ dir, name, entry, host = false }) {
  const webpack = require('webpack');
  return (env, argv) => {
    const mode = argv.mode ?? 'production';
    return {
      mode,
      name: `${name}-server`,
      context: dir,
      entry,
      target: 'node20',
      devtool: false,
      output: {
        path: host ? path.join(dir, 'dist-server') : path.join(dir, 'dist/server'),
        filename: '[name].js',
        library: { type: 'commonjs2' },
        clean: true,
      },
      externals: host ? undefined : Object.fromEntries(SERVER_SHARED.map((name) => [name, `commonjs ${name}`])),
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: {
        rules: [typeScriptRule(dir)],
      },
      // Readable stack traces on the server; the file is never sent to a browser.
      optimization: { minimize: false },
      plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
      performance: { hints: false },
      cache: { type: 'filesystem', cacheDirectory: path.join(ROOT, 'node_modules/.cache/webpack', `${name}-server`) },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createConfig, createServerConfig, sharedConfig };
