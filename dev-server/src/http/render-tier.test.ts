/**
 * The render tier (decision 045): remote code runs outside the process with the data. A hostile
 * remote's server build, served by a real static host where the renderer fetches it, is evaluated
 * the way the shell's server build evaluates one (shell/src/server/remote-modules.ts), by a small
 * render file standing in for `shell/dist-server/render.js` (Jest runs before the build; e2e
 * render-tier.spec.ts does the same with the real one). It looks for every secret and privilege the
 * API process has and renders what it found into the page, which the test reads.
 *
 * Then the tier's failures: a worker killed mid-render, a render that hangs (a loop that never
 * yields, a promise that never settles), a server build that throws while it is evaluated; each
 * page is still answered (without server rendering) and the next render works. And the requests a
 * render makes: only the API's paths, GET or HEAD, as the reader, whose cookies never reach it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startServer, type RunningServer } from '../server';
import { DEMO_USERS } from '../seed/demo-users';
import { createTestApp, signIn, sidFrom, type TestApp } from '../test/harness';
import { checkedPage, createRenderTier, renderReadPath, UNPRIVILEGED_ID, type RenderReader, type RenderTier } from './render-tier';

jest.setTimeout(30_000);

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>The Management Review</title></head><body><div id="root"></div></body></html>';

/**
 * The stand-in for the shell's server build: it reads /remotes.json through the render's fetch,
 * fetches the store's `server/remote.js` from where it points and evaluates it as the real renderer
 * does (vm.runInThisContext, a `require` of the shared modules only), then renders its App. Other
 * paths misbehave on purpose.
 */
const RENDER_JS = `
const http = require('node:http');
const vm = require('node:vm');
function get(url) {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    }).on('error', reject);
  });
}
function evaluate(code, url) {
  const wrapper = vm.runInThisContext('(function (module, exports, require) {' + code + '\\n})', { filename: url });
  const module = { exports: {} };
  wrapper(module, module.exports, (name) => { throw new Error(url + ' asked for ' + name + ', which the shell does not share'); });
  return module.exports;
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A guest's kept page: the same object every time, as render.tsx returns a kept public page.
const kept = { html: '<main>kept</main>', page: {}, loads: [['note', { ok: true, data: '</script><b>' }]], slots: {} };
exports.renderPage = async (request) => {
  const { url, fetch } = request;
  const page = (html) => ({ html: '<main data-pid="' + process.pid + '">' + html + '</main>', page: {}, loads: [], slots: {} });
  if (url === '/pid') return page('');
  if (url === '/slow') { await sleep(60000); return page('late'); }
  if (url === '/crash') { setTimeout(() => process.kill(process.pid, 'SIGKILL'), 20); await sleep(60000); }
  if (url === '/hang') { await sleep(20); for (;;) {} }
  if (url === '/never') return new Promise(() => {});
  if (url === '/kept') return kept;
  if (url === '/missing') return { html: '<main>gone</main>', page: { status: 404 }, loads: [], slots: {} };
  if (url.startsWith('/requests')) {
    const stolen = new URL(url, 'http://x').searchParams.get('sid');
    const tried = {};
    const attempt = async (name, input, init) => {
      try {
        const res = await fetch(input, init);
        tried[name] = res.status + ' ' + (await res.text()).slice(0, 60) + ' set-cookie:' + res.headers.has('set-cookie');
      } catch (error) {
        tried[name] = 'refused: ' + error.message;
      }
    };
    await attempt('get', '/api/topics', { headers: { accept: 'application/json' } });
    // Another reader's session, and the headers that speak for a reader: dropped, so this guest's render stays a guest's.
    await attempt('forged', '/service/user/profile', { headers: { cookie: 'sid=' + stolen, 'x-render-key': 'guess', 'x-render-client': '203.0.113.9' } });
    await attempt('head', '/service/user/profile', { method: 'HEAD' });
    await attempt('post', '/service/user/profile', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'x-requested-with': 'magazine-site' } });
    await attempt('delete', '/service/user/topics/strategy', { method: 'DELETE' });
    await attempt('logout', '/logout');
    await attempt('elsewhere', 'http://169.254.169.254/latest/meta-data/');
    await attempt('scheme-relative', '//attacker.example/x');
    await attempt('dot segments', '/api/%2e%2e/dev/outbox');
    return page('<pre id="tried">' + JSON.stringify(tried).replace(/</g, '&lt;') + '</pre>');
  }
  const locations = await (await fetch('/remotes.json')).json();
  const at = new URL('server/remote.js', locations.remotes.store).href;
  const remote = evaluate(await get(at), at);
  return page(await remote.App({ fetch, request }));
};
`;

