/**
 * Serves the composed site from production builds: every remote's static files on its own port
 * (as separately deployed apps on a static host), then the API and shell on the API port, told
 * where the remotes are through the same REMOTE_*_URL variables a deployment would set.
 *
 * Ports: PORT (default 3000) for the API and shell; remotes on REMOTE_PORT_BASE+1..+5 (default
 * the API port's). A REMOTE_*_URL already set wins and that remote is not served here.
 *
 * The published versions of the release registry (decision 037: RELEASES_DIR, default .releases,
 * `<remote>/<version>/`) are served by the same static host on REMOTE_PORT_BASE+6 (3006), where
 * `npm run release -- <remote> publish` registers them (RELEASE_BASE_URL). RELEASES_PORT=0 serves none.
 */
import path from 'node:path';
import fs from 'node:fs';
import { REMOTES } from './apps.mjs';
import { serveStatic } from './serve-static.mjs';
import { assertProductionSettings, settingsFromEnv } from '../dev-server/src/config';
import { startServer } from '../dev-server/src/server';

const root = path.resolve(__dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const base = Number(process.env.REMOTE_PORT_BASE ?? port);

async function main() {
  // NODE_ENV=production without its secrets stops here, before any remote is served.
  assertProductionSettings(process.env);
  const servers: { close(): void }[] = [];
  for (const [i, remote] of REMOTES.entries()) {
    if (process.env[remote.env]) continue;
    const dist = path.join(root, remote.dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) {
      throw new Error(`${remote.dir} has no production build; run \`npm run build\` first.`);
    }
    const remotePort = base + i + 1;
    servers.push(await serveStatic(dist, remotePort, undefined, { shellOrigin: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}` }));
    process.env[remote.env] = `http://localhost:${remotePort}/mf-manifest.json`;
    console.log(`${remote.dir.padEnd(20)} http://localhost:${remotePort}/mf-manifest.json`);
  }
  const releasesPort = Number(process.env.RELEASES_PORT ?? base + 6);
  if (releasesPort > 0) {
    const releasesDir = path.resolve(process.env.RELEASES_DIR ?? path.join(root, '.releases'));
    fs.mkdirSync(releasesDir, { recursive: true });
    servers.push(await serveStatic(releasesDir, releasesPort, undefined, { shellOrigin: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}` }));
    console.log(
      `${'published versions'.padEnd(20)} http://localhost:${releasesPort}/<remote>/<version>/mf-manifest.json (${path.relative(root, releasesDir) || '.'})`,
    );
    // The registry accepts versions from this releases host (decision 046), unless the deployer named another.
    process.env.RELEASE_BASE_URL ??= `http://localhost:${releasesPort}`;
  }
  const site = await startServer(settingsFromEnv(process.env));
  console.log(`The composed site is on ${site.url}`);
  const stop = () => {
    void site.close();
    for (const s of servers) s.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
