/**
 * Entry point: `tsx dev-server/src/main.ts`. Reads the environment (see config.ts), opens the
 * database (the SQLite file, or PostgreSQL at DATABASE_URL), migrates, seeds an empty database, listens and logs the URL.
 */
import { settingsFromEnv } from './config';
import { describeDatabase } from './db/open';
import { describeSmtpUrl } from './mail/smtp';
import { startServer } from './server';

async function main(): Promise<void> {
  const settings = settingsFromEnv(process.env);
  const started = Date.now();
  const server = await startServer(settings);
  console.log(
    `dev-server listening on ${server.url} (database ${describeDatabase(settings.databaseUrl ?? settings.databaseFile)}${server.seeded || settings.seedArticles ? `, seed ${(server.seedMs / 1000).toFixed(1)} s` : ''}${server.seeded ? ', seeded' : ''}, ready in ${Date.now() - started} ms)`,
  );
  console.log(
    `captcha: ${settings.captchaSettings ? `reCAPTCHA v3 (script ${settings.captchaSettings.scriptUrl}, verified at ${settings.captchaSettings.verifyUrl}, lowest score ${settings.captchaSettings.minScore})` : 'local (any non-empty token)'}`,
  );
  console.log(
    `mail: ${settings.smtpUrl ? `delivered through ${describeSmtpUrl(settings.smtpUrl)} from ${settings.mailFrom}` : 'kept in the outbox table (set SMTP_URL to send it)'}`,
  );
  if (settings.exposeOutbox) console.warn('DEV_OUTBOX=1: GET /dev/outbox serves every mail, reset links included. Never in production.');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`dev-server: error while stopping on ${signal}`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('dev-server failed to start', error);
  process.exit(1);
});
