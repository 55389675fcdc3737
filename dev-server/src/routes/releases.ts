/**
 * The release API (decision 037), for the teams' CLI (scripts/release.mjs) and the
 * operations page:
 *
 *   GET    /api/releases                       every remote (operators)
 *   GET    /api/releases/{remote}               its channels, versions and events
 *   POST   /api/releases/{remote}/versions      publish a version (PublishRequest)
 *   POST   /api/releases/{remote}/promote       a version to stable or canary (PromoteRequest)
 *   POST   /api/releases/{remote}/rollback      stable back to the version before it
 *   POST   /api/releases/{remote}/canary        the canary's share of browsers; DELETE removes the canary
 *   POST   /api/releases/{remote}/tokens        a deploy token for the remote (operators); DELETE .../tokens/{id} revokes one
 *   GET    /api/releases/{remote}/events        older changes, a page at a time (?before={event id})
 *   GET    /api/releases/{remote}/refusals      counted refusals, a page at a time (?offset=)
 *   GET    /api/releases/testers                the release testers (operators); POST {email} adds, DELETE .../{email} removes
 *   POST   /api/remote-loads                    the shell took up a canary (counted against the version it was served)
 *
 * Who may: a deploy token (`Authorization: Bearer mfr_...`) for its own remote only, or a signed-in
 * operator (session cookie; the CSRF header and origin like every POST). Every refusal (no or an
 * unknown, revoked or other remote's token, a non-operator, a rule the registry applies) is counted
 * against the remote it aimed at, per actor, action and hour, apart from the changes (decision 046).
 * Rate-limited per address.
 */
import { Router, type Request } from 'express';
import * as z from 'zod';
import {
  CanaryShareRequestSchema,
  IssueTokenRequestSchema,
  PromoteRequestSchema,
  PublishRequestSchema,
  REMOTE_NAMES,
  ReleaseTesterRequestSchema,
  RemoteLoadReportSchema,
  RollbackRequestSchema,
  type RemoteName,
} from 'shared-contracts/server';
import { servedKey, servedOf } from '../http/release-served';
import { parseInput } from '../http/validation';
import { ForbiddenError, NotFoundError, NotSignedInError } from '../services/errors';
import { hashDeployToken, type ReleaseActor } from '../services/releases';
import { browserKey } from './client-errors';
import type { RouteContext } from './context';

const RemoteParamSchema = z.enum(REMOTE_NAMES);
const limitParam = z.coerce.number().int().min(1).max(100).optional();
const EventsQuerySchema = z.object({ before: z.string().max(120).optional(), limit: limitParam });
const RefusalsQuerySchema = z.object({ offset: z.coerce.number().int().min(0).max(1_000_000).optional(), limit: limitParam });

