/**
 * The release registry (decisions 037, 046): which version of each remote readers get.
 *
 * - What a team publishes is untrusted input (decision 046). A version is published only from the
 *   places the operator configured for its remote (its configured origin, the releases host's
 *   `<RELEASE_BASE_URL>/<remote>/`, RELEASE_ORIGINS_<REMOTE>), fetched without following redirects,
 *   checked here (the manifest names the remote, its shared packages against the shell's), and
 *   pinned: the SRI digests of its manifest, remote entry and server build are recorded, and the
 *   browser and the render tier load nothing else under that version.
 * - Versions are published once under their own address and never changed (a name or a manifest
 *   address used before is refused). The location the server is configured with (REMOTE_*_URL) is
 *   adopted as a version `env-<8 hex of its URL>` and made stable the first time the registry sees
 *   it, so a fresh database behaves exactly as before the registry, and moving a remote by its
 *   setting still works.
 * - Channels: `stable` (everyone) and `canary` (a share of browsers by a sticky cohort cookie, plus
 *   anyone opting in by cookie or header). `resolve` picks a browser's version per remote; the page
 *   renderer's `/remotes.json` goes through the same function with the same cookies, so the HTML and
 *   the browser agree.
 * - The channels are read at most once per `cacheMs` per process (and at once after a change made
 *   here); when the database cannot be read the last good snapshot is used, and before any, the
 *   configured locations.
 * - Every change is an event (who, when, what, from, to, why); refusals are counted per remote,
 *   actor, action and hour apart from them, so no flood of refusals hides a change.
 * - Loads and failures of a canary are counted from the browsers that were served it (the route
 *   checks the signed served-versions cookie); past `minLoads` loads, a failure rate above
 *   `maxFailureRate` with failures from at least `minBrowsers` browsers takes the canary out of its
 *   channel, recorded as the registry's own event. Only an operator may promote it again.
 *
 * The rules live in releases/, one module per concern, each function taking the registry's
 * dependencies (releases/deps.ts) as its first argument: publish.ts and check.ts (publishing and
 * the server's check), channels.ts (promote, canary share, rollback), reports.ts (browsers' loads
 * and failures, the automatic rollback), snapshot.ts and resolve.ts (what readers get),
 * configured.ts (the REMOTE_*_URL locations), state.ts, events.ts (the history), tokens.ts,
 * testers.ts and fetch.ts. This module gives them one service's dependencies.
 */
import { promote, removeCanary, rollback, setCanaryShare } from './releases/channels';
import { ensureConfigured } from './releases/configured';
import { releaseDeps, type ReleaseDeps, type ReleaseServiceDeps } from './releases/deps';
import { events, refusals, refuse, type ReleaseActor } from './releases/events';
import { publish } from './releases/publish';
import { recordFailure, recordLoad } from './releases/reports';
import { resolve } from './releases/resolve';
import { cachedSnapshot, invalidate, snapshot } from './releases/snapshot';
import { state } from './releases/state';
import { addTester, isOperator, mayOptIn, removeTester, testers } from './releases/testers';
import { issueToken, revokeToken, tokenFor } from './releases/tokens';

export { fromAllowedSource, releaseSource, type ReleaseSource } from './releases/check';
export { configuredVersion } from './releases/configured';
export { DEFAULT_RELEASE_SETTINGS, DEFAULT_RELEASES_BASE_URL, type RegistrySnapshot, type ReleaseSettings } from './releases/deps';
export { actorName, type ReleaseActor } from './releases/events';
export { fetchReleaseFile, RELEASE_FILE_MAX_BYTES, sriDigest, type FetchedFile, type ReleaseFileFetcher } from './releases/fetch';
export { cohortBucket, type Cohort } from './releases/resolve';
export { hashDeployToken } from './releases/tokens';

export function createReleaseService(deps: ReleaseServiceDeps) {
  const given = releaseDeps(deps);
  /** `fn` with this service's dependencies as its first argument. */
  const bind =
    <A extends unknown[], R>(fn: (deps: ReleaseDeps, ...args: A) => R) =>
    (...args: A): R =>
      fn(given, ...args);
  return {
    settings: given.settings,
    ensureConfigured: bind(ensureConfigured),
    snapshot: bind(snapshot),
    cachedSnapshot: bind(cachedSnapshot),
    invalidate: bind(invalidate),
    resolve,
    state: bind(state),
    events: bind(events),
    refusals: bind(refusals),
    publish: bind(publish),
    promote: bind(promote),
    rollback: bind(rollback),
    setCanaryShare: bind(setCanaryShare),
    removeCanary: bind(removeCanary),
    recordLoad: bind(recordLoad),
    recordFailure: bind(recordFailure),
    issueToken: bind(issueToken),
    revokeToken: bind(revokeToken),
    tokenFor: bind(tokenFor),
    // Generic in the error it returns, which `bind` would not keep.
    refuse: <E extends Error>(remote: string, actor: ReleaseActor | string, action: string, error: E, fields?: { to?: string | null }) =>
      refuse(given, remote, actor, action, error, fields),
    addTester: bind(addTester),
    removeTester: bind(removeTester),
    testers: bind(testers),
    isOperator: bind(isOperator),
    /** Whether a signed-in account's canary opt-in counts: an operator or a listed release tester. */
    mayOptIn: bind(mayOptIn),
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
