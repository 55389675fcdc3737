import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import { createTestApp, TEST_ORIGIN, TEST_REMOTES, type TestApp } from '../test/harness';
import { cspDirectives, cspHeaderValue, headerPlanOf, helmetOptions, isEmbedPath, remoteOrigins, securityHeaders } from './security-headers';

const REMOTE_ORIGINS = ['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004', 'http://localhost:3005'];
const DEFAULT = { publicOrigin: TEST_ORIGIN, remotes: TEST_REMOTES, cookieSecure: false };

describe('the policy of a config', () => {
  it('takes the origins of the remote manifest URLs, once each, skipping what is not a URL', () => {
    expect(remoteOrigins(TEST_REMOTES)).toEqual(REMOTE_ORIGINS);
    expect(
      remoteOrigins({
        ...TEST_REMOTES,
        paywall: 'https://cdn.example.com/paywall/mf-manifest.json',
        library: 'https://cdn.example.com/library/mf-manifest.json?v=2',
        store: 'not a url',
      }),
    ).toEqual(['http://localhost:3004', 'http://localhost:3005', 'https://cdn.example.com']);
  });

  it('allows scripts, fetches and images from this site and the remotes only, and nothing else', () => {
    expect(cspDirectives(DEFAULT)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", ...REMOTE_ORIGINS],
      'connect-src': ["'self'", ...REMOTE_ORIGINS],
      'img-src': ["'self'", 'data:', ...REMOTE_ORIGINS],
      'style-src': ["'self'", "'unsafe-inline'"],
      'media-src': ["'self'"],
      'font-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-src': ["'self'"],
      'frame-ancestors': ["'self'"],
    });
  });

  it('lets any site frame a video embed', () => {
    expect(cspDirectives(DEFAULT, { embed: true })['frame-ancestors']).toEqual(['*']);
    expect(helmetOptions(DEFAULT, { embed: true }).xFrameOptions).toBe(false);
    expect(helmetOptions(DEFAULT).xFrameOptions).toEqual({ action: 'sameorigin' });
    expect(isEmbedPath('/video/embed/1001/leading-teams')).toBe(true);
    expect(isEmbedPath('/video/1001/leading-teams')).toBe(false);
    expect(isEmbedPath('/video/embedded')).toBe(false);
  });

  it('upgrades requests and sends HSTS only behind HTTPS (cookieSecure)', () => {
    expect(cspDirectives(DEFAULT)).not.toHaveProperty('upgrade-insecure-requests');
    expect(helmetOptions(DEFAULT).strictTransportSecurity).toBe(false);
    const secure = { ...DEFAULT, publicOrigin: 'https://www.example.com', cookieSecure: true };
    expect(cspDirectives(secure)['upgrade-insecure-requests']).toEqual([]);
    expect(helmetOptions(secure).strictTransportSecurity).toEqual({ maxAge: 31_536_000, includeSubDomains: true, preload: false });
  });

  it("leaves a remote on the site's own origin to 'self'", () => {
    const sameSite = { ...DEFAULT, remotes: { ...TEST_REMOTES, paywall: `${TEST_ORIGIN}/remotes/paywall/mf-manifest.json` } };
    expect(cspDirectives(sameSite)['script-src']).toEqual(["'self'", ...REMOTE_ORIGINS.slice(1)]);
  });
});

describe('headers on responses', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-headers-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    fs.writeFileSync(path.join(dist, 'main.js'), 'void 0;');
    t = await createTestApp({ shellDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const expectSiteHeaders = (res: request.Response) => {
    expect(res.headers['content-security-policy']).toBe(cspHeaderValue(cspDirectives(DEFAULT)));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  };

  it('are on API answers, pages, static files, 404s and refusals alike', async () => {
    expectSiteHeaders(await request(t.app).get('/healthz').expect(200));
    expectSiteHeaders(await request(t.app).get('/').set('Accept', 'text/html').expect(200));
    expectSiteHeaders(await request(t.app).get('/main.js').expect(200));
    expectSiteHeaders(await request(t.app).get('/api/nothing-here').expect(404));
    expectSiteHeaders(await request(t.app).post('/authenticate').send({}).expect(403));
  });

  it('the CSP names each remote origin for scripts', async () => {
    const csp = (await request(t.app).get('/healthz')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' http://localhost:3001 http://localhost:3002");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('a video embed page may be framed by any site', async () => {
    const res = await request(t.app).get('/video/embed/1001/leading-teams').set('Accept', 'text/html').expect(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('behind HTTPS: HSTS for a year with subdomains, and upgrade-insecure-requests', async () => {
    const secure = await createTestApp({ publicOrigin: 'https://www.example.com', cookieSecure: true });
    try {
      const res = await request(secure.app).get('/healthz').expect(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const post = await request(secure.app).post('/api/client-errors').set(CSRF_HEADER, CSRF_VALUE).send({});
      expect(post.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('the headers applied from helmet once (headerPlanOf)', () => {
  function appWith(headers: RequestHandler) {
    const app = express();
    app.use(headers);
    app.get(/.*/, (_req, res) => {
      res.json({ ok: true });
    });
    return app;
  }

  function securityHeaderNames(headers: Record<string, unknown>) {
    return Object.fromEntries(
      Object.entries(headers).filter(([name]) => !['date', 'etag', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(name)),
    );
  }

  it.each([
    ['the site over http', DEFAULT, '/api/topics'],
    ['a video embed over http', DEFAULT, '/video/embed/1001/leading-teams'],
    ['the site over https', { ...DEFAULT, publicOrigin: 'https://www.example.com', cookieSecure: true }, '/'],
    ['a video embed over https', { ...DEFAULT, publicOrigin: 'https://www.example.com', cookieSecure: true }, '/video/embed/1/x'],
  ])('sends exactly what helmet sends: %s', async (_name, config, url) => {
    const embed = isEmbedPath(url);
    const ours = await request(appWith(securityHeaders(config)))
      .get(url)
      .expect(200);
    const theirs = await request(appWith(helmet(helmetOptions(config, { embed }))))
      .get(url)
      .expect(200);
    expect(securityHeaderNames(ours.headers)).toEqual(securityHeaderNames(theirs.headers));
    expect(Object.keys(securityHeaderNames(ours.headers)).length).toBeGreaterThanOrEqual(9);
    expect(ours.headers).not.toHaveProperty('x-powered-by');
  });

  it('records what a middleware sets and removes, and refuses one that does not finish at once', () => {
    const plan = headerPlanOf((_req, res, next) => {
      res.setHeader('X-One', '1');
      res.removeHeader('X-Powered-By');
      next();
    });
    expect(plan).toEqual({ set: [['X-One', '1']], remove: ['X-Powered-By'] });
    expect(() => headerPlanOf(() => undefined)).toThrow(/synchronously/);
    expect(() => headerPlanOf((_req, _res, next) => next(new Error('bad directive')))).toThrow('bad directive');
  });
});
