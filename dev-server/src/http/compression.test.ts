/** compressAnswers: gzip for a client that accepts it, plain answers for one that sends no Accept-Encoding or accepts only identity. */
import express from 'express';
import request from 'supertest';
import { compressAnswers } from './compression';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Entry number ${i}` })) };

function app() {
  const a = express();
  a.use(compressAnswers());
  a.get('/big', (_req, res) => {
    res.json(big);
  });
  return a;
}

/** Raw bytes of an answer, undecoded (supertest would gunzip them). */
function raw(req: request.Test) {
  return req.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

it('gzips a large JSON answer for a client that accepts gzip, with Vary: Accept-Encoding', async () => {
  const res = await request(app()).get('/big').set('Accept-Encoding', 'gzip');
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.headers.vary).toMatch(/Accept-Encoding/);
  expect(res.body).toEqual(big); // decoded by the client
});

it('sends the same answer uncompressed to a client that sends no Accept-Encoding', async () => {
  const res = await raw(request(app()).get('/big').unset('Accept-Encoding'));
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual(big);
});

it("sends a client that accepts only identity (a page render's own request) the answer as it is, without the middleware's Vary", async () => {
  const res = await raw(request(app()).get('/big').set('Accept-Encoding', 'identity'));
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.headers.vary).toBeUndefined();
  expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual(big);
});
