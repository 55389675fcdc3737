// What a remote's build uses in place of @module-federation/webpack-bundler-runtime (decision 021):
// the container's `__webpack_require__.federation` object, built on the shell's copies of the bundler
// runtime (global `_FEDERATION_BUNDLER_RUNTIME`, scripts/federation/provide-bundler-runtime.js) and
// of runtime-core (global `_FEDERATION_RUNTIME_CORE`, decision 008). Only what is per container stays
// here: `runtime.init`, which finds or creates this container's ModuleFederation instance (the same
// steps as @module-federation/runtime's `init`, whose module-level "current instance" must not be
// shared between builds), and the options objects webpack's runtime modules fill in.
const g = globalThis;
const provided = g._FEDERATION_BUNDLER_RUNTIME;
const core = g._FEDERATION_RUNTIME_CORE;
if (!provided || !core) {
  throw new Error('This remote runs only under a host that provides the federation runtime (_FEDERATION_BUNDLER_RUNTIME, _FEDERATION_RUNTIME_CORE)');
}

// eslint-disable-next-line no-undef -- webpack defines it (ModuleFederationPlugin's DefinePlugin) in a federated build
const buildId = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';

function existingInstance(name, version) {
  return core.CurrentGlobal.__FEDERATION__.__INSTANCES__.find(
    (i) =>
      (buildId && i.options.id === buildId) ||
      (i.options.name === name && !i.options.version && !version) ||
      (i.options.name === name && version && i.options.version === version),
  );
}

const runtime = {
  init(options) {
    const normalized = { ...options, id: options.id || '' };
    const found = existingInstance(options.name, options.version);
    if (found) {
      found.initOptions(normalized);
      return found;
    }
    const Federation = core.getGlobalFederationConstructor() || core.ModuleFederation;
    const instance = new Federation({ id: `${normalized.name}@${normalized.version || Date.now()}`, ...normalized });
    core.setGlobalFederationInstance(instance);
    return instance;
  },
  getRemoteEntry: core.getRemoteEntry,
};

export default {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: provided.bundlerRuntime,
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
