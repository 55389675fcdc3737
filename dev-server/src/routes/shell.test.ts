import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { ApiErrorBodySchema, RemotesConfigSchema } from 'shared-contracts/server';
import { createTestApp, setCookies, TEST_REMOTES, type TestApp } from '../test/harness';
import { articlesOf } from '../test/paywall';
import { sessionOf } from '../test/discovery';
import { DEMO_USERS } from '../seed/demo-users';
import { withArticleHead } from './article-html';
import { findHomeChunk, findPageChunk, PAGE_CACHE_CONTROL, readSheets, RENDER_DATA_ID, withAfterFirstPaint, withSheets } from './shell';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>The Management Review</title>' +
  '<meta name="description" content="Ideas and advice for leaders." />' +
  '<template id=after-first-paint><link rel=preload href=/remotes.json as=fetch crossorigin=anonymous></template>' +
  '<style>body{}</style><script type=application/json id=sheets>{"magazine":"/styles/magazine.0a1b2c3d.css"}</script></head>' +
  '<body><div id="root"></div><script src="/main.js"></script></body></html>';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("main")');
  fs.writeFileSync(path.join(dist, 'src_bootstrap_tsx.1a2b3c4d.js'), 'console.log("chunk")');
  // The build's brotli twin of the entry (decision 025), marked so the test sees which is sent.
  fs.writeFileSync(path.join(dist, 'main.js.br'), zlib.brotliCompressSync('console.log("main, from its twin")'));
  fs.writeFileSync(path.join(dist, 'styles.0123456789abcdef.css'), 'body{}');
  fs.mkdirSync(path.join(dist, 'styles'));
  fs.writeFileSync(path.join(dist, 'styles/magazine.0a1b2c3d.css'), '.issue-card{color:red}');
  fs.mkdirSync(path.join(dist, 'fonts'));
  fs.writeFileSync(path.join(dist, 'fonts/source-serif-4-latin-400-normal.02194deb.woff2'), 'wOF2');
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

  it('GET /remotes.json answers every remote from config (the registry adopts it), revalidated on every load', async () => {
    const res = await request(t.app).get('/remotes.json').expect(200).expect('Cache-Control', 'private, no-cache');
    expect(RemotesConfigSchema.parse(res.body).remotes).toEqual(TEST_REMOTES);
    // Without a canary no cohort cookie is handed out; the browser's served versions are recorded
    // (signed, for /api only: decision 046), and not again while they stay the same.
    const cookies = setCookies(res);
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['mfe_served']);
    expect(cookies[0]).toMatch(/; Path=\/api; .*HttpOnly/);
    const served = cookies[0]!.split(';')[0]!;
    // Unchanged: a 304 by its ETag, and no cookie set again.
    const again = await request(t.app).get('/remotes.json').set('Cookie', served).set('If-None-Match', res.headers.etag!).expect(304);
    expect(again.headers['set-cookie']).toBeUndefined();
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

  it("serves the design system's fonts (decision 035) as immutable font files", async () => {
    await request(t.app)
      .get('/fonts/source-serif-4-latin-400-normal.02194deb.woff2')
      .expect(200)
      .expect('Content-Type', 'font/woff2')
      .expect('Cache-Control', 'public, max-age=31536000, immutable');
  });

  it("sends the build's brotli twin of a script, with the script's type and cache headers", async () => {
    const res = await request(t.app).get('/main.js').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toBe('console.log("main, from its twin")');
    // A client that does not accept brotli gets the script itself.
    const plain = await request(t.app).get('/main.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('console.log("main")');
  });

  it('makes browsers revalidate entry files', async () => {
    for (const file of ['/remoteEntry.js', '/mf-manifest.json', '/index.html', '/main.js']) {
      await request(t.app).get(file).expect(200).expect('Cache-Control', 'no-cache');
    }
  });

  it.each(['/my-library/library/team-offsite', '/store/books', '/2025/06', '/the-latest'])(
    'answers index.html to a browser asking for %s while the shell has no server build',
    async (p) => {
      const res = await request(t.app).get(p).set('Accept', 'text/html,application/xhtml+xml').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
      expect(res.text).toBe(INDEX_HTML);
    },
  );

  it('adds preloads to the after-first-paint template only, and leaves a page without it as it is', () => {
    const tag = '<link rel="preload" as="script" href="/page-home.0123abcd.js">';
    expect(withAfterFirstPaint(INDEX_HTML, tag)).toBe(INDEX_HTML.replace('</template>', `${tag}</template>`));
    const bare = INDEX_HTML.replace(/<template[\s\S]*<\/template>/, '');
    expect(withAfterFirstPaint(bare, tag)).toBe(bare);
  });

  it("answers the home page to curl's `Accept: */*` and to no Accept at all, and the API's 404 to JSON alone", async () => {
    for (const accept of ['*/*', undefined]) {
      const ask = request(t.app).get('/');
      const res = await (accept ? ask.set('Accept', accept) : ask.unset('Accept')).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
    }
    await request(t.app).get('/').set('Accept', 'application/json').expect(404).expect('Content-Type', /json/);
    // A file that is not there stays a 404 for a script tag's `*/*`, never the page in its place.
    await request(t.app).get('/page-gone.0123abcd.js').set('Accept', '*/*').expect(404).expect('Content-Type', /json/);
  });

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

describe('malformed paths', () => {
  /** An answer holds no stack frame, no absolute path and no library's error text. */
  const expectNoInternals = (res: request.Response) => {
    expect(res.text).not.toMatch(/\bat \S+ \(|node:|node_modules|TypeError|Error:|<pre>|Failed to decode/);
    expect(res.text).not.toContain(dist);
    expect(res.text).not.toContain(process.cwd());
  };

  it.each(['/main%00.js', '/remoteEntry%00.js', '/index%00.html', '/%00', '/x%00y'])(
    'answers 404 JSON to a NUL in %s (once a 500, or the page itself), for a script or a browser',
    async (p) => {
      for (const headers of [{ 'Accept-Encoding': 'br' }, { Accept: 'text/html' }]) {
        const res = await request(t.app).get(p).set(headers).expect(404).expect('Content-Type', /json/);
        expect(res.body).toEqual({ message: 'Not found' });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expectNoInternals(res);
      }
    },
  );

  it.each([
    '/%E0%A4%A',
    '/%E0%A4%A.js',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/a/%2E%2E/main.js',
    '/..%2f..%2fpackage.json',
    '/%5c..%5cpackage.json',
    '/service/user/lists/%E0%A4%A',
    '/api/article/%C0%AF',
    '/service/user/lists/%0d%0aX-Injected:%201',
  ])('answers 404 (as for any unknown path) to a bad encoding, a dot segment or a control character on any route: %s', async (p) => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await request(t.app)[method](p).set('Accept', 'text/html').set('X-Requested-With', 'magazine-site').expect(404);
      expect(res.body).toEqual({ message: 'Not found' });
      expect(res.headers['x-injected']).toBeUndefined();
      expectNoInternals(res);
    }
  });

  it('still serves files and pages, with percent-encoded but valid paths too', async () => {
    expect((await request(t.app).get('/main.js?v=1').set('Accept-Encoding', 'identity').expect(200)).text).toBe('console.log("main")');
    await request(t.app).get('/the-latest').set('Accept', 'text/html').expect(200);
    await request(t.app).get('/search?q=%E2%82%AC%20caf%C3%A9').set('Accept', 'text/html').expect(200);
    await request(t.app).get('/no%20such.js').expect(404);
  });
});

describe("server-rendered pages (a render module standing in for the shell's server build)", () => {
  // The module the composition host loads (shell/src/server/render.tsx builds the real one): here it
  // answers from what it is asked and what the API answers it, so the host's part is seen alone.
  const RENDER_JS = `
    exports.renderPage = async ({ url, origin, fetch, session }) => {
      if (url.startsWith('/throws')) throw new Error('render failed');
      if (url.startsWith('/missing')) return { html: '<main><h1>Page not found</h1></main>', page: { status: 404 }, loads: [], slots: {} };
      const profile = await fetch('/service/user/profile');
      const article = url.startsWith('/article/') ? await (await fetch('/api/article/' + url.slice('/article/'.length))).json() : undefined;
      return {
        html: '<main><h1>' + url.replace(/</g, '&lt;') + '</h1><p>' + profile.status + ' from ' + origin + '</p><p>session: ' + session + '</p></main>',
        page: article ? { article } : url.startsWith('/magazine') ? { sheets: ['magazine', 'unknown'] } : {},
        loads: [['note', { ok: true, data: '</script><script>alert(1)</script>' }]],
        slots: { 'store/App': 'ready' },
        reader: { user: profile.status === 200 ? { status: (await profile.json()).status } : null },
      };
    };`;
  let rendered: TestApp;
  let renderDir: string;
  let renderFile: string;
  beforeAll(async () => {
    renderDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-render-'));
    // The render tier's workers read it as an unprivileged user when the tests run as root (decision 045).
    fs.chmodSync(renderDir, 0o755);
    renderFile = path.join(renderDir, 'render.js');
    fs.writeFileSync(renderFile, RENDER_JS);
    rendered = await createTestApp({ shellDist: dist, shellRenderFile: renderFile });
    // The render tier's workers (decision 045) ready before the first page, as startServer has them.
    await rendered.app.locals.renderTier?.start();
  });
  afterAll(async () => {
    await rendered.close();
    fs.rmSync(renderDir, { recursive: true, force: true });
  });
  const page = (p: string) => request(rendered.app).get(p).set('Accept', 'text/html');
  const dataOf = (html: string) => {
    const match = new RegExp(`<script type="application/json" id="${RENDER_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
    if (!match) throw new Error('no render data');
    return JSON.parse(match[1]!) as { loads: unknown; slots: unknown; origin: string; reader?: unknown };
  };

  it('writes the rendered app into #root and its answers as JSON that no browser runs, kept by no shared cache', async () => {
    const res = await page('/topics?x=<b>').expect(200);
    expect(res.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.text).toContain('<div id="root"><main><h1>/topics?x=%3Cb%3E</h1><p>401 from http://localhost:3000</p><p>session: false</p></main></div>');
    // The data cannot close its element: one </script> for it, one for main.js.
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(dataOf(res.text)).toEqual({
      loads: [['note', { ok: true, data: '</script><script>alert(1)</script>' }]],
      slots: { 'store/App': 'ready' },
      origin: 'http://localhost:3000',
      reader: { user: null },
    });
    expect(res.text.indexOf(RENDER_DATA_ID)).toBeLessThan(res.text.indexOf('</body>'));
  });

  it("inlines the sheets the page named (decision 041) before the map of sheets, and no other page's", async () => {
    const magazine = (await page('/magazine').expect(200)).text;
    expect(magazine).toContain('<style data-sheet="magazine">.issue-card{color:red}</style><script type=application/json id=sheets>');
    expect(magazine).not.toContain('data-sheet="unknown"');
    expect(magazine).not.toContain('.topic-tree');
    const topics = (await page('/topics').expect(200)).text;
    expect(topics).not.toContain('data-sheet');
    expect(topics).not.toContain('.issue-card');
  });

  it("renders for the reader: the page's API requests carry their session", async () => {
    const sid = await sessionOf(rendered, DEMO_USERS[0]!);
    const res = await page('/topics').set('Cookie', `sid=${sid}`).expect(200);
    expect(res.text).toContain('<p>200 from http://localhost:3000</p><p>session: true</p>');
    // The browser's user store hydrates with the reader the page was rendered for.
    expect(dataOf(res.text).reader).toEqual({ user: { status: 'registered' } });
    // Without a session cookie the renderer is told so, and does not ask for a profile.
    expect((await page('/topics').expect(200)).text).toContain('<p>session: false</p>');
  });

  it('answers the status the page gave (404 for a page that does not exist)', async () => {
    const res = await page('/missing').expect(404);
    expect(res.text).toContain('<h1>Page not found</h1>');
  });

  it('falls back to index.html, for the browser to draw, when the render fails', async () => {
    const res = await page('/throws').expect(200);
    expect(res.text).toBe(INDEX_HTML);
  });

  it("writes an article's title, description and JSON-LD into the head, escaped, and never its body", async () => {
    const [a] = await articlesOf(rendered, 'metered', 1);
    const html = (await page(`/article/${a!.year}/${String(a!.month).padStart(2, '0')}/${a!.slug}`).expect(200)).text;
    expect(html).toContain(`<title>${a!.title} | The Management Review</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: a!.title, isAccessibleForFree: false, url: `http://localhost:3000${a!.url}` });
    expect(ld.hasPart).toEqual({ '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.article-gated' });
    for (const paragraph of a!.body) expect(html).not.toContain(paragraph.slice(0, 50));
  });

  it('loads a new server build at once, without a restart', async () => {
    fs.writeFileSync(renderFile, RENDER_JS.replace("'<main><h1>'", '\'<main class="v2"><h1>\'') + '\n// v2');
    try {
      expect((await page('/store').expect(200)).text).toContain('<main class="v2"><h1>/store</h1>');
    } finally {
      fs.writeFileSync(renderFile, RENDER_JS);
    }
  });
});

