/**
 * The release registry's contracts (decisions 037, 046): the requests of the release API
 * (/api/releases, the CLI scripts/release.mjs and the operations page send them), its answers, and
 * the cookie and header that choose a browser's canary cohort. Pure: the server reads it through
 * `shared-contracts/server`; in the browser only the operations page's own chunk imports it
 * (`shared-contracts/releases`), never a reader's first view.
 */
import * as z from 'zod/mini';
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from 'shared-contracts/contracts';

/** GET /remotes.json as the server answers it: the shell's RemotesConfig (with `integrity` for pinned versions) and each remote's version. */
export type RegistryRemotesAnswer = RemotesConfig & { versions: Record<RemoteName, string> };

/** The channels of a remote: `stable` for everyone, `canary` for a share of browsers and those who opt in. */
export const RELEASE_CHANNELS = ['stable', 'canary'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

/** A version's name: `2026.11.26-3f9c2a1` (publish date and content hash), or `env-<8 hex>` for a configured location. */
export const RELEASE_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const ReleaseVersionNameSchema = z.string().check(z.regex(RELEASE_VERSION_PATTERN, 'A version is 1-64 letters, digits, dots, dashes or underscores.'));

/** The sticky cookie holding a browser's random cohort id (its canary bucket per remote is derived from it). */
export const RELEASE_COHORT_COOKIE = 'mfe_cohort';
/**
 * Opt-in to canaries: `all`, or remote names separated by commas. Cookie and header alike; they count
 * only for a signed-in operator or a release tester the operators listed (decision 046).
 */
export const RELEASE_CANARY_COOKIE = 'mfe_canary';
export const RELEASE_CANARY_HEADER = 'x-mfe-canary';
/**
 * The signed record of the versions /remotes.json served a browser, and the browser's random id
 * (decision 046): failure and load reports count only for a version it names. HttpOnly, for /api.
 */
export const RELEASE_SERVED_COOKIE = 'mfe_served';

const reason = z.optional(z.string().check(z.maxLength(300)));

/** POST /api/releases/{remote}/versions: a built version copied to its immutable address. */
export const PublishRequestSchema = z.object({
  version: ReleaseVersionNameSchema,
  manifestUrl: z.url({ protocol: /^https?$/ }),
  /**
   * The pre-release check as the team's CLI ran it (scripts/check-release.mjs), for the record. It
   * can only refuse: a failed one is refused; a passed one proves nothing, and the registry runs its
   * own check on the files at `manifestUrl` (decision 046).
   */
  check: z.optional(z.object({ ok: z.boolean(), lines: z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(200)) })),
  reason,
});
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

/** POST /api/releases/{remote}/promote: a version to a channel (a canary with its share of browsers). */
export const PromoteRequestSchema = z.object({
  version: ReleaseVersionNameSchema,
  channel: z.enum(RELEASE_CHANNELS),
  percent: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  reason,
});
export type PromoteRequest = z.infer<typeof PromoteRequestSchema>;

/** POST /api/releases/{remote}/rollback: stable back to the version before it. */
export const RollbackRequestSchema = z.object({ reason });
export type RollbackRequest = z.infer<typeof RollbackRequestSchema>;

/** POST /api/releases/{remote}/canary: the canary's share; DELETE /api/releases/{remote}/canary removes it. */
export const CanaryShareRequestSchema = z.object({ percent: z.int().check(z.minimum(0), z.maximum(100)), reason });
export type CanaryShareRequest = z.infer<typeof CanaryShareRequestSchema>;

/**
 * POST /api/remote-loads: the shell took up a remote's canary (the denominator of its failure rate).
 * Counted against the version this browser was served (its signed `mfe_served` cookie, decision 046);
 * a report naming another version is dropped.
 */
export const RemoteLoadReportSchema = z.object({ remote: z.enum(REMOTE_NAMES), version: z.optional(ReleaseVersionNameSchema) });
export type RemoteLoadReport = z.infer<typeof RemoteLoadReportSchema>;

export const ReleaseVersionSchema = z.object({
  version: z.string(),
  manifestUrl: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  check: z.array(z.string()),
  /** Whether its files are pinned by digest (published through the registry); false for a configured location. */
  pinned: z.boolean(),
  loads: z.int(),
  failures: z.int(),
  /** failures / loads, at most 1; null before any load was counted. */
  failureRate: z.nullable(z.number()),
  channels: z.array(z.enum(RELEASE_CHANNELS)),
});
export type ReleaseVersion = z.infer<typeof ReleaseVersionSchema>;

