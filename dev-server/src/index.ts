/** Public surface of the dev-server package, for scripts (e2e, bench) and tests. */
export { createApp } from './app';
export { startServer, type RunningServer, type StartServerOptions } from './server';
export * from './deps';
export { settingsFromEnv, REPO_ROOT } from './config';
export { openSqlite } from './db/sqlite';
export { migrateToLatest } from './db/migrations';
export type { Database } from './db/database';
export { seedDatabase, seedIfEmpty, DEFAULT_SEED } from './seed';
export {
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_SUBSCRIBER,
  DEMO_GOOD,
  DEMO_BETTER,
  DEMO_EXECUTIVE,
  DEMO_ALLACCESS,
  DEMO_RESTRICTED,
  DEMO_LOCKING,
  DEMO_USERS,
  DEMO_FOLDERS,
  DEMO_PRINT_SUBSCRIBER,
  DEMO_LAPSED_SUBSCRIBER,
  DEMO_ACCESS_CODE_SUBSCRIBER,
  DEMO_SUBSCRIBER_RECORDS,
  type DemoUser,
  type DemoSubscriberRecord,
} from './seed/demo-users';
export { RecaptchaVerifier } from './integrations/recaptcha';
