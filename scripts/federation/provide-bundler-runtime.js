// A federation runtime plugin registered by the shell's build only (scripts/webpack.factory.js,
// decision 021). It publishes the shell's webpack bundler runtime (the functions every container's
// webpack runtime calls: consumes, share-scope initialisation, container init, remotes) as the
// global `_FEDERATION_BUNDLER_RUNTIME`, next to runtime-core's `_FEDERATION_RUNTIME_CORE` (decision
// 008). Remote entries are built against remote-bundler-runtime.js, which reads this global instead
// of bundling their own copy.
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
// The shell exposes nothing, so its build drops initContainerEntry from bundlerRuntime
// (FEDERATION_HAS_EXPOSES is false there); the remotes need it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

const VERSION = '2.9.2';

export default function provideBundlerRuntimePlugin() {
  const g = globalThis;
  if (!g._FEDERATION_BUNDLER_RUNTIME) {
    g._FEDERATION_BUNDLER_RUNTIME = {
      version: VERSION,
      bundlerRuntime: Object.freeze({ ...bundlerRuntime, initContainerEntry }),
      attachShareScopeMap,
    };
  }
  return { name: 'provide-bundler-runtime-plugin', version: VERSION };
}