export function releaseRoutes({ config, services, viewers, limit, logger }: RouteContext): Router {
  const router = Router();
  const releases = services.releases;
  const key = servedKey(config);

  function remoteOf(req: Request): RemoteName {
    const parsed = RemoteParamSchema.safeParse(req.params.remote);
    if (!parsed.success) throw new NotFoundError('No such remote.');
    return parsed.data;
  }

  /**
   * Who is asking, allowed for `remote` (null: every remote, operators only); throws (audited) otherwise.
   * `tokens`: whether a deploy token may do this at all (issuing tokens is the operators').
   */
  async function actorFor(req: Request, remote: RemoteName | null, action: string, tokens = true): Promise<ReleaseActor> {
    const auditAs = remote ?? 'all';
    const authorization = req.get('authorization');
    if (authorization !== undefined) {
      const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? '';
      const token = await releases.tokenFor(bearer);
      if (!token || token.revoked) {
        // Never the token itself. Guesses are one actor (counted together, whatever was guessed);
        // the first characters of the last one's hash stay in the reason.
        const who = token ? `token:${token.id} (revoked)` : 'unknown token';
        const error = new NotSignedInError('Unknown or revoked deploy token.');
        await releases.refuse(auditAs, who, action, token ? error : new NotSignedInError(`${error.message} (sha256:${hashDeployToken(bearer).slice(0, 12)})`));
        throw error;
      }
      const actor: ReleaseActor = { kind: 'token', id: token.id, remote: token.remote as RemoteName, label: token.label };
      if (!tokens || remote === null) throw await releases.refuse(auditAs, actor, action, new ForbiddenError('Operators only.'));
      if (token.remote !== remote) {
        throw await releases.refuse(auditAs, actor, action, new ForbiddenError(`This deploy token releases ${token.remote} only.`));
      }
      return actor;
    }
    const viewer = await viewers.viewerOf(req);
    if (!viewer) throw await releases.refuse(auditAs, 'anonymous', action, new NotSignedInError('A deploy token or an operator session is required.'));
    if (!(await releases.isOperator(viewer.user.id))) {
      throw await releases.refuse(auditAs, `user:${viewer.user.email}`, action, new ForbiddenError('Operators only.'));
    }
    return { kind: 'operator', email: viewer.user.email };
  }

  router.use('/api/releases', limit('releases'), (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/api/releases', async (req, res) => {
    await actorFor(req, null, 'read');
    const [remotes, testers] = await Promise.all([Promise.all(REMOTE_NAMES.map((r) => releases.state(r))), releases.testers()]);
    const { minLoads, maxFailureRate, minBrowsers } = releases.settings;
    res.json({ remotes, autoRollback: { minLoads, maxFailureRate, minBrowsers }, testers });
  });

  // The release testers: accounts whose canary opt-in (cookie or header) counts (decision 046). Operators only.
  router.get('/api/releases/testers', async (req, res) => {
    await actorFor(req, null, 'testers');
    res.json({ testers: await releases.testers() });
  });
  router.post('/api/releases/testers', async (req, res) => {
    const actor = await actorFor(req, null, 'tester-add');
    const input = parseInput(ReleaseTesterRequestSchema, req.body, 'Invalid tester');
    await releases.addTester(actor, input.email);
    res.json({ testers: await releases.testers() });
  });
  router.delete('/api/releases/testers/:email', async (req, res) => {
    const actor = await actorFor(req, null, 'tester-remove');
    await releases.removeTester(actor, String(req.params.email).slice(0, 254));
    res.json({ testers: await releases.testers() });
  });

  router.get('/api/releases/:remote', async (req, res) => {
    const remote = remoteOf(req);
    await actorFor(req, remote, 'read');
    res.json(await releases.state(remote));
  });

  // The whole history, a page at a time (decision 046): changes by `before` (an event id), refusals by `offset`.
  router.get('/api/releases/:remote/events', async (req, res) => {
    const remote = remoteOf(req);
    await actorFor(req, remote, 'read');
    const query = parseInput(EventsQuerySchema, req.query, 'Invalid page');
    res.json(await releases.events(remote, query.before, query.limit));
  });
  router.get('/api/releases/:remote/refusals', async (req, res) => {
    const remote = remoteOf(req);
    await actorFor(req, remote, 'read');
    const query = parseInput(RefusalsQuerySchema, req.query, 'Invalid page');
    res.json(await releases.refusals(remote, query.offset, query.limit));
  });

  router.post('/api/releases/:remote/versions', async (req, res) => {
    const remote = remoteOf(req);
    const actor = await actorFor(req, remote, 'publish');
    const input = parseInput(PublishRequestSchema, req.body, 'Invalid release');
    res.status(201).json(await releases.publish(actor, remote, input));
  });

  router.post('/api/releases/:remote/promote', async (req, res) => {
    const remote = remoteOf(req);
    const actor = await actorFor(req, remote, 'promote');
    const input = parseInput(PromoteRequestSchema, req.body, 'Invalid promotion');
    res.json(await releases.promote(actor, remote, input));
  });

  router.post('/api/releases/:remote/rollback', async (req, res) => {
    const remote = remoteOf(req);
    const actor = await actorFor(req, remote, 'rollback');
    const input = parseInput(RollbackRequestSchema, req.body, 'Invalid rollback');
    res.json(await releases.rollback(actor, remote, input.reason ?? ''));
  });

  router.post('/api/releases/:remote/canary', async (req, res) => {
    const remote = remoteOf(req);
    const actor = await actorFor(req, remote, 'canary-share');
    const input = parseInput(CanaryShareRequestSchema, req.body, 'Invalid share');
    res.json(await releases.setCanaryShare(actor, remote, input.percent, input.reason ?? ''));
  });

  router.delete('/api/releases/:remote/canary', async (req, res) => {
    const remote = remoteOf(req);
    const actor = await actorFor(req, remote, 'canary-remove');
    res.json(await releases.removeCanary(actor, remote, typeof req.query.reason === 'string' ? req.query.reason.slice(0, 300) : ''));
  });

  router.post('/api/releases/:remote/tokens', async (req, res) => {
    const remote = remoteOf(req);
    const actor = await actorFor(req, remote, 'token-issue', false);
    const input = parseInput(IssueTokenRequestSchema, req.body, 'Invalid token request');
    const issued = await releases.issueToken(actor, remote, input.label);
    res.status(201).json({ ...issued, remote });
  });

  router.delete('/api/releases/:remote/tokens/:id', async (req, res) => {
    const remote = remoteOf(req);
    const actor = await actorFor(req, remote, 'token-revoke', false);
    await releases.revokeToken(actor, remote, String(req.params.id).slice(0, 40));
    res.status(204).end();
  });

  // The shell's report that it took up a canary version: the denominator of the canary's failure rate.
  // Counted only for the version this browser was served (its signed cookie); another is dropped (decision 046).
  const perBrowser = limit('releaseReports', { keyGenerator: browserKey(key), scope: 'remoteLoadsBrowser' });
  router.post('/api/remote-loads', limit('remoteLoads'), perBrowser, async (req, res) => {
    const report = parseInput(RemoteLoadReportSchema, req.body, 'Invalid report');
    const served = servedOf(req, key);
    const version = served?.versions[report.remote];
    try {
      if (version && (report.version === undefined || report.version === version)) await releases.recordLoad(report.remote, version);
    } catch (error) {
      logger.warn('remote load not counted', { remote: report.remote, error: error instanceof Error ? error.message : String(error) });
    }
    res.status(204).set('Cache-Control', 'no-store').end();
  });

  return router;
}
