import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './browser';
import { E2E_PORTS } from './ports';

const api = `http://localhost:${E2E_PORTS.api}`;

export default defineConfig({
  testDir: './tests',
  // Screenshot baselines (looks.spec.ts): one folder, named by the test (`home-390.png`), no
  // platform suffix: they hold for Debian's Chromium, which e2e always drives (browser.ts).
  snapshotPathTemplate: '{testDir}/../looks/{arg}{ext}',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: api,
    trace: 'off',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The production builds, each remote on its own port and the shell and API on another, as in a
  // real deployment. scripts/test.sh builds them before Playwright starts.
  webServer: {
    command: 'node ../node_modules/tsx/dist/cli.mjs ../scripts/run-site.ts',
    cwd: __dirname,
    url: `${api}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORTS.api),
      REMOTE_PORT_BASE: String(E2E_PORTS.api),
      DATABASE_FILE: ':memory:',
      NODE_ENV: 'test',
      // Tests read the reset mails; every request comes from one address, so limits are raised.
      DEV_OUTBOX: '1',
      RATE_LIMIT_MULTIPLIER: '20',
      // Request lines are not read here; warnings and errors still reach stderr.
      LOG_LEVEL: 'warn',
      // No host of published versions (release-registry.spec.ts runs its own site with one).
      RELEASES_PORT: '0',
    },
  },
});