/** Each probe's outcome: 'ok: ...' when it worked, 'refused: <code>' when it did not. */
function hostileBuild(probe: { databaseFile: string; written: string }): string {
  return `
const findings = {};
const builtin = process.getBuiltinModule;
const fs = builtin('node:fs');
const attempt = (name, f) => {
  try {
    const got = f();
    findings[name] = 'ok: ' + String(got).slice(0, 2000);
  } catch (error) {
    findings[name] = 'refused: ' + (error.code || error.message);
  }
};
attempt('env', () => JSON.stringify(process.env));
attempt('own environ', () => fs.readFileSync('/proc/self/environ', 'latin1'));
attempt('parent environ', () => fs.readFileSync('/proc/' + process.ppid + '/environ', 'latin1'));
attempt('database file', () => fs.readFileSync(${JSON.stringify(probe.databaseFile)}).subarray(0, 15).toString('latin1'));
attempt('database open', () => fs.openSync(${JSON.stringify(probe.databaseFile)}, 'r+'));
attempt('passwd', () => fs.readFileSync('/etc/passwd', 'utf8'));
attempt('write', () => fs.writeFileSync(${JSON.stringify(probe.written)}, 'written by a remote'));
attempt('process', () => builtin('node:child_process').execFileSync('/bin/sh', ['-c', 'id -u']).toString());
attempt('thread', () => new (builtin('node:worker_threads').Worker)('0', { eval: true }).terminate());
attempt('addon', () => process.dlopen({ exports: {} }, '/nonexistent/addon.node'));
attempt('inspector', () => { const session = new (builtin('node:inspector').Session)(); session.connect(); session.disconnect(); return 'connected'; });
attempt('signal the API', () => process.kill(process.ppid, 0));
findings.pid = process.pid;
findings.uid = process.getuid();
exports.App = async ({ fetch, request }) => {
  // What a render is told and answered: the reader's profile is page data, their cookies are not.
  findings.request = JSON.stringify(request);
  const profile = await fetch('/service/user/profile');
  findings.profile = profile.status + ' ' + JSON.stringify([...profile.headers]) + ' ' + (await profile.text()).slice(0, 200);
  return '<h1>Store</h1><pre id="findings">' + JSON.stringify(findings).replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</pre>';
};
`;
}

/** A folder of the test's files that the workers (uid 65534 under root) can read. */
function readableDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, up to `ms`. */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

