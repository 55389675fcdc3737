/**
 * The release API (issue 24, decision 037), for the teams' CLI (scripts/release.mjs) and the
 * operations page:
 *
 *   GET    /api/releases                       every remote (operators)
 *   GET    /api/releases/{remote}               its channels, versions and events
 *   POST   /api/releases/{remote}/versions      publish a version (PublishRequest)
 *   POST   /api/releases/{remote}/promote       a version to stable or canary (PromoteRequest)
 *   POST   /api/releases/{remote}/rollback      stable back to the version before it
 *   POST   /api/releases/{remote}/canary        the canary's share of browsers; DELETE removes the canary
 *   POST   /api/releases/{remote}/tokens        a deploy token for the remote (operators); DELETE .../tokens/{id} revokes one
 *   POST   /api/remote-loads                    the shell took up a canary (counted against its version)
 *
 * Who may: a deploy token (`Authorization: Bearer mfr_...`) for its own remote only, or a signed-in
 * operator (session cookie; the CSRF header and origin like every POST). Every refusal (no or an
 * unknown, revoked or other remote's token, a non-operator, a rule the registry applies) is an
 * event of the remote's audit trail. Rate-limited per address.
 */
import { Router, type Request } from 'express';
import * as z from 'zod';
import {
  CanaryShareRequestSchema,
  IssueTokenRequestSchema,
  PromoteRequestSchema,
  PublishRequestSchema,
  REMOTE_NAMES,
  RemoteLoadReportSchema,
  RollbackRequestSchema,
  type RemoteName,
} from 'shared-contracts/server';
import { cohortOf } from '../http/release-cohort';
import { parseInput } from '../http/validation';
import { ForbiddenError, NotFoundError, NotSignedInError } from '../services/errors';
import { hashDeployToken, type ReleaseActor } from '../services/releases';
import type { RouteContext } from './context';

const RemoteParamSchema = z.enum(REMOTE_NAMES);

export function releaseRoutes({ services, viewers, limit, logger }: RouteContext): Router {
  const router = Router();
  const releases = services.releases;

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
        // Never the token itself: the first characters of its hash tell a replay from a guess.
        const who = token ? `token:${token.id} (revoked)` : `unknown token sha256:${hashDeployToken(bearer).slice(0, 12)}`;
        throw await releases.refuse(auditAs, who, action, new NotSignedInError('Unknown or revoked deploy token.'));
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
    const remotes = await Promise.all(REMOTE_NAMES.map((r) => releases.state(r)));
    res.json({ remotes, autoRollback: { minLoads: releases.settings.minLoads, maxFailureRate: releases.settings.maxFailureRate } });
  });

  router.get('/api/releases/:remote', async (req, res) => {
    const remote = remoteOf(req);
    await actorFor(req, remote, 'read');
    res.json(await releases.state(remote));
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
  router.post('/api/remote-loads', limit('remoteLoads'), async (req, res) => {
    const report = parseInput(RemoteLoadReportSchema, req.body, 'Invalid report');
    try {
      const version = report.version ?? releases.resolve(await releases.snapshot(), cohortOf(req)).versions[report.remote];
      await releases.recordLoad(report.remote, version);
    } catch (error) {
      logger.warn('remote load not counted', { remote: report.remote, error: error instanceof Error ? error.message : String(error) });
    }
    res.status(204).set('Cache-Control', 'no-store').end();
  });

  return router;
}
