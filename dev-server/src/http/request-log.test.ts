import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { ChartPageSchema, CSRF_HEADER, CSRF_VALUE, digestDownloadPath, GIFT_QUERY_PARAM, ListUrlSchema, UserSchema } from 'shared-contracts/server';
import { DEMO_SUBSCRIBER } from '../seed/demo-users';
import { sessionOf } from '../test/discovery';
import { createTestApp, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';
import { folderBySlug } from '../test/library';
import { jsonErrorHandler } from './errors';
import { createJsonLogger, createMemoryLogger, logLevelFromEnv, silentLogger, type MemoryLogger } from './logger';
import { requestIdFor, requestLog } from './request-log';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a sane incoming id and replaces anything else with a random one', () => {
    expect(requestIdFor('abc-123_X.y')).toBe('abc-123_X.y');
    expect(requestIdFor('a'.repeat(64))).toBe('a'.repeat(64));
    for (const bad of [undefined, '', 'a'.repeat(65), 'has space', 'new\nline', 'a/b', '<script>']) {
      expect(requestIdFor(bad)).toMatch(UUID);
    }
  });
});

describe('the request log', () => {
  let t: TestApp;
  let logger: MemoryLogger;
  beforeAll(async () => {
    logger = createMemoryLogger();
    t = await createTestApp({}, { logger });
  });
  afterAll(() => t.close());
  beforeEach(() => logger.entries.splice(0));

  it('writes one line per request with its id, method, path without query, status and duration', async () => {
    const res = await request(t.app)
      .get('/service/stream/latest?page=1&size=8&token=secret')
      .set('X-Request-Id', 'edge-42')
      .set('Cookie', 'sid=secret-session')
      .expect(200);
    expect(res.headers['x-request-id']).toBe('edge-42');
    expect(logger.entries).toHaveLength(1);
    const [line] = logger.entries;
    expect(line).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      msg: 'request',
      requestId: 'edge-42',
      method: 'GET',
      path: '/service/stream/latest',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(line)).not.toMatch(/secret/);
  });

  it('gives a request without a usable id a random one, on refusals and 404s too', async () => {
    const refused = await request(t.app).post('/authenticate').set('X-Request-Id', 'bad id!').send({ username: 'a@b.example' }).expect(403);
    expect(refused.headers['x-request-id']).toMatch(UUID);
    const missing = await request(t.app).get('/api/nope').expect(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    expect(logger.entries.map((e) => [e.requestId, e.status])).toEqual([
      [refused.headers['x-request-id'], 403],
      [missing.headers['x-request-id'], 404],
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain('a@b.example');
  });

  it('the test harness logs nothing by default', async () => {
    const quiet = await createTestApp();
    const write = jest.spyOn(process.stdout, 'write');
    try {
      await request(quiet.app).get('/healthz').expect(200);
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
      await quiet.close();
    }
  });
});

describe('secrets in addresses never reach the logs (PLAT-08)', () => {
  let t: TestApp;
  let logger: MemoryLogger;
  beforeAll(async () => {
    logger = createMemoryLogger();
    t = await createTestApp({ rateLimits: UNLIMITED }, { logger });
  });
  afterAll(() => t.close());
  beforeEach(() => logger.entries.splice(0));

  /** A shared folder's link token (the demo subscriber's folder), as its owner gets it. */
  async function shareListToken(): Promise<string> {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const folder = await folderBySlug(t, sid, 'strategy-reads');
    const { listurl } = ListUrlSchema.parse((await request(t.app).get(`/service/user/list/url/${folder.id}`).set('Cookie', `sid=${sid}`).expect(200)).body);
    const token = new URL(listurl).pathname.split('/').pop() ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    return token;
  }

  const requestLines = () => logger.entries.filter((e) => e.msg === 'request');
  const percentEncoded = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

  it("attack: a shared folder's link token, read through its API call (any case, percent-encoded) and its page, is not in the request log", async () => {
    const token = await shareListToken();
    logger.entries.splice(0);
    await request(t.app).get(`/api/shared-list/${token}`).expect(200);
    await request(t.app).get(`/API/Shared-List/${token}`).expect(200);
    await request(t.app)
      .get(`/api/shared-list/${percentEncoded(token)}`)
      .expect(200);
    await request(t.app).get(`/my-library/shared/${token}?from=mail`).set('Accept', 'text/html');
    expect(requestLines().map((e) => e.path)).toEqual([
      '/api/shared-list/[redacted]',
      '/API/Shared-List/[redacted]',
      '/api/shared-list/[redacted]',
      '/my-library/shared/[redacted]',
    ]);
    const logged = JSON.stringify(logger.entries);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(percentEncoded(token).slice(0, 30));
  });

  it("attack: a subscriber's download digest in /data-visuals/download/{digest}/{file} is not in the request log", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const user = UserSchema.parse((await request(t.app).get('/service/user/profile').set('Cookie', `sid=${sid}`).expect(200)).body);
    const digest = user.subscriber?.digest ?? '';
    expect(digest).not.toBe('');
    const chart = ChartPageSchema.parse((await request(t.app).get('/api/data-and-visuals').expect(200)).body).content[0]!;
    logger.entries.splice(0);
    await request(t.app).get(digestDownloadPath(digest, chart)).set('Cookie', `sid=${sid}`).expect(200);
    // Someone else's digest, refused, is not logged either.
    await request(t.app)
      .get(digestDownloadPath(`${digest}x`, chart))
      .set('Cookie', `sid=${sid}`)
      .expect(403);
    expect(requestLines().map((e) => e.path)).toEqual([
      expect.stringMatching(/^\/data-visuals\/download\/\[redacted\]\/[\w.-]+\.svg$/),
      expect.stringMatching(/^\/data-visuals\/download\/\[redacted\]\/[\w.-]+\.svg$/),
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain(digest);
  });

  it("attack: a failure report sent from a shared folder's page (the token in its path and in the error's URL) is logged without the token", async () => {
    const token = await shareListToken();
    logger.entries.splice(0);
    await request(t.app)
      .post('/api/client-errors')
      .set(CSRF_HEADER, CSRF_VALUE)
      .set('Origin', TEST_ORIGIN)
      .send({
        remote: 'library',
        module: './App',
        stage: 'module',
        message: `Loading chunk 7 failed. (${TEST_ORIGIN}/my-library/shared/${token})`,
        page: `/my-library/shared/${token}`,
      })
      .expect(204);
    expect(logger.entries.find((e) => e.msg === 'remote load failed')).toMatchObject({
      page: '/my-library/shared/[redacted]',
      message: `Loading chunk 7 failed. (${TEST_ORIGIN}/my-library/shared/[redacted])`,
    });
    expect(JSON.stringify(logger.entries)).not.toContain(token);
  });

  it('attack: reset, confirmation and gift links opened as pages leave no token in the request log or in the page render warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-redaction-'));
    // The render tier's workers read it as an unprivileged user when the tests run as root (decision 045).
    fs.chmodSync(dir, 0o755);
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>');
    const renderFile = path.join(dir, 'render.js');
    // A server build that fails: the host logs a warning naming the page, and serves the bare shell.
    fs.writeFileSync(renderFile, "exports.renderPage = async () => { throw new Error('render failed'); };");
    const pages = createMemoryLogger();
    const shell = await createTestApp({ rateLimits: UNLIMITED, shellDist: dist, shellRenderFile: renderFile }, { logger: pages });
    try {
      const token = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';
      const pageAddresses = [
        `/reset-password?token=${token}`,
        `/verify-email?token=${token}`,
        `/2025/06/leading-teams?${GIFT_QUERY_PARAM}=${token}&utm=mail`,
        // A shared folder's page as the address to come back to after signing in.
        `/register?returnPath=%2Fmy-library%2Fshared%2F${token}`,
      ];
      for (const page of pageAddresses) {
        await request(shell.app).get(page).set('Accept', 'text/html').expect(200);
      }
      const warned = pages.entries.filter((e) => e.msg === 'page render failed').map((e) => e.path);
      expect(warned).toEqual([
        '/reset-password?token=[redacted]',
        '/verify-email?token=[redacted]',
        `/2025/06/leading-teams?${GIFT_QUERY_PARAM}=[redacted]&utm=mail`,
        '/register?returnPath=%2Fmy-library%2Fshared%2F[redacted]',
      ]);
      expect(pages.entries.filter((e) => e.msg === 'request').map((e) => e.path)).toEqual([
        '/reset-password',
        '/verify-email',
        '/2025/06/leading-teams',
        '/register',
      ]);
      expect(JSON.stringify(pages.entries)).not.toContain(token);
    } finally {
      await shell.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('attack: an unhandled error on a shared-list address, whose message quotes the address, is logged without the token', async () => {
    const errors = createMemoryLogger();
    const app = express();
    app.use(requestLog(errors));
    app.get('/api/shared-list/:token', (req) => {
      throw new Error(`cannot read ${req.originalUrl}`);
    });
    app.use(jsonErrorHandler(errors));
    await request(app).get('/api/shared-list/SeCrEtToKeN_123?x=1').expect(500);
    expect(errors.entries.find((e) => e.level === 'error')).toMatchObject({
      path: '/api/shared-list/[redacted]',
      error: { message: 'cannot read /api/shared-list/[redacted]?x=1' },
    });
    expect(JSON.stringify(errors.entries)).not.toContain('SeCrEtToKeN');
  });
});

describe('unhandled errors', () => {
  it('are logged as JSON with the request id and answered 500 without details', async () => {
    const logger = createMemoryLogger();
    const app = express();
    app.use(requestLog(logger));
    app.get('/boom', () => {
      throw new Error('database exploded');
    });
    app.use(jsonErrorHandler(logger));
    const res = await request(app).get('/boom?x=1').set('X-Request-Id', 'req-1').expect(500);
    expect(JSON.stringify(res.body)).not.toContain('exploded');
    const error = logger.entries.find((e) => e.level === 'error');
    expect(error).toMatchObject({
      msg: 'unhandled error',
      requestId: 'req-1',
      method: 'GET',
      path: '/boom',
      error: { name: 'Error', message: 'database exploded' },
    });
    expect(logger.entries.at(-1)).toMatchObject({ msg: 'request', requestId: 'req-1', status: 500 });
  });
});

describe('loggers', () => {
  it('write one JSON object per line, dropping entries below the level', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ level: 'warn', write: (line) => lines.push(line) });
    logger.info('request', { requestId: 'x' });
    logger.warn('remote load failed', { remote: 'video' });
    logger.error('unhandled error');
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'remote load failed', remote: 'video' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'error', msg: 'unhandled error' });
  });

  it('read LOG_LEVEL, silent under Jest when unset, info otherwise', () => {
    expect(logLevelFromEnv({ LOG_LEVEL: 'WARN' })).toBe('warn');
    expect(logLevelFromEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'production' })).toBe('silent');
    expect(logLevelFromEnv({ NODE_ENV: 'test' })).toBe('silent');
    expect(logLevelFromEnv({})).toBe('info');
    expect(() => logLevelFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    silentLogger.error('nothing');
  });
});

describe('below the info level', () => {
  it('still gives every request its id, writes no request line, and still logs errors', async () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ level: 'warn', write: (line) => lines.push(line) });
    expect([logger.enabled?.('debug'), logger.enabled?.('info'), logger.enabled?.('warn'), logger.enabled?.('error')]).toEqual([false, false, true, true]);
    const app = express();
    app.use(requestLog(logger));
    app.get('/ok', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/boom', () => {
      throw new Error('database exploded');
    });
    app.use(jsonErrorHandler(logger));
    const ok = await request(app).get('/ok').expect(200);
    expect(ok.headers['x-request-id']).toMatch(UUID);
    await request(app).get('/boom').set('X-Request-Id', 'req-2').expect(500);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'error', msg: 'unhandled error', requestId: 'req-2' }),
    ]);
  });

  it('logs every request through a logger that cannot tell its level', async () => {
    const entries: string[] = [];
    const bare = { debug: () => undefined, info: (msg: string) => entries.push(msg), warn: () => undefined, error: () => undefined };
    const app = express();
    app.use(requestLog(bare));
    app.get('/ok', (_req, res) => {
      res.json({ ok: true });
    });
    await request(app).get('/ok').expect(200);
    expect(entries).toEqual(['request']);
  });
});
