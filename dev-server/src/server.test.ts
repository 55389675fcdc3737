import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ArticleStreamSchema, CSRF_HEADER, CSRF_VALUE, RemotesConfigSchema, UserSchema } from 'shared-contracts/server';
import { settingsFromEnv } from './config';
import { startServer } from './server';
import { DEMO_SUBSCRIBER } from './seed/demo-users';

// Each test starts real servers that migrate and seed a whole database (about a second each on an
// idle machine, several under a loaded CI run): more than Jest's default 5 s may pass.
jest.setTimeout(30_000);

describe('startServer', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-server-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('migrates and seeds a new database file, serves over HTTP, and does not seed it twice', async () => {
    const databaseFile = path.join(dir, 'nested', 'site.db');
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      databaseFile,
      remotes: { store: 'https://store.example/mf-manifest.json' },
    });
    try {
      expect(server.seeded).toBe(true);
      expect(fs.existsSync(databaseFile)).toBe(true);
      expect(server.url).toBe(`http://localhost:${server.port}`);
      const base = `http://127.0.0.1:${server.port}`;

      const remotes = RemotesConfigSchema.parse(await (await fetch(`${base}/remotes.json`)).json());
      expect(remotes.remotes.store).toBe('https://store.example/mf-manifest.json');
      expect(remotes.remotes.paywall).toBe('http://localhost:3001/mf-manifest.json');

      const stream = ArticleStreamSchema.parse(await (await fetch(`${base}/service/stream/latest`)).json());
      expect(stream.entry).toHaveLength(8);

      // The default public origin is http://localhost:{port}; a browser on it may sign in.
      const res = await fetch(`${base}/authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: CSRF_VALUE, Origin: server.url },
        body: JSON.stringify({ username: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password, reCaptchaToken: 'x' }),
      });
      expect(res.status).toBe(200);
      expect(UserSchema.parse(await res.json()).status).toBe('subscriber');
    } finally {
      await server.close();
    }

    const again = await startServer({ port: 0, host: '127.0.0.1', databaseFile });
    try {
      expect(again.seeded).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('applies the environment: DEV_OUTBOX serves the outbox, CAPTCHA_SECRET picks reCAPTCHA, GEO_COUNTRY the country', async () => {
    const settings = settingsFromEnv({ DEV_OUTBOX: '1', CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key', GEO_COUNTRY: 'FR', SHELL_DIST: '' });
    const server = await startServer({ ...settings, logLevel: 'silent', port: 0, host: '127.0.0.1', databaseFile: ':memory:' });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect(await (await fetch(`${base}/dev/outbox`)).json()).toEqual([]);
      expect(await (await fetch(`${base}/api/recaptcha/enabled`)).json()).toEqual({
        enabled: true,
        provider: 'recaptcha',
        siteKey: 'site-key',
        scriptUrl: 'https://www.google.com/recaptcha/api.js',
      });
      expect(await (await fetch(`${base}/api/geolocation`)).json()).toEqual({ country: 'FR' });
    } finally {
      await server.close();
    }
    const plain = await startServer({ ...settingsFromEnv({ SHELL_DIST: '' }), logLevel: 'silent', port: 0, host: '127.0.0.1', databaseFile: ':memory:' });
    try {
      expect((await fetch(`http://127.0.0.1:${plain.port}/dev/outbox`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
