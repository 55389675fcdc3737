import request from 'supertest';
import { ApiErrorBodySchema, type ClientErrorReport, CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import { createMemoryLogger, type MemoryLogger } from '../http/logger';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';
import { createTestApp, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';
import { scrubClientMessage } from './client-errors';

const REPORT: ClientErrorReport = {
  remote: 'video',
  module: './VideoApp',
  stage: 'entry',
  message: 'Loading script failed.',
  page: '/video/1001/leading-teams',
};

let t: TestApp;
let logger: MemoryLogger;
beforeAll(async () => {
  logger = createMemoryLogger('warn');
  t = await createTestApp({ rateLimits: UNLIMITED }, { logger });
});
afterAll(() => t.close());
beforeEach(() => logger.entries.splice(0));

const report = (app: TestApp['app'], body: unknown) =>
  request(app)
    .post('/api/client-errors')
    .set(CSRF_HEADER, CSRF_VALUE)
    .set('Origin', TEST_ORIGIN)
    .send(body as object);

describe('POST /api/client-errors', () => {
  it('answers 204 and logs one warn line with the request id', async () => {
    const res = await report(t.app, REPORT).set('X-Request-Id', 'page-load-7').expect(204);
    expect(res.text).toBe('');
    expect(logger.entries).toEqual([
      {
        level: 'warn',
        time: expect.any(String),
        msg: 'remote load failed',
        requestId: 'page-load-7',
        remote: 'video',
        module: './VideoApp',
        stage: 'entry',
        message: 'Loading script failed.',
        page: '/video/1001/leading-teams',
      },
    ]);
  });

  it('accepts every remote and stage', async () => {
    for (const remote of ['paywall', 'library', 'store', 'video', 'visualLibrary'] as const) {
      for (const stage of ['config', 'entry', 'module', 'timeout', 'render'] as const) {
        await report(t.app, { ...REPORT, remote, stage }).expect(204);
      }
    }
    expect(logger.entries).toHaveLength(25);
  });

  it.each<[string, unknown]>([
    ['an unknown remote', { ...REPORT, remote: 'shell' }],
    ['an unknown stage', { ...REPORT, stage: 'boot' }],
    ['a module over 60 characters', { ...REPORT, module: 'a'.repeat(61) }],
    ['a module with other characters', { ...REPORT, module: './Video App' }],
    ['a message over 300 characters', { ...REPORT, message: 'x'.repeat(301) }],
    ['a page over 200 characters', { ...REPORT, page: `/${'p'.repeat(200)}` }],
    ['a page that is not a path', { ...REPORT, page: 'https://evil.example/' }],
    ['a page with a query string', { ...REPORT, page: '/reset?token=abc' }],
    ['a missing field', { remote: 'video', module: './VideoApp', stage: 'entry', page: '/' }],
    ['not an object', ['video']],
  ])('refuses %s with 400 and logs no report', async (_name, body) => {
    const res = await report(t.app, body).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors?.length).toBeGreaterThan(0);
    expect(logger.entries).toEqual([]);
  });

  it('follows the CSRF rules of any POST', async () => {
    await request(t.app).post('/api/client-errors').send(REPORT).expect(403);
    await report(t.app, REPORT).set('Origin', 'https://evil.example').expect(403);
    expect(logger.entries).toEqual([]);
  });

  it('logs the message without query strings or email addresses', async () => {
    await report(t.app, {
      ...REPORT,
      message: 'Failed to fetch http://localhost:3004/remoteEntry.js?token=s3cret for reader@example.com\nretry',
    }).expect(204);
    expect(logger.entries[0]?.message).toBe('Failed to fetch http://localhost:3004/remoteEntry.js for [email] retry');
    expect(scrubClientMessage('Loading chunk 42 failed.')).toBe('Loading chunk 42 failed.');
  });

  it('is rate-limited per address', async () => {
    const limited = await createTestApp({ rateLimits: { clientErrors: { windowMs: 60_000, limit: 2 } } }, { logger });
    try {
      await report(limited.app, REPORT).expect(204);
      await report(limited.app, REPORT).expect(204);
      const refused = await report(limited.app, REPORT).expect(429);
      expect(ApiErrorBodySchema.parse(refused.body).message).toBe(TOO_MANY_REQUESTS);
      expect(logger.entries).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});
