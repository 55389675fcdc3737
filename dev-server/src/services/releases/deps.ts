/**
 * What every part of the release registry is given, in one place so that no module needs another
 * to know its inputs: the settings, the repository and clock, the configured locations, and what a
 * process keeps between calls (the adoption of the configured locations, the last channels read).
 * `createReleaseService` builds it once with `releaseDeps`; each module function takes it (or the
 * part of it it reads) as its first argument. The snapshot's types live here too, because the
 * process memory holds one.
 */
import type { RemoteIntegrity, RemoteName } from 'shared-contracts/server';
import type { Clock } from '../../clock';
import type { Logger } from '../../http/logger';
import type { ReleaseRepository } from '../../repositories/releases';
import type { SharedPackage } from '../release-check.cjs';
import { fetchReleaseFile, type ReleaseFileFetcher } from './fetch';

export interface ReleaseSettings {
  /** Loads a canary must have before its failure rate can take it out. */
  minLoads: number;
  /** The failure rate (0-1) above which a canary is taken out. */
  maxFailureRate: number;
  /** How long a process uses what it read of the channels (milliseconds). */
  cacheMs: number;
  /** Distinct browsers that must have reported failures before the failure rate can take a canary out. */
  minBrowsers: number;
  /** The releases host (RELEASE_BASE_URL): a remote's versions may be published under `<baseUrl>/<remote>/`. */
  baseUrl: string;
  /** More places the operator allows a remote's versions to be published from (RELEASE_ORIGINS_<REMOTE>): origins or URL prefixes. */
  origins: Partial<Record<RemoteName, string[]>>;
}

export const DEFAULT_RELEASES_BASE_URL = 'http://localhost:3006';

export const DEFAULT_RELEASE_SETTINGS: ReleaseSettings = {
  minLoads: 20,
  maxFailureRate: 0.2,
  cacheMs: 1000,
  minBrowsers: 5,
  baseUrl: DEFAULT_RELEASES_BASE_URL,
  origins: {},
};

export interface Located {
  version: string;
  manifestUrl: string;
  /** What a published version was pinned to; absent for a configured location (decision 046). */
  integrity?: RemoteIntegrity;
}
export interface RegistrySnapshot {
  remotes: Record<RemoteName, { stable: Located; canary: (Located & { percent: number }) | null }>;
  /** The origins of every version a channel names (the Content-Security-Policy's remote origins). */
  origins: string[];
  /** Whether some canary has a share of browsers (cohort cookies are handed out only then). */
  sharedCanary: boolean;
}

/** What `createReleaseService` is given. */
export interface ReleaseServiceDeps {
  releases: ReleaseRepository;
  clock: Clock;
  /** The configured locations (REMOTE_*_URL): each is adopted as a version, stable when first seen. */
  configured: Record<RemoteName, string>;
  settings?: Partial<ReleaseSettings>;
  logger?: Pick<Logger, 'warn'>;
  fetchFile?: ReleaseFileFetcher;
  /** What the shell shares (the server's half of the pre-release check); read when first needed. */
  shellShared?: () => SharedPackage[];
}

/** What one service instance keeps between calls (one per process). */
export interface ReleaseMemory {
  /** The adoption of the configured locations: run once, again only after it failed. */
  adopted: Promise<void> | null;
  /** The channels as last read, and when. */
  lastGood: { snapshot: RegistrySnapshot; at: number } | null;
  /** The read of the channels under way, which every caller meanwhile waits for. */
  reading: Promise<RegistrySnapshot> | null;
}

/** What the module functions take: the service's inputs with their defaults filled in. */
export interface ReleaseDeps {
  releases: ReleaseRepository;
  configured: Record<RemoteName, string>;
  settings: ReleaseSettings;
  logger?: Pick<Logger, 'warn'>;
  fetchFile: ReleaseFileFetcher;
  /** What the shell shares, read the first time it is needed. */
  shellShared: () => SharedPackage[];
  /** The clock's time as the tables store it (an ISO string). */
  now: () => string;
  memory: ReleaseMemory;
}

/** The service's inputs with their defaults, and a fresh memory. */
export function releaseDeps(deps: ReleaseServiceDeps): ReleaseDeps {
  let shellSharedList: SharedPackage[] | null = null;
  return {
    releases: deps.releases,
    configured: deps.configured,
    settings: { ...DEFAULT_RELEASE_SETTINGS, ...deps.settings },
    logger: deps.logger,
    fetchFile: deps.fetchFile ?? fetchReleaseFile,
    shellShared: () => (shellSharedList ??= deps.shellShared?.() ?? []),
    now: () => deps.clock.now().toISOString(),
    memory: { adopted: null, lastGood: null, reading: null },
  };
}
