import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { compressAnswers } from './compression';
import { createRenderKey, dispatchFetch, RENDER_CLIENT_HEADER, RENDER_KEY_HEADER, renderedFor } from './page-renderer';

const key = createRenderKey();
function echoApp() {
  const app = express();
  app.use(renderedFor(key));
  app.use(compressAnswers());
  app.get('/large', (_req, res) => {
    res.json({ text: 'x'.repeat(4000) });
  });
  app.get('/echo', (req, res) => {
    res.json({ ip: req.ip, cookie: req.headers.cookie ?? null, key: req.headers[RENDER_KEY_HEADER] ?? null });
  });
  return app;
}

describe('a page render speaks for its reader', () => {
  it("a render's request carries the reader's address, vouched for by the process's key (which the route never sees)", async () => {
    const res = await request(echoApp()).get('/echo').set(RENDER_KEY_HEADER, key).set(RENDER_CLIENT_HEADER, '203.0.113.7').expect(200);
    expect(res.body).toEqual({ ip: '203.0.113.7', cookie: null, key: null });
  });

  it('an outsider cannot choose their address: a wrong or missing key is refused, and no header keeps the socket address', async () => {
    await request(echoApp()).get('/echo').set(RENDER_KEY_HEADER, 'guess').set(RENDER_CLIENT_HEADER, '203.0.113.7').expect(400);
    await request(echoApp())
      .get('/echo')
      .set(RENDER_KEY_HEADER, `${key.slice(1)}x`)
      .set(RENDER_CLIENT_HEADER, '203.0.113.7')
      .expect(400);
    const plain = await request(echoApp()).get('/echo').set(RENDER_CLIENT_HEADER, '203.0.113.7').expect(200);
    expect(plain.body.ip).not.toBe('203.0.113.7');
    expect(createRenderKey()).not.toBe(key);
  });

  it("dispatchFetch sends a site path to the port the reader came in on, with the reader's cookie and address; nothing else", async () => {
    const server = http.createServer(echoApp()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const reader = {
        headers: { cookie: 'sid=abc' },
        ip: '198.51.100.4',
        socket: { localPort: port, remoteAddress: '198.51.100.4' },
      } as unknown as http.IncomingMessage;
      const f = dispatchFetch(key, reader);
      expect(await (await f('/echo')).json()).toEqual({ ip: '198.51.100.4', cookie: 'sid=abc', key: null });
      // Nothing is compressed over loopback only to be decompressed at once by this process.
      const large = await f('/large');
      expect(large.headers.get('content-encoding')).toBeNull();
      expect((await large.json()).text).toHaveLength(4000);
      await expect(f('https://attacker.example/steal')).rejects.toThrow(/only this site's paths/);
      await expect(f('//attacker.example/steal')).rejects.toThrow(/only this site's paths/);
    } finally {
      server.close();
    }
  });
});
