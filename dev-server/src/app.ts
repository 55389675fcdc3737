/**
 * createApp: the API and composition host, built from injected parts so tests can run it with an
 * in-memory database and a fake clock.
 *
 * Every response carries the security headers (http/security-headers.ts) and an X-Request-Id, and
 * is logged as one JSON line (http/request-log.ts).
 *
 * Layers: routes (HTTP, zod at the edge) -> services (rules) -> repositories (SQL via Kysely).
 */
import express from 'express';
import type { AppDeps } from './deps';
import { compressAnswers } from './http/compression';
import { csrfGuard } from './http/csrf';
import { jsonErrorHandler, notFoundJson, rejectMalformedPathsJson } from './http/errors';
import { createJsonLogger, logLevelFromEnv } from './http/logger';
import { assignCohort, optInAllowed } from './http/release-cohort';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { createViewerLookup } from './http/session';
import { createRepositories } from './repositories';
import { accountRoutes } from './routes/accounts';
import { authRoutes } from './routes/auth';
import { clientErrorRoutes } from './routes/client-errors';
import { commerceRoutes } from './routes/commerce';
import { contentRoutes } from './routes/content';
import type { RouteContext } from './routes/context';
import { createLimiter } from './http/rate-limit';
import { DatabaseRateLimitStore } from './http/rate-limit-store';
import { devRoutes } from './routes/dev';
import { discoveryRoutes } from './routes/discovery';
import { downloadRoutes } from './routes/downloads';
import { imageRoutes } from './routes/images';
import { issueRoutes } from './routes/issues';
import { libraryRoutes } from './routes/library';
import { newsletterRoutes } from './routes/newsletters';
import { mediaRoutes } from './routes/media';
import { passwordRoutes } from './routes/passwords';
import { paywallRoutes } from './routes/paywall';
import { platformRoutes } from './routes/platform';
import { releaseRoutes } from './routes/releases';
import { profileRoutes } from './routes/profile';
import { defaultRenderFile, shellRoutes } from './routes/shell';
import { createRenderKey, renderedFor } from './http/page-renderer';
import { createRenderTier } from './http/render-tier';
import { storeRoutes } from './routes/store';
import { systemRoutes } from './routes/system';
import { topicRoutes } from './routes/topics';
import { createServices } from './services';

export type { AppConfig, AppDeps } from './deps';

export function createApp(deps: AppDeps): express.Express {
  const repos = createRepositories(deps.db, deps.searchReaders);
  const services = createServices(deps, repos);
  const logger = deps.logger ?? createJsonLogger({ level: logLevelFromEnv(process.env) });
  const limit = createLimiter(deps.config, (prefix) => new DatabaseRateLimitStore(repos.rateLimits, deps.clock, prefix));
  const ctx: RouteContext = { config: deps.config, services, viewers: createViewerLookup(services.auth), logger, limit };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // req.ip (rate limits, the network meter): the socket's address unless proxies are trusted.
  if (deps.config.trustProxy !== undefined) app.set('trust proxy', deps.config.trustProxy);
  // A page render's API requests come back over loopback on the reader's behalf (decision 032).
  const renderKey = createRenderKey();
  app.use(renderedFor(renderKey));
  // First: every answer, refusals included, has a request id, a log line and the security headers.
  app.use(requestLog(logger));
  // The remote origins of the policy follow the release registry (decision 037).
  const releases = services.releases;
  app.use(
    securityHeaders(
      { ...deps.config, captchaScriptUrl: deps.captcha.browser?.scriptUrl },
      () => releases.cachedSnapshot()?.origins ?? releases.snapshot().then((s) => s.origins),
    ),
  );
  // A malformed path (bad encoding, NUL, dot segments) is refused before any route or file lookup.
  app.use(rejectMalformedPathsJson);
  // gzip for text answers (JSON, HTML, the shell's scripts, SVG); media and small answers stay as they are.
  app.use(compressAnswers());

  // CSRF before body parsing: a refused request is not read at all.
  app.use(csrfGuard(deps.config.publicOrigin));
  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));

  app.use(systemRoutes(ctx));
  app.use(clientErrorRoutes(ctx));
  app.use(contentRoutes(ctx));
  app.use(discoveryRoutes(ctx));
  app.use(topicRoutes(ctx));
  app.use(newsletterRoutes(ctx));
  app.use(issueRoutes(ctx));
  app.use(paywallRoutes(ctx));
  app.use(storeRoutes(ctx));
  app.use(commerceRoutes(ctx));
  app.use(downloadRoutes(ctx));
  app.use(mediaRoutes(ctx));
  app.use(imageRoutes(ctx));
  app.use(authRoutes(ctx));
  app.use(profileRoutes(ctx));
  app.use(libraryRoutes(ctx));
  app.use(accountRoutes(ctx));
  app.use(passwordRoutes(ctx));
  app.use(platformRoutes(ctx));
  app.use(releaseRoutes(ctx));
  // The mail outbox holds live reset links: only ever served when asked for (DEV_OUTBOX=1).
  if (deps.config.exposeOutbox === true) app.use(devRoutes(ctx));

  if (deps.config.shellDist !== null) {
    // Pages are rendered by worker processes apart from this one (decision 045); stopped with the
    // server (startServer's close, through app.locals).
    const renderTier = createRenderTier({
      renderFile: deps.config.shellRenderFile ?? defaultRenderFile(deps.config.shellDist),
      workers: deps.config.renderWorkers,
      logger,
    });
    app.locals.renderTier = renderTier;
    app.use(
      shellRoutes(deps.config.shellDist, {
        publicOrigin: deps.config.publicOrigin,
        renderKey,
        renderTier,
        logger,
        // A page request joins a canary's cohort as /remotes.json would, and its render is given
        // the /remotes.json this reader gets (decision 045: one message, no request back).
        beforeRender: async (req, res) => {
          // A tester's opt-in counts only when they are signed in as one (decision 046).
          const allowed = await optInAllowed(req, ctx.viewers, releases.mayOptIn);
          const snapshot = await releases.snapshot();
          const answer = releases.resolve(snapshot, assignCohort(req, res, snapshot, deps.config.cookieSecure, allowed));
          return { remotes: answer.remotes, ...(answer.integrity ? { integrity: answer.integrity } : {}) };
        },
      }),
    );
  }

  app.use(notFoundJson);
  app.use(jsonErrorHandler(logger));
  return app;
}
