import express from 'express';
import request from 'supertest';
import { createTestApp, type TestApp } from '../test/harness';
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
