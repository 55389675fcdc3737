/** The JSON error handler never sends a stack, a file path or a library's own error text. */
import express from 'express';
import request from 'supertest';
import { MESSAGES } from 'shared-contracts/server';
import { jsonErrorHandler } from './errors';
import { createMemoryLogger } from './logger';

/** An app whose one route throws `error`, with the app's error handler. */
function throwing(error: unknown) {
  const logger = createMemoryLogger();
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(jsonErrorHandler(logger));
  return { app, logger };
}

const SECRET_PATH = '/srv/site/dev-server/src/secret-file.ts';

describe('jsonErrorHandler', () => {
  it.each(['development', 'production', 'test'])('answers an unknown error with the generic message only (NODE_ENV=%s)', async (mode) => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = mode;
    try {
      const error = new TypeError(`The argument 'path' must not hold NUL: ${SECRET_PATH}`);
      const { app } = throwing(error);
      const res = await request(app).get('/boom').expect(500);
      expect(res.body).toEqual({ message: MESSAGES.generic });
      expect(res.text).not.toContain(SECRET_PATH);
      expect(res.text).not.toMatch(/\bat \S+ \(/);
    } finally {
      process.env.NODE_ENV = before;
    }
  });

  it("answers a library's 4xx with its reason phrase, never the library's message (which may quote a path)", async () => {
    const error = Object.assign(new Error(`ENOENT: no such file or directory, stat '${SECRET_PATH}'`), { status: 404, expose: true });
    const res = await request(throwing(error).app).get('/boom').expect(404);
    expect(res.body).toEqual({ message: 'Not Found' });
    const charset = Object.assign(new Error('unsupported charset "X-EVIL /etc/passwd"'), { status: 415, type: 'charset.unsupported' });
    expect((await request(throwing(charset).app).get('/boom').expect(415)).body).toEqual({ message: 'Unsupported Media Type' });
  });

  it('logs what it does not tell', async () => {
    const { app, logger } = throwing(new Error(`failed at ${SECRET_PATH}`));
    await request(app).get('/boom').expect(500);
    expect(JSON.stringify(logger.entries)).toContain(SECRET_PATH);
  });
});