describe("home's chunk, for its preload", () => {
  const distWith = (names: unknown) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
    fs.writeFileSync(path.join(dir, 'chunk-names.json'), JSON.stringify(names));
    return dir;
  };

  it("is the file the build's chunk-names.json gives for page-home", () => {
    expect(findHomeChunk(distWith({ 'page-arrival': '8370.0d9a198a.js', 'page-home': '8390.e88276c9.js' }))).toBe('8390.e88276c9.js');
  });

  it('is none for a build without the file or the name, and never a path that is not a hashed file of its own', () => {
    expect(findHomeChunk(fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-')))).toBeNull();
    expect(findHomeChunk(distWith({ 'page-arrival': '8370.0d9a198a.js' }))).toBeNull();
    expect(findHomeChunk(distWith({ 'page-home': '../../etc/passwd.0123abcd.js' }))).toBeNull();
    expect(findHomeChunk(distWith({ 'page-home': 'main.js' }))).toBeNull();
  });

  it("the article's chunk is found the same way, by its name page-article (decision 038)", () => {
    const dist = distWith({ 'page-article': '9551.ade29934.js', 'page-home': '8390.e88276c9.js' });
    expect(findPageChunk(dist, 'page-article')).toBe('9551.ade29934.js');
    expect(findPageChunk(dist, 'page-search')).toBeNull();
  });
});

describe('withArticleHead', () => {
  const article = {
    id: 'a1',
    title: 'T </title><script>x</script> $&',
    summary: 'S "quoted"',
    url: '/2025/01/t',
    published: '2025-01-01T00:00:00.000Z',
    contentType: 'Digital Article' as const,
    category: { term: 'x' },
    author: [],
    image: null,
    free: true,
    slug: 't',
    year: 2025,
    month: 1,
    topic: { name: 'x', url: '/topic/x' },
    series: null,
    bigIdea: false,
    lead: 'L',
    body: [],
    ascend: false,
  };
  it('adds a title, description and JSON-LD to a page without them, escaped', () => {
    const out = withArticleHead('<html><head></head><body><div id="root"></div></body></html>', article, 'http://localhost:3000');
    expect(out).toContain('<title>T &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; $&amp; | The Management Review</title>');
    expect(out).toContain('<meta name="description" content="S &quot;quoted&quot;" />');
    expect(out.indexOf('application/ld+json')).toBeLessThan(out.indexOf('</head>'));
    expect(out).not.toContain('<script>x');
  });
  it("replaces the minified page's own title and description", () => {
    const minified = withArticleHead(
      '<html><head><meta name=description content="Site"><title>Site</title></head><body><div id=root></div></body></html>',
      article,
      'http://localhost:3000',
    );
    expect(minified.match(/name=("|)description/g)).toHaveLength(1);
    expect(minified).not.toContain('<title>Site</title>');
  });
});

describe('sheets (decision 041)', () => {
  const html = (map: string) => `<head><style>body{}</style><script type=application/json id=sheets>${map}</script><style>@media print{}</style></head>`;
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-sheets-'));
    fs.mkdirSync(path.join(root, 'styles'));
    fs.writeFileSync(path.join(root, 'styles/topics.0123abcd.css'), '.topic-tree{display:grid}');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("reads each sheet the build's map names from its file", () => {
    expect([...readSheets(html('{"topics":"/styles/topics.0123abcd.css"}'), root)]).toEqual([['topics', '.topic-tree{display:grid}']]);
  });

  it("reads no file outside the build's hashed sheets, and nothing from a broken map or a missing file", () => {
    expect(readSheets(html('{"topics":"/../../etc/passwd"}'), root).size).toBe(0);
    expect(readSheets(html('{"topics":"/styles/topics.ffffffff.css"}'), root).size).toBe(0);
    expect(readSheets(html('{not json'), root).size).toBe(0);
    expect(readSheets('<head></head>', root).size).toBe(0);
  });

  it('inlines the named sheets after the site styles and before print, and leaves a page without names or map as it is', () => {
    const sheets = new Map([['topics', '.topic-tree{display:grid}']]);
    const page = html('{}');
    expect(withSheets(page, ['topics'], sheets)).toBe(
      '<head><style>body{}</style><style data-sheet="topics">.topic-tree{display:grid}</style><script type=application/json id=sheets>{}</script><style>@media print{}</style></head>',
    );
    expect(withSheets(page, undefined, sheets)).toBe(page);
    expect(withSheets(page, ['search'], sheets)).toBe(page);
    expect(withSheets('<head></head>', ['topics'], sheets)).toBe('<head></head>');
  });
});
