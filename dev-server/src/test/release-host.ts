/**
 * A static host for the release registry's tests: real HTTP on an ephemeral loopback port, serving
 * the files of published versions from memory (`<remote>/<version>/mf-manifest.json`,
 * `remoteEntry.js`, `server/remote.js`), as a team's releases host or CDN would, plus whatever a test
 * puts there (a redirect, an error, a file that changes after publishing).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_SHELL_SHARED } from './harness';

export interface HostedFile {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface ReleaseHost {
  /** `http://127.0.0.1:<port>`: the releases host's base URL. */
  url: string;
  files: Map<string, HostedFile>;
  /** Paths asked for, in order. */
  requests: string[];
  /** Puts a version of `remote` on the host; returns its manifest's address. */
  addVersion(remote: string, version: string, options?: { name?: string; shared?: unknown[]; server?: string | null; entry?: string }): string;
  close(): Promise<void>;
}

/** A manifest as a remote's build writes it (mf-manifest.json), sharing what the test shell shares. */
export function testManifest(name: string, shared: unknown[] = TEST_SHELL_SHARED): string {
  return JSON.stringify({ id: name, name, metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } }, shared, exposes: [] });
}

export async function startReleaseHost(): Promise<ReleaseHost> {
  const files = new Map<string, HostedFile>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(path);
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(file.status ?? 200, { 'content-type': 'application/octet-stream', ...file.headers }).end(file.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    files,
    requests,
    addVersion(remote, version, options = {}) {
      const base = `/${remote}/${version}/`;
      files.set(`${base}mf-manifest.json`, { body: testManifest(options.name ?? remote, options.shared) });
      files.set(`${base}remoteEntry.js`, { body: options.entry ?? `var ${remote} = { version: '${version}' };` });
      if (options.server !== null)
        files.set(`${base}server/remote.js`, { body: options.server ?? `module.exports = { App: function App() { return null; } };` });
      return `${url}${base}mf-manifest.json`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
