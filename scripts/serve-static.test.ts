import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { createStaticApp } from './serve-static.mjs';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-dist-'));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"id":"store"}');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'var store;');
  fs.writeFileSync(path.join(dir, '123.0a1b2c3d.js'), 'chunk();');
  fs.writeFileSync(path.join(dir, '456.0a1b2c3e.js'), 'function render(){return 1}\n'.repeat(200));
  // A production build's twins (PrecompressPlugin, decision 025); marked so the test sees which is sent.
  const chunk = 'function precompressed(){return 2}\n'.repeat(100);
  fs.writeFileSync(path.join(dir, '789.0a1b2c3f.js'), chunk);
  fs.writeFileSync(path.join(dir, '789.0a1b2c3f.js.br'), zlib.brotliCompressSync(`${chunk}// br`));
  fs.writeFileSync(path.join(dir, '789.0a1b2c3f.js.gz'), zlib.gzipSync(`${chunk}// gz`));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a remote as a static host serves it', () => {
  const app = () => createStaticApp(dir, { shellOrigin: 'https://shell.example' });

  it('lets only the shell origin read the manifest cross-origin', async () => {
    const res = await request(app()).get('/mf-manifest.json').set('Origin', 'https://evil.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://shell.example');
    expect(res.headers.vary).toContain('Origin');
  });

  it('revalidates the manifest and remote entry, and caches hashed chunks for a year', async () => {
    expect((await request(app()).get('/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
    expect((await request(app()).get('/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await request(app()).get('/123.0a1b2c3d.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gzips scripts for browsers that accept it', async () => {
    const res = await request(app()).get('/456.0a1b2c3e.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toContain('function render()');
  });

  it("sends a build's brotli twin to a browser that accepts it, the gzip twin to one that accepts only gzip", async () => {
    const br = await request(app()).get('/789.0a1b2c3f.js').set('Accept-Encoding', 'gzip, deflate, br, zstd').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['access-control-allow-origin']).toBe('https://shell.example');
    expect(br.text).toMatch(/return 2}\n\/\/ br$/); // decoded by the client

    const gz = await request(app()).get('/789.0a1b2c3f.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toMatch(/\/\/ gz$/);

    const plain = await request(app()).get('/789.0a1b2c3f.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).not.toContain('// ');
    // A script without twins (an older release) is still gzipped on the fly.
    expect((await request(app()).get('/456.0a1b2c3e.js').set('Accept-Encoding', 'gzip')).headers['content-encoding']).toBe('gzip');
    // Never a twin outside the build folder.
    await request(app()).get('/%2e%2e/package.json').set('Accept-Encoding', 'br').expect(404);
  });

  it('answers its health check and 404s what it does not hold', async () => {
    expect((await request(app()).get('/healthz').expect(200)).body).toEqual({ ok: true });
    await request(app()).get('/../package.json').expect(404);
    await request(app()).get('/nope.js').expect(404);
  });
});

describe('a remote as a static host refuses malformed paths without telling anything about itself', () => {
  const app = () => createStaticApp(dir, { shellOrigin: 'https://shell.example' });
  /** What an answer must never hold: a stack frame, an absolute path, the build folder, a library name. */
  const expectNoInternals = (res: request.Response) => {
    expect(res.text).not.toMatch(/\bat \S+ \(|node:|node_modules|TypeError|Error:|<pre>/);
    expect(res.text).not.toContain(dir);
    expect(res.text).not.toContain(process.cwd());
  };

  it.each(['/remoteEntry%00.js', '/main%00.js', '/mf-manifest%00.json', '/%00', '/remoteEntry.js%00'])(
    'answers 404 to a NUL in %s (once a 500 with a stack)',
    async (p) => {
      for (const encoding of ['br, gzip', 'identity']) {
        const res = await request(app()).get(p).set('Accept-Encoding', encoding);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toBe('Not found');
        expectNoInternals(res);
      }
    },
  );

  it.each([
    '/%E0%A4%A',
    '/%E0%A4%A.js',
    '/%ZZ.js',
    '/%2e%2e/package.json',
    '/assets/%2E%2E/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/%5c..%5cpackage.json',
    '/a%0d%0aSet-Cookie:%20x=1.js',
  ])('answers 404 to a bad encoding, a dot segment or a control character: %s', async (p) => {
    const res = await request(app()).get(p).set('Accept-Encoding', 'br');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not found');
    expect(res.headers['set-cookie']).toBeUndefined();
    expectNoInternals(res);
  });

  it('still serves its files, with a query string too', async () => {
    expect((await request(app()).get('/remoteEntry.js?v=1').expect(200)).text).toBe('var store;');
    await request(app()).get('/mf-manifest.json').expect(200);
    await request(app()).get('/nope%20here.js').expect(404);
  });
});
