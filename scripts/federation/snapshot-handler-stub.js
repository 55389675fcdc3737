// Stands in for @module-federation/runtime-core's SnapshotHandler in the shell's build (decision 022).
// The shell reads remotes' manifests itself (shell/src/federation.ts) and registers their entry
// scripts, and the build sets `experiments.optimization.disableSnapshot`, so the runtime's manifest
// and snapshot loading (SnapshotHandler, generateSnapshotFromManifest: about 1 KB gzip) never runs.
// What the runtime still touches is kept: the handler's `hooks` and `manifestCache` (removeRemote
// clears them) and `getGlobalRemoteInfo` (the same code as runtime-core 2.9.2's). Reaching
// `loadRemoteSnapshotInfo` (only `preloadRemote` or a manifest entry would) is a bug worth a clear error.
// Webpack compiles this file in place of runtime-core/dist/plugins/snapshot/SnapshotHandler.js, so
// its imports resolve from that folder: the runtime's own modules, not second copies.
import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from '../../global.js';
import { PluginSystem } from '../../utils/hooks/pluginSystem.js';

export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion) {
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: globalRemoteInfo.matchedVersion }),
    };
  }
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: 'version' in moduleInfo ? moduleInfo.version : undefined }),
  };
}

export class SnapshotHandler {
  constructor(HostInstance) {
    this.HostInstance = HostInstance;
    this.loaderHook = HostInstance.loaderHook;
    this.manifestCache = new Map();
    this.hooks = new PluginSystem({});
  }
  getGlobalRemoteInfo(moduleInfo) {
    return getGlobalRemoteInfo(moduleInfo, this.HostInstance);
  }
  async loadRemoteSnapshotInfo() {
    throw new Error('Remote snapshots are not bundled in this build: register a remote by its entry script (scripts/federation/snapshot-handler-stub.js)');
  }
}
