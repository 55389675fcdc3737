import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ApiErrorBodySchema, RemotesConfigSchema } from 'shared-contracts';
import { createTestApp, TEST_REMOTES, type TestApp } from '../test/harness';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("main")');
  fs.writeFileSync(path.join(dist, 'src_bootstrap_tsx.1a2b3c4d.js'), 'console.log("chunk")');
  fs.writeFileSync(path.join(dist, 'styles.0123456789abcdef.css'), 'body{}');
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'var shell;');
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
  t = await createTestApp({ shellDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('system routes', () => {
  it('GET /healthz answers ok', async () => {
    expect((await request(t.app).get('/healthz').expect(200)).body).toEqual({ ok: true });
  });

  it('GET /remotes.json answers every remote from config and is never cached', async () => {
    const res = await request(t.app).get('/remotes.json').expect(200).expect('Cache-Control', 'no-store');
    expect(RemotesConfigSchema.parse(res.body)).toEqual({ remotes: TEST_REMOTES });
  });

  it.each(['/api/nothing-here', '/service/nothing/here', '/api'])('answers 404 JSON to %s, even for a browser', async (p) => {
    const res = await request(t.app).get(p).set('Accept', 'text/html').expect(404).expect('Content-Type', /json/);
    ApiErrorBodySchema.parse(res.body);
  });

  it('answers 404 JSON to an unknown POST under /api', async () => {
    await request(t.app).post('/api/nothing').set('X-Requested-With', 'magazine-site').send({}).expect(404).expect('Content-Type', /json/);
  });
});

describe('static shell', () => {
  it('serves content-hashed bundles as immutable', async () => {
    for (const file of ['/src_bootstrap_tsx.1a2b3c4d.js', '/styles.0123456789abcdef.css']) {
      await request(t.app).get(file).expect(200).expect('Cache-Control', 'public, max-age=31536000, immutable');
    }
  });

  it('makes browsers revalidate entry files', async () => {
    for (const file of ['/remoteEntry.js', '/mf-manifest.json', '/index.html', '/main.js']) {
      await request(t.app).get(file).expect(200).expect('Cache-Control', 'no-cache');
    }
  });

  it.each(['/', '/2025/06/some-article', '/my-library/library/team-offsite', '/store/books'])(
    'answers index.html to a browser asking for %s',
    async (p) => {
      const res = await request(t.app).get(p).set('Accept', 'text/html,application/xhtml+xml').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(INDEX_HTML);
    },
  );

  it('does not answer HTML for other requests or for data-visual paths', async () => {
    await request(t.app).get('/some/page').set('Accept', 'application/json').expect(404);
    const res = await request(t.app).get('/data-visuals/images/nope.svg').set('Accept', 'text/html').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers 503 with a hint when the shell is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-empty-'));
    const bare = await createTestApp({ shellDist: empty });
    try {
      const res = await request(bare.app).get('/').set('Accept', 'text/html').expect(503);
      expect(res.text).toContain('npm run build');
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