const findingsOf = (html: string): Record<string, string | number> => {
  const match = /<pre id="findings">([\s\S]*?)<\/pre>/.exec(html);
  if (!match) throw new Error(`no findings in ${html.slice(0, 500)}`);
  return JSON.parse(match[1]!.replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as Record<string, string | number>;
};

describe('a hostile server build runs outside the process with the data', () => {
  const secret = 'digest-secret-the-render-tier-must-never-see';
  let dir: string;
  let written: string;
  let remoteHost: http.Server;
  let site: RunningServer;
  let savedSecret: string | undefined;

  beforeAll(async () => {
    dir = readableDir('render-tier-');
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    const renderFile = path.join(dir, 'dist-server', 'render.js');
    fs.mkdirSync(path.dirname(renderFile), { mode: 0o755 });
    fs.writeFileSync(renderFile, RENDER_JS);
    written = path.join(os.tmpdir(), `render-tier-written-${process.pid}-${Date.now()}`);
    const databaseFile = path.join(dir, 'site.db');
    const build = hostileBuild({ databaseFile, written });
    // The store's static host, serving the hostile build where the renderer fetches it.
    remoteHost = http.createServer((req, res) => {
      if (req.url === '/server/remote.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(build);
      else if (req.url === '/mf-manifest.json') res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => remoteHost.listen(0, '127.0.0.1', resolve));
    const store = `http://127.0.0.1:${(remoteHost.address() as AddressInfo).port}/mf-manifest.json`;
    // The API process's secrets: in its settings and its environment.
    savedSecret = process.env.DIGEST_SECRET;
    process.env.DIGEST_SECRET = secret;
    site = await startServer({
      port: 0,
      host: '127.0.0.1',
      databaseFile,
      shellDist: dist,
      shellRenderFile: renderFile,
      remotes: { store },
      digestSecret: secret,
      logLevel: 'silent',
    });
  });

  afterAll(async () => {
    await site?.close();
    remoteHost?.close();
    if (savedSecret === undefined) delete process.env.DIGEST_SECRET;
    else process.env.DIGEST_SECRET = savedSecret;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(written, { force: true });
  });

  it('finds no secret, no database, no file to write, no process, thread, addon or inspector, and cannot signal the API; the page renders', async () => {
    const signedIn = await signIn(site.app, DEMO_USERS[0]!.email, DEMO_USERS[0]!.password);
    const sid = sidFrom(signedIn)!;
    expect(sid).toBeTruthy();
    const res = await request(site.app).get('/store').set('Accept', 'text/html').set('Cookie', `sid=${sid}`).expect(200);
    expect(res.text).toContain('<h1>Store</h1>');
    const findings = findingsOf(res.text);

    // It ran in another process, unprivileged when the API is root.
    expect(findings.pid).not.toBe(process.pid);
    if (process.getuid?.() === 0) expect(findings.uid).toBe(UNPRIVILEGED_ID);
    // Its environment holds nothing of the API's: no secret, no path, no database setting.
    const env = JSON.parse(String(findings.env).replace(/^ok: /, '')) as Record<string, string>;
    expect(Object.keys(env).filter((name) => !['NODE_ENV', 'TZ', 'LANG', 'LC_ALL'].includes(name))).toEqual([]);
    expect(findings).toMatchObject({
      'own environ': 'refused: ERR_ACCESS_DENIED',
      'parent environ': 'refused: ERR_ACCESS_DENIED',
      'database file': 'refused: ERR_ACCESS_DENIED',
      'database open': 'refused: ERR_ACCESS_DENIED',
      passwd: 'refused: ERR_ACCESS_DENIED',
      write: 'refused: ERR_ACCESS_DENIED',
      process: 'refused: ERR_ACCESS_DENIED',
      thread: 'refused: ERR_ACCESS_DENIED',
      addon: 'refused: ERR_DLOPEN_DISABLED',
      inspector: 'refused: ERR_ACCESS_DENIED',
    });
    // Signals are outside the permission model: the uid is what stops them (as root only).
    if (process.getuid?.() === 0) expect(findings['signal the API']).toBe('refused: EPERM');
    expect(fs.existsSync(written)).toBe(false);

    // Its render reads the reader's page data as the reader, but never holds their cookie or the render key.
    expect(findings.profile).toMatch(/^200 /);
    const everything = JSON.stringify(findings);
    expect(everything).not.toContain(sid);
    expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/x-render-key|set-cookie/i);
    // What the build is told: the page, and the remote locations any browser reads at /remotes.json.
    const told = JSON.parse(String(findings.request)) as Record<string, unknown>;
    const browsers = (await request(site.app).get('/remotes.json').expect(200)).body as { remotes: unknown };
    expect(told).toEqual({ url: '/store', origin: 'http://localhost:' + site.port, session: true, shareable: false, remotes: { remotes: browsers.remotes } });

    // The API is still whole.
    expect((await request(site.app).get('/healthz').expect(200)).body).toEqual({ ok: true });
    expect(alive(process.pid)).toBe(true);
  });
});

describe('what a render may ask the API for', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = readableDir('render-tier-');
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    const renderFile = path.join(dir, 'render.js');
    fs.writeFileSync(renderFile, RENDER_JS);
    t = await createTestApp({ shellDist: dir, shellRenderFile: renderFile, renderWorkers: 1 });
    await t.app.locals.renderTier?.start();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers the API's paths with GET or HEAD, without the worker's cookie or key headers; refuses writes, other paths and other hosts", async () => {
    // Another reader's live session, which a hostile build might have learnt: it cannot use it.
    const sid = sidFrom(await signIn(t.app, DEMO_USERS[0]!.email, DEMO_USERS[0]!.password))!;
    await request(t.app).get('/service/user/profile').set('Cookie', `sid=${sid}`).expect(200);
    const res = await request(t.app).get(`/requests?sid=${sid}`).set('Accept', 'text/html').expect(200);
    const tried = JSON.parse(/<pre id="tried">([\s\S]*?)<\/pre>/.exec(res.text)![1]!.replace(/&lt;/g, '<')) as Record<string, string>;
    expect(tried.get).toMatch(/^200 \[/);
    // The forged cookie, render key and address were dropped: answered as this page's reader, a guest
    // (a passed-on wrong key would have been a 400, the stolen session a 200).
    expect(tried.forged).toMatch(/^401 /);
    expect(tried.head).toMatch(/^401 /);
    for (const name of ['post', 'delete', 'logout', 'elsewhere', 'scheme-relative', 'dot segments']) {
      expect([name, tried[name]]).toEqual([name, expect.stringMatching(/^refused: a page render may only read this site's API/)]);
    }
  });

  it('believes no page a worker sends that it could not compose safely: render data that could close its script, a status out of range', () => {
    const page = { html: '<main></main>', page: {}, slots: { 'store/App': 'ready' }, data: '{"loads":[]}' };
    expect(checkedPage(page)).toBe(page);
    for (const bad of [
      { ...page, data: '{"x":"</script><script>alert(1)</script>"}' },
      // A raw line separator (U+2028) ends a line inside a script in old browsers.
      { ...page, data: '{"x":"\u2028"}' },
      { ...page, page: { status: 99 } },
      { ...page, page: { status: 'x' } },
      { ...page, page: { sheets: [1] } },
      { ...page, slots: { a: {} } },
      { ...page, html: 7 },
      null,
      'html',
    ]) {
      expect(() => checkedPage(bad)).toThrow();
    }
  });

  it('reads exactly the paths of the API, nothing around them', () => {
    for (const ok of ['/remotes.json', '/api/topics', '/service/stream/latest/0/8?x=1', '/api/article/2025/06/caf%C3%A9'])
      expect([ok, renderReadPath(ok)]).toEqual([ok, ok]);
    for (const no of [
      '/logout',
      '/authenticate',
      '/dev/outbox',
      '/media/x',
      '//api/x',
      'http://x/api/',
      '/api/../dev/outbox',
      '/api/%2e%2e/dev',
      '/api\\x',
      '/api/x#y',
      '/remotes.json.bak',
      'api/x',
      7,
    ]) {
      expect([no, renderReadPath(no)]).toEqual([no, null]);
    }
  });
});

describe('when a worker fails, the page is still answered and the next render works', () => {
  let dir: string;
  let renderFile: string;
  let tier: RenderTier;
  const warnings: string[] = [];
  const reader: RenderReader = {
    fetch: (() => Promise.resolve(new Response('{}', { status: 200 }))) as typeof fetch,
    warn: (msg) => warnings.push(msg),
  };
  const render = (url: string) => tier.render({ url, origin: 'http://localhost:3000', session: false, shareable: false }, reader);
  const pidOf = async (url = '/pid') => Number(/data-pid="(\d+)"/.exec((await render(url))!.html)![1]);

  beforeAll(() => {
    dir = readableDir('render-tier-');
    renderFile = path.join(dir, 'render.js');
    fs.writeFileSync(renderFile, RENDER_JS);
  });
  beforeEach(async () => {
    tier = createRenderTier({
      renderFile,
      workers: 2,
      logger: { warn: (msg) => warnings.push(msg), error: (msg) => warnings.push(msg) },
      deadlineMs: 1000,
      pingTimeoutMs: 500,
    });
    // Started and ready (their first evaluation done), so that each deadline below is a render's.
    await tier.start();
  });
  afterEach(() => tier.close());
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('starts no worker while there is no server build', async () => {
    const none = createRenderTier({ renderFile: path.join(dir, 'nothing.js'), logger: { warn: () => undefined, error: () => undefined } });
    await expect(none.render({ url: '/', origin: 'http://localhost:3000', session: false, shareable: false }, reader)).resolves.toBeNull();
    expect(none.pids()).toEqual([]);
    await none.close();
  });

  it('sends a render to the least busy worker', async () => {
    const first = await pidOf();
    const busy = render('/slow').catch(() => undefined);
    expect(await pidOf()).not.toBe(first);
    expect(tier.pids()).toHaveLength(2);
    await tier.close();
    await busy;
  });

  it('a worker killed mid-render: that render fails at once, the worker is replaced, the next render works', async () => {
    await pidOf();
    const slow = render('/slow');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [victim] = tier.pids();
    process.kill(victim!, 'SIGKILL');
    // At once, not at the deadline: the worker's exit answers it.
    await expect(slow).rejects.toThrow(/render worker stopped \(SIGKILL\)/);
    await expect(render('/crash')).rejects.toThrow(/render worker stopped/);
    expect((await render('/pid'))!.html).toContain('<main data-pid=');
    await until(() => tier.pids().length === 2);
    expect(tier.pids()).toHaveLength(2);
    expect(tier.pids()).not.toContain(victim);
  });

  it('a render stuck in a loop misses its deadline; its worker does not answer a ping and is killed; the next render works', async () => {
    const stuck = await pidOf();
    const hung = render('/hang');
    // The other worker still renders meanwhile.
    expect(await pidOf()).not.toBe(stuck);
    await expect(hung).rejects.toThrow(/did not answer within 1000 ms/);
    await until(() => !alive(stuck));
    expect(alive(stuck)).toBe(false);
    expect((await render('/pid'))!.html).toContain('<main data-pid=');
    expect(warnings.some((w) => /did not answer: killed and replaced/.test(w))).toBe(true);
  });

  it('a render that never settles misses its deadline; its worker still answers and is kept', async () => {
    await Promise.all([pidOf(), pidOf()]);
    const before = [...tier.pids()].sort();
    expect(before).toHaveLength(2);
    await expect(render('/never')).rejects.toThrow(/did not answer within 1000 ms/);
    // Past the ping's time: it answered, and was kept.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect([...tier.pids()].sort()).toEqual(before);
    expect((await render('/pid'))!.html).toContain('<main data-pid=');
  });

  it('a server build that throws while it is evaluated fails its renders; a good one is rendered at once', async () => {
    try {
      fs.writeFileSync(renderFile, `${RENDER_JS}\nthrow new Error('a broken shell build');`);
      await expect(render('/pid')).rejects.toThrow(/did not evaluate: a broken shell build/);
      fs.writeFileSync(renderFile, `${RENDER_JS}\n// the next build`);
      expect((await render('/pid'))!.html).toContain('<main data-pid=');
    } finally {
      fs.writeFileSync(renderFile, RENDER_JS);
    }
  });

  it("sends a guest's kept page across once more after its first time, then by its number; the API hands out the page it holds", async () => {
    const single = createRenderTier({ renderFile, workers: 1, logger: { warn: () => undefined, error: () => undefined } });
    try {
      await single.start();
      const pages = [];
      for (let i = 0; i < 4; i++) pages.push(await single.render({ url: '/kept', origin: 'http://localhost:3000', session: false, shareable: true }, reader));
      expect(pages[0]).toEqual(pages[1]);
      expect(pages[2]).toBe(pages[1]);
      expect(pages[3]).toBe(pages[1]);
      // The render data was serialized in the worker, escaped for its script element.
      expect(pages[0]!.data).toBe('{"loads":[["note",{"ok":true,"data":"\\u003c/script\\u003e\\u003cb\\u003e"}]],"slots":{},"origin":"http://localhost:3000"}');
    } finally {
      await single.close();
    }
  });

  it('stops every worker on close', async () => {
    await Promise.all([pidOf(), pidOf()]);
    const pids = tier.pids();
    expect(pids.length).toBeGreaterThan(0);
    await tier.close();
    expect(pids.filter(alive)).toEqual([]);
    await expect(render('/pid')).rejects.toThrow(/closed/);
  });
});

describe('through the site', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = readableDir('render-tier-');
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dir, 'render.js'), RENDER_JS);
    t = await createTestApp({ shellDist: dir, shellRenderFile: path.join(dir, 'render.js'), renderWorkers: 1 });
    await t.app.locals.renderTier?.start();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers index.html alone when the worker dies mid-render, and renders the next page', async () => {
    const crashed = await request(t.app).get('/crash').set('Accept', 'text/html').expect(200);
    expect(crashed.text).toBe(INDEX_HTML);
    const next = await request(t.app).get('/missing').set('Accept', 'text/html').expect(404);
    expect(next.text).toContain('<div id="root"><main>gone</main></div>');
  });
});
