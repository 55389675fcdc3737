/**
 * The server's pre-release check (decision 046). What a team publishes is untrusted input: a
 * version is published only from the places the operator configured for its remote (its
 * configured origin, the releases host's `<RELEASE_BASE_URL>/<remote>/`, RELEASE_ORIGINS_<REMOTE>),
 * fetched without following redirects, checked here (the manifest names the remote, its shared
 * packages against the shell's), and pinned: the SRI digests of its manifest, remote entry and
 * server build are recorded. `publish.ts` refuses a version this check throws for.
 */
import type { RemoteName } from 'shared-contracts/server';
import { UnprocessableError } from '../errors';
import { compareShared } from '../release-check.cjs';
import type { ReleaseDeps } from './deps';
import { sriDigest, type FetchedFile } from './fetch';

/** A place a remote's versions may be published from: an origin, and the path its addresses start with. */
export interface ReleaseSource {
  origin: string;
  pathPrefix: string;
}

/** An origin or URL prefix as the operator wrote it; null when it is not an http(s) address. */
export function releaseSource(value: string): ReleaseSource | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    const pathPrefix = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    return { origin: url.origin, pathPrefix };
  } catch {
    return null;
  }
}

/** Whether `url` is under one of `sources`: same origin, path under the prefix, no credentials. */
export function fromAllowedSource(url: string, sources: readonly ReleaseSource[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  return sources.some((s) => parsed.origin === s.origin && parsed.pathname.startsWith(s.pathPrefix));
}

/** Where a remote's versions may be published from: operator configuration only (decision 046). */
function sourcesOf(deps: Pick<ReleaseDeps, 'configured' | 'settings'>, remote: RemoteName): ReleaseSource[] {
  const { settings } = deps;
  const base = settings.baseUrl.replace(/\/+$/, '');
  return [deps.configured[remote] ? new URL(deps.configured[remote]).origin : null, `${base}/${remote}/`, ...(settings.origins[remote] ?? [])]
    .filter((v): v is string => typeof v === 'string')
    .map(releaseSource)
    .filter((v): v is ReleaseSource => v !== null);
}

/** The federation name a manifest declares (mf-manifest.json's `name` or `metaData.name`). */
function manifestName(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as { name?: unknown; metaData?: { name?: unknown } };
  if (typeof record.name === 'string') return record.name;
  return typeof record.metaData?.name === 'string' ? record.metaData.name : undefined;
}

/** The same refusal for every way a file cannot be fetched: it echoes nothing the host answered (decision 046). */
const unreadable = (remote: RemoteName, url: string) => new UnprocessableError(`${remote}'s files could not be read at ${url}.`);

/**
 * The server's pre-release check of a version at `manifestUrl` (decision 046): every file comes
 * from a place the operator allows for the remote; the manifest names the remote and shares what
 * the shell provides as the shell requires; its entry and its server build are fetched and their
 * digests recorded. Throws the refusal's error; returns the pins and the check's lines.
 */
export async function checkOnServer(
  deps: Pick<ReleaseDeps, 'configured' | 'settings' | 'fetchFile' | 'shellShared'>,
  remote: RemoteName,
  manifestUrl: string,
): Promise<{ manifest: string; entry: string; server: string | null; lines: string[] }> {
  const sources = sourcesOf(deps, remote);
  const allowed = (url: string) => fromAllowedSource(url, sources);
  const where = sources.map((s) => `${s.origin}${s.pathPrefix}`).join(', ');
  if (!allowed(manifestUrl)) throw new UnprocessableError(`A version of ${remote} is published from ${where} only.`);
  const read = async (url: string, optional = false): Promise<Buffer | null> => {
    let file: FetchedFile;
    try {
      file = await deps.fetchFile(url);
    } catch {
      throw unreadable(remote, url);
    }
    if (optional && file.status === 404) return null;
    if (file.status !== 200) throw unreadable(remote, url);
    return file.body;
  };
  const manifestBytes = (await read(manifestUrl))!;
  let json: unknown;
  try {
    json = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new UnprocessableError(`The manifest at ${manifestUrl} is not a remote manifest.`);
  }
  const name = manifestName(json);
  if (name !== remote) {
    throw new UnprocessableError(`The manifest at ${manifestUrl} is ${name ? `the remote ${name}'s` : 'not a remote manifest'}, not ${remote}'s.`);
  }
  const manifest = json as { shared?: unknown; metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } };
  const shared = Array.isArray(manifest.shared)
    ? (manifest.shared as Array<{ name: string; version?: string; requiredVersion?: string; singleton?: boolean }>)
    : [];
  const problems = compareShared(
    deps.shellShared(),
    shared.filter((s) => typeof s?.name === 'string'),
  );
  if (problems.length > 0) throw new UnprocessableError(`The pre-release check failed: ${remote}: shared MISMATCH: ${problems.join('; ')}`.slice(0, 600));
  const entryName = manifest.metaData?.remoteEntry?.name;
  const entryPath = manifest.metaData?.remoteEntry?.path;
  if (typeof entryName !== 'string' || !/^[\w.-]+\.js$/.test(entryName) || (entryPath !== undefined && typeof entryPath !== 'string')) {
    throw new UnprocessableError(`The manifest at ${manifestUrl} names no remote entry.`);
  }
  const entryUrl = new URL(`${entryPath ? `${entryPath.replace(/\/+$/, '')}/` : ''}${entryName}`, manifestUrl).href;
  const serverUrl = new URL('server/remote.js', manifestUrl).href;
  if (!allowed(entryUrl)) throw new UnprocessableError(`A version of ${remote} is published from ${where} only.`);
  const [entry, server] = await Promise.all([read(entryUrl), read(serverUrl, true)]);
  const pins = { manifest: sriDigest(manifestBytes), entry: sriDigest(entry!), server: server ? sriDigest(server) : null };
  return {
    ...pins,
    lines: [
      `registry: ${remote}: shared ok`,
      `registry: manifest ${pins.manifest}`,
      `registry: entry ${entryName} ${pins.entry}`,
      `registry: server build ${pins.server ?? 'none (rendered in the browser)'}`,
    ],
  };
}
