// The shared-packages half of the pre-release check (decisions 037, 046), in one place for the
// registry, which runs it on the server when a version is published, and for the teams' own
// `scripts/check-release.mjs`, which runs it (with the type check) before they publish. Plain
// CommonJS so both the API (TypeScript) and the scripts (ES modules) load the same code.
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const semver = require('semver');

/** 'react/jsx-runtime' → 'react', '@scope/pkg/sub' → '@scope/pkg'. */
function packageOf(name) {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function satisfies(version, range) {
  if (!range || range === '*') return true;
  if (!version) return false;
  return semver.satisfies(version, range, { includePrerelease: true });
}

/**
 * What the shell shares: [{ name, version, requiredVersion, singleton }]. From the shell's
 * dist/mf-manifest.json when its build emits one, else from sharedConfig (scripts/webpack.factory.js)
 * applied to the shell's package.json, with the versions installed for the shell.
 */
function shellShared(root, shellDir = 'shell') {
  const manifestFile = path.join(root, shellDir, 'dist/mf-manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    return manifest.shared.map((s) => ({ name: s.name, version: s.version, requiredVersion: s.requiredVersion, singleton: !!s.singleton }));
  }
  const fromShell = createRequire(path.join(root, shellDir, 'package.json'));
  const { sharedConfig } = require(path.join(root, 'scripts/webpack.factory.js'));
  const config = sharedConfig(fromShell('./package.json'));
  return Object.entries(config).map(([name, c]) => {
    let version = c.version;
    if (!version) {
      try {
        version = fromShell(`${packageOf(name)}/package.json`).version;
      } catch {
        version = undefined;
      }
    }
    return { name, version, requiredVersion: c.requiredVersion, singleton: !!c.singleton };
  });
}

/** The mismatches between the shell's shared packages and one remote's manifest `shared` list. */
function compareShared(shell, remoteShared) {
  const problems = [];
  const byName = new Map(remoteShared.map((s) => [s.name, s]));
  const remotePackages = new Set(remoteShared.map((s) => packageOf(s.name)));
  for (const s of shell) {
    if (!s.singleton) continue;
    const r = byName.get(s.name);
    if (!r) {
      // A remote that shares the package but never imports one of its entry points (react-dom/client)
      // has no copy of it; a package not shared at all would be bundled as a second copy.
      if (s.name !== packageOf(s.name) && remotePackages.has(packageOf(s.name))) continue;
      problems.push(`${s.name}: not shared (the shell provides it as a singleton)`);
      continue;
    }
    if (!r.singleton) problems.push(`${s.name}: shared but not as a singleton`);
    if (!satisfies(r.version, s.requiredVersion)) {
      problems.push(`${s.name}: the remote has ${r.version ?? 'no version'}, the shell requires ${s.requiredVersion}`);
    }
  }
  const shellByName = new Map(shell.map((s) => [s.name, s]));
  for (const r of remoteShared) {
    const s = shellByName.get(r.name);
    if (!s || !s.singleton) continue;
    if (!satisfies(s.version, r.requiredVersion)) {
      problems.push(`${r.name}: the remote requires ${r.requiredVersion}, the shell provides ${s.version ?? 'no version'}`);
    }
  }
  return problems;
}

module.exports = { packageOf, satisfies, shellShared, compareShared };