export const ReleaseChannelStateSchema = z.object({
  version: z.string(),
  manifestUrl: z.string(),
  percent: z.int(),
  since: z.string(),
  loads: z.int(),
  failures: z.int(),
  failureRate: z.nullable(z.number()),
});
export type ReleaseChannelState = z.infer<typeof ReleaseChannelStateSchema>;

/** A change of the registry (the audit trail): publish, promote, rollback, canary changes, tokens, testers. */
export const ReleaseEventSchema = z.object({
  /** Orders the history; `?before=` of GET /api/releases/{remote}/events pages with it. */
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  channel: z.nullable(z.string()),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  reason: z.string(),
});
export type ReleaseEvent = z.infer<typeof ReleaseEventSchema>;

/** Refused requests of one actor and action in one hour, counted (decision 046): never one row each. */
export const ReleaseRefusalSchema = z.object({
  actor: z.string(),
  action: z.string(),
  /** The hour counted (its start, ISO). */
  hour: z.string(),
  count: z.int(),
  firstAt: z.string(),
  lastAt: z.string(),
  /** The last refusal's reason. */
  reason: z.string(),
});
export type ReleaseRefusal = z.infer<typeof ReleaseRefusalSchema>;

/** GET /api/releases/{remote}/events?before={id}: the next page of the history. */
export const ReleaseEventsPageSchema = z.object({ events: z.array(ReleaseEventSchema), next: z.nullable(z.string()) });
export type ReleaseEventsPage = z.infer<typeof ReleaseEventsPageSchema>;

/** GET /api/releases/{remote}/refusals?offset={n}: the next page of the counted refusals. */
export const ReleaseRefusalsPageSchema = z.object({ refusals: z.array(ReleaseRefusalSchema), next: z.nullable(z.int()) });
export type ReleaseRefusalsPage = z.infer<typeof ReleaseRefusalsPageSchema>;

/** GET /api/releases/testers, POST and DELETE /api/releases/testers (operators): whose canary opt-in counts. */
export const ReleaseTestersSchema = z.object({ testers: z.array(z.string()) });
export const ReleaseTesterRequestSchema = z.object({ email: z.string().check(z.minLength(3), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+$/)) });

/** GET /api/releases/{remote}: a remote's channels, versions (newest first) and latest events. */
export const RemoteReleasesSchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  stable: z.nullable(ReleaseChannelStateSchema),
  canary: z.nullable(ReleaseChannelStateSchema),
  /** What `rollback` would make stable, if anything. */
  rollbackTo: z.nullable(z.string()),
  versions: z.array(ReleaseVersionSchema),
  /** The newest changes; `eventsNext` (null: none older) asks for the page before them. */
  events: z.array(ReleaseEventSchema),
  eventsNext: z.nullable(z.string()),
  /** The most recent counted refusals; `refusalsNext` (null: none older) is the offset of the next page. */
  refusals: z.array(ReleaseRefusalSchema),
  refusalsNext: z.nullable(z.int()),
});
export type RemoteReleases = z.infer<typeof RemoteReleasesSchema>;

/** GET /api/releases: every remote (operators only), with the automatic rollback's rule and the release testers. */
export const ReleasesOverviewSchema = z.object({
  remotes: z.array(RemoteReleasesSchema),
  autoRollback: z.object({ minLoads: z.int(), maxFailureRate: z.number(), minBrowsers: z.int() }),
  testers: z.array(z.string()),
});
export type ReleasesOverview = z.infer<typeof ReleasesOverviewSchema>;

/** POST /api/releases/{remote}/tokens (operators): a new deploy token, shown once. */
export const IssuedTokenSchema = z.object({ id: z.string(), remote: z.enum(REMOTE_NAMES), token: z.string() });
export type IssuedToken = z.infer<typeof IssuedTokenSchema>;
export const IssueTokenRequestSchema = z.object({ label: z.string().check(z.minLength(1), z.maxLength(80)) });

/** failures / loads, capped at 1 (a page can report two modules of a remote); null without loads. */
export function failureRate(loads: number, failures: number): number | null {
  if (loads <= 0) return failures > 0 ? 1 : null;
  return Math.min(1, failures / loads);
}

/** Which remotes an opt-in value (cookie or header) names: `all`, or names separated by commas. */
export function canaryOptIn(value: string | undefined | null): 'all' | Set<string> {
  const parts = (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.includes('all') || parts.includes('*')) return 'all';
  return new Set(parts.filter((p) => (REMOTE_NAMES as readonly string[]).includes(p)));
}
