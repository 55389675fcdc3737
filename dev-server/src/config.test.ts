/** Production settings: no development key or verifier is ever used with NODE_ENV=production. */
import request from 'supertest';
import { assertProductionSettings, parseReleaseSettings, PRODUCTION_SECRETS, settingsFromEnv } from './config';
import { startServer } from './server';

const SECRETS = { DIGEST_SECRET: 'd'.repeat(40), SHARE_LINK_SECRET: 's'.repeat(40), CAPTCHA_SECRET: 'c'.repeat(40), CAPTCHA_SITE_KEY: 'site-key' };

describe('production settings', () => {
  it('refuses to start in production without its secrets, naming each missing setting', () => {
    expect(() => settingsFromEnv({ NODE_ENV: 'production', SHELL_DIST: '' }, '/repo')).toThrow(
      'Refusing to start in production: set DIGEST_SECRET, SHARE_LINK_SECRET, CAPTCHA_SECRET',
    );
    expect(() => settingsFromEnv({ NODE_ENV: 'production', DIGEST_SECRET: 'x'.repeat(40), CAPTCHA_SECRET: '' }, '/repo')).toThrow(
      'Refusing to start in production: set SHARE_LINK_SECRET, CAPTCHA_SECRET',
    );
    expect(PRODUCTION_SECRETS).toEqual(['DIGEST_SECRET', 'SHARE_LINK_SECRET', 'CAPTCHA_SECRET']);
  });

  it('refuses to serve the mail outbox in production', () => {
    expect(() => assertProductionSettings({ NODE_ENV: 'production', ...SECRETS, DEV_OUTBOX: '1' })).toThrow(
      'Refusing to start in production: unset DEV_OUTBOX',
    );
  });

  it('starts in production with every secret set, and uses them', async () => {
    const settings = settingsFromEnv({ NODE_ENV: 'production', ...SECRETS, SHELL_DIST: '' }, '/repo');
    expect(settings).toMatchObject({ digestSecret: SECRETS.DIGEST_SECRET, shareLinkSecret: SECRETS.SHARE_LINK_SECRET, captchaSecret: SECRETS.CAPTCHA_SECRET });
    const server = await startServer({ ...settings, logLevel: 'silent', port: 0, host: '127.0.0.1', databaseFile: ':memory:' });
    try {
      expect((await request(server.app).get('/healthz').expect(200)).body).toEqual({ ok: true });
    } finally {
      await server.close();
    }
  });

  it('keeps the development defaults in any other mode (npm start, e2e, tests)', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const s = settingsFromEnv({ NODE_ENV }, '/repo');
      expect(s).toMatchObject({ digestSecret: undefined, shareLinkSecret: undefined, captchaSecret: undefined });
    }
    expect(settingsFromEnv({ NODE_ENV: 'test', DEV_OUTBOX: '1' }, '/repo').exposeOutbox).toBe(true);
  });
});

describe('SEED_ARTICLES', () => {
  it('is unset by default (the seed stays as it is) and reads a whole number, underscores allowed', () => {
    expect(settingsFromEnv({}, '/repo').seedArticles).toBeUndefined();
    expect(settingsFromEnv({ SEED_ARTICLES: '' }, '/repo').seedArticles).toBeUndefined();
    expect(settingsFromEnv({ SEED_ARTICLES: '100000' }, '/repo').seedArticles).toBe(100_000);
    expect(settingsFromEnv({ SEED_ARTICLES: '100_000' }, '/repo').seedArticles).toBe(100_000);
  });

  it.each(['many', '-1', '2.5', '1000001'])('refuses %j', (value) => {
    expect(() => settingsFromEnv({ SEED_ARTICLES: value }, '/repo')).toThrow(/SEED_ARTICLES/);
  });
});

describe('RENDER_WORKERS (decision 045)', () => {
  it('is 2 by default and reads a whole number from 1 to 8', () => {
    expect(settingsFromEnv({}, '/repo').renderWorkers).toBe(2);
    expect(settingsFromEnv({ RENDER_WORKERS: '' }, '/repo').renderWorkers).toBe(2);
    expect(settingsFromEnv({ RENDER_WORKERS: '1' }, '/repo').renderWorkers).toBe(1);
    expect(settingsFromEnv({ RENDER_WORKERS: '8' }, '/repo').renderWorkers).toBe(8);
  });

  it.each(['0', '9', '1.5', 'two'])('refuses %j', (value) => {
    expect(() => settingsFromEnv({ RENDER_WORKERS: value }, '/repo')).toThrow(/RENDER_WORKERS/);
  });
});

describe('the automatic rollback rule from the environment (decision 037)', () => {
  it('reads RELEASE_CANARY_MIN_LOADS and RELEASE_CANARY_MAX_FAILURE_RATE, and refuses nonsense', () => {
    expect(parseReleaseSettings({})).toEqual({});
    expect(parseReleaseSettings({ RELEASE_CANARY_MIN_LOADS: '3', RELEASE_CANARY_MAX_FAILURE_RATE: '0.5' })).toEqual({ minLoads: 3, maxFailureRate: 0.5 });
    expect(() => parseReleaseSettings({ RELEASE_CANARY_MIN_LOADS: '0' })).toThrow('RELEASE_CANARY_MIN_LOADS');
    expect(() => parseReleaseSettings({ RELEASE_CANARY_MAX_FAILURE_RATE: '1.5' })).toThrow('RELEASE_CANARY_MAX_FAILURE_RATE');
  });

  it('reads where versions may be published from and how many browsers must fail (decision 046), and refuses nonsense', () => {
    expect(
      parseReleaseSettings({
        RELEASE_CANARY_MIN_BROWSERS: '3',
        RELEASE_BASE_URL: 'https://releases.example.com',
        RELEASE_ORIGINS_STORE: 'https://cdn.example.com/store/, https://cdn2.example.com',
        RELEASE_ORIGINS_VISUAL_LIBRARY: 'https://charts.example.com/',
      }),
    ).toEqual({
      minBrowsers: 3,
      baseUrl: 'https://releases.example.com/',
      origins: { store: ['https://cdn.example.com/store/', 'https://cdn2.example.com/'], visualLibrary: ['https://charts.example.com/'] },
    });
    expect(() => parseReleaseSettings({ RELEASE_CANARY_MIN_BROWSERS: '0' })).toThrow('RELEASE_CANARY_MIN_BROWSERS');
    expect(() => parseReleaseSettings({ RELEASE_BASE_URL: 'file:///etc' })).toThrow('RELEASE_BASE_URL must be an http or https address');
    expect(() => parseReleaseSettings({ RELEASE_ORIGINS_STORE: 'https://user:pw@cdn.example.com' })).toThrow('RELEASE_ORIGINS_STORE');
  });
});
