import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { createApiClient } from 'shared-contracts';
import { ApiErrorBodySchema, firstPageOf, RemotesConfigSchema, STREAM_PAGE_SIZE, type StreamEntry } from 'shared-contracts/server';
import { createTestApp, TEST_NOW, TEST_REMOTES, type TestApp } from '../test/harness';
import { articlesOf } from '../test/paywall';
import { escapeHtml, renderArticlePage } from './article-html';
import { renderHomePage } from './home-html';
import { LATEST_STREAM_PRELOAD, withAfterFirstPaint, withLatestStreamPreload } from './shell';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>The Management Review</title>' +
  '<meta name="description" content="Ideas and advice for leaders." />' +
  '<template id=after-first-paint><link rel=preload href=/remotes.json as=fetch crossorigin=anonymous></template></head>' +
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

  it.each(['/my-library/library/team-offsite', '/store/books', '/2025/06'])('answers index.html to a browser asking for %s', async (p) => {
    const res = await request(t.app).get(p).set('Accept', 'text/html,application/xhtml+xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX_HTML);
  });

  it.each(['/', '/the-latest'])('answers %s with index.html preloading, after the first paint, the latest stream the page fetches first', async (p) => {
    const res = await request(t.app).get(p).set('Accept', 'text/html').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const preload = '<link rel="preload" href="/service/stream/latest/0/8?format=json" as="fetch" crossorigin="anonymous">';
    expect(LATEST_STREAM_PRELOAD).toBe(preload);
    // Inside the after-first-paint template (decision 024), after the build's own preloads; the
    // home page's chunk too, when the build has one (this test build has none).
    const inTemplate = (tags: string) => INDEX_HTML.replace('</template>', `${tags}</template>`);
    const withPreload = inTemplate(preload);
    if (p === '/the-latest') expect(res.text).toBe(withPreload);
    else expect(res.text.startsWith(withPreload.slice(0, withPreload.indexOf('<div id="root">')))).toBe(true);
    expect(withLatestStreamPreload(INDEX_HTML, 'page-home.0123abcd.js')).toBe(
      inTemplate(`${preload}<link rel="preload" as="script" href="/page-home.0123abcd.js">`),
    );
    // Nothing is preloaded before the first paint, and a page without the template is left as it is.
    expect(res.text.slice(0, res.text.indexOf('<template')).includes('preload')).toBe(false);
    const bare = INDEX_HTML.replace(/<template[\s\S]*<\/template>/, '');
    expect(withAfterFirstPaint(bare, preload)).toBe(bare);
    // The address is the one the app's client requests.
    const seen: string[] = [];
    const client = createApiClient({
      fetchImpl: (async (url: string) => {
        seen.push(url);
        return new Response(JSON.stringify({}), { status: 200 });
      }) as unknown as typeof fetch,
    });
    await client.stream('latest', firstPageOf('latest'), STREAM_PAGE_SIZE).catch(() => undefined);
    expect(seen).toEqual(['/service/stream/latest/0/8?format=json']);
  });

  it("paints home's heading and first slide from the HTML: the latest stream's first entry, escaped, in the carousel's markup", async () => {
    const latest = await request(t.app).get('/service/stream/latest/0/8').expect(200);
    const first = latest.body.entry[0] as { title: string; url: string; summary: string; category: { term: string } };
    const res = await request(t.app).get('/').set('Accept', 'text/html').expect(200);
    const root = res.text.slice(res.text.indexOf('<div id="root">'), res.text.indexOf('<script src="/main.js">'));
    expect(root).toContain('<main id="main" class="page"><h1>The Latest</h1><section class="carousel" aria-label="Featured articles">');
    expect(root).toContain(`<h2 class="carousel-title"><a href="${escapeHtml(first.url)}">${escapeHtml(first.title)}</a></h2>`);
    expect(root).toContain(`<p class="eyebrow">${escapeHtml(first.category.term)}</p>`);
    expect(root).toContain(`<p>${escapeHtml(first.summary)}</p>`);
    // One slide only, and no script: the React root replaces it.
    expect(root.match(/carousel-slide/g)).toHaveLength(1);
    expect(root).not.toContain('<script');

    const hostile = renderHomePage(INDEX_HTML, {
      ...(latest.body.entry[0] as StreamEntry),
      title: '</h2><script>alert(1)</script>',
      url: '" onclick="x',
    });
    expect(hostile).not.toContain('<script>alert(1)</script>');
    expect(hostile).toContain('href="&quot; onclick=&quot;x"');
  });

  it('serves home without a slide when the stream has none (maintenance)', async () => {
    const down = await createTestApp({ shellDist: dist, maintenance: true });
    try {
      const res = await request(down.app).get('/').set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
    } finally {
      await down.close();
    }
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

describe('an article page without JavaScript', () => {
  const page = (p: string) => request(t.app).get(p).set('Accept', 'text/html').expect('Cache-Control', 'no-cache');
  const jsonLdOf = (html: string): Record<string, unknown> => {
    const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    if (!match) throw new Error('no JSON-LD');
    return JSON.parse(match[1]!) as Record<string, unknown>;
  };
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';

  it('holds the title, description, JSON-LD, headline and lead of a metered article, and no body paragraph', async () => {
    const [a] = await articlesOf(t, 'metered', 1);
    const row = await t.db.selectFrom('articles').select(['summary', 'authors', 'published']).where('id', '=', a!.id).executeTakeFirstOrThrow();
    const res = await page(a!.url)
      .expect(200)
      .expect('Content-Type', /^text\/html/);
    const html = res.text;
    expect(html).toContain(`<title>${a!.title} | The Management Review</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<meta name="description" content="${row.summary}" />`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(jsonLdOf(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: a!.title,
      description: row.summary,
      datePublished: row.published,
      author: (JSON.parse(row.authors) as string[]).map((name) => ({ '@type': 'Person', name })),
      url: `http://localhost:3000${a!.url}`,
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.article-gated' },
    });
    const root = rootOf(html);
    expect(root).toContain(`<h1>${a!.title}</h1>`);
    expect(root).toContain(`<p class="lead">${a!.lead}</p>`);
    expect(root).toContain('<section class="article-gated"></section>');
    expect(root.match(/<p[ >]/g)).toHaveLength(1);
    for (const paragraph of a!.body) expect(html).not.toContain(paragraph.slice(0, 50));
    // The shell's script is still there to take over.
    expect(html).toContain('<script src="/main.js"></script>');
  });

  it('marks a free article accessible for free, without a gated part', async () => {
    const [a] = await articlesOf(t, 'free', 1);
    const html = (await page(a!.url).expect(200)).text;
    const ld = jsonLdOf(html);
    expect(ld.isAccessibleForFree).toBe(true);
    expect(ld).not.toHaveProperty('hasPart');
    for (const paragraph of a!.body) expect(html).not.toContain(paragraph.slice(0, 50));
  });

  it('escapes what the article says', async () => {
    const [a] = await articlesOf(t, 'metered', 1);
    const nasty = `</script><script>alert("x")</script> & 'Co' <b>`;
    const original = await t.db.selectFrom('articles').select(['title', 'summary', 'lead']).where('id', '=', a!.id).executeTakeFirstOrThrow();
    await t.db
      .updateTable('articles')
      .set({ title: `T ${nasty} $& $1`, summary: `S ${nasty}`, lead: `L ${nasty}` })
      .where('id', '=', a!.id)
      .execute();
    try {
      const html = (await page(a!.url).expect(200)).text;
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<b>');
      expect(html.match(/<\/script>/g)).toHaveLength(2); // JSON-LD and /main.js
      const ld = jsonLdOf(html);
      expect(ld.headline).toBe(`T ${nasty} $& $1`);
      expect(ld.description).toBe(`S ${nasty}`);
      expect(html).toContain('<h1>T &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39; &lt;b&gt; $&amp; $1</h1>');
      expect(html).toContain('<title>T &lt;/script&gt;');
      expect(html).toContain('content="S &lt;/script&gt;');
    } finally {
      await t.db.updateTable('articles').set(original).where('id', '=', a!.id).execute();
    }
  });

  it('answers the plain page with 404 for an unknown or not yet published article', async () => {
    const res = await page('/2025/06/no-such-article').expect(404);
    expect(res.text).toBe(INDEX_HTML);
    const [a] = await articlesOf(t, 'metered', 1);
    t.clock.set('2023-01-01T00:00:00.000Z');
    try {
      expect((await page(a!.url).expect(404)).text).toBe(INDEX_HTML);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('serves a rebuilt index.html at once', async () => {
    const file = path.join(dist, 'index.html');
    const rebuilt = INDEX_HTML.replace('/main.js', '/main.2.js');
    fs.writeFileSync(file, rebuilt);
    try {
      expect((await page('/store').expect(200)).text).toBe(rebuilt);
      const [a] = await articlesOf(t, 'metered', 1);
      expect((await page(a!.url).expect(200)).text).toContain('/main.2.js');
    } finally {
      fs.writeFileSync(file, INDEX_HTML);
    }
  });
});

describe('renderArticlePage', () => {
  it('adds a title, description and JSON-LD to a page without them', () => {
    const html = '<html><head></head><body><div id="root"></div></body></html>';
    const article = {
      id: 'a1',
      title: 'T',
      summary: 'S',
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
    const out = renderArticlePage(html, article, 'http://localhost:3000');
    expect(out).toContain('<title>T | The Management Review</title>');
    expect(out).toContain('<meta name="description" content="S" />');
    expect(out.indexOf('application/ld+json')).toBeLessThan(out.indexOf('</head>'));
    expect(out).toContain('<div id="root"><main id="main" class="page article"><article><h1>T</h1><p class="lead">L</p></article></main></div>');
    // The production build minifies index.html: the attribute loses its quotes.
    const minified = renderArticlePage(
      '<html><head><meta name=description content="Site"><title>Site</title></head><body><div id=root></div></body></html>',
      article,
      'http://localhost:3000',
    );
    expect(minified).toContain('<div id=root><main id="main" class="page article"><article><h1>T</h1>');
    expect(minified.match(/name=("|)description/g)).toHaveLength(1);
    expect(minified).toContain('<meta name="description" content="S" />');
    expect(minified).not.toContain('<title>Site</title>');
  });
});
