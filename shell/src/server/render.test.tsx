/**
 * @jest-environment node
 */
// The shell's server renderer (decision 032) over a stand-in API: what a reader without scripts and
// a crawler receive, and how a remote's server build that is down, hung, failing or throwing leaves
// only its own slot to the fallback.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteIntegrity } from 'shared-contracts';
import { sampleArticle, sampleUser } from 'shared-contracts/src/testing';
import { PUBLIC_READS, renderPage } from './render';
import { matchesIntegrity } from './remote-modules';

/** The remotes' static host: each path prefix a different remote behaviour. */
const REMOTE_BUILDS: Record<string, string | number | 'hang'> = {
  '/ok/server/remote.js': `const React = require('react');
    exports.App = function App() { return React.createElement('main', { className: 'store' }, React.createElement('h1', null, 'Store from its server build')); };`,
  '/throws/server/remote.js': `exports.App = function App() { throw new Error('broken release'); };`,
  '/failing/server/remote.js': 500,
  '/hung/server/remote.js': 'hang',
  '/none/server/remote.js': 404,
  '/bad-require/server/remote.js': `require('fs'); exports.App = () => null;`,
  // A published version (decision 045): the registry recorded the digest of this file.
  '/pinned/server/remote.js': `const React = require('react');
    exports.App = function App() { return React.createElement('main', null, React.createElement('h1', null, 'Store, as published')); };`,
  // The same address serving other bytes than were published: if it ran, its error would say so.
  '/tampered/server/remote.js': `throw new Error('the tampered build ran');`,
  '/no-server-build/server/remote.js': `exports.App = function App() { throw new Error('a version without a server build was fetched'); };`,
};
/** The paths the remotes' host was asked for. */
const served: string[] = [];
let remoteHost: http.Server;
let remoteOrigin = '';
beforeAll(async () => {
  remoteHost = http.createServer((req, res) => {
    served.push(req.url ?? '');
    const build = REMOTE_BUILDS[req.url ?? ''];
    if (build === 'hang') return; // never answered
    if (build === undefined || typeof build === 'number') {
      res.writeHead(build ?? 404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/javascript', ETag: `"${build.length}"` }).end(build);
  });
  remoteHost.listen(0, '127.0.0.1');
  await new Promise((resolve) => remoteHost.once('listening', resolve));
  remoteOrigin = `http://127.0.0.1:${(remoteHost.address() as AddressInfo).port}`;
});
afterAll(() => {
  remoteHost.closeAllConnections();
  remoteHost.close();
});

const article = sampleArticle({ title: 'Rendered <Headline>', lead: 'The lead.', free: false, body: ['GATED PARAGRAPH'] });

/**
 * The API as the renderer's fetch sees it, with the store remote at `storeAt`; with `storePin`, the
 * store's version is a published one pinned to those digests (/remotes.json `integrity`).
 */
function api(storeAt = 'ok', calls: string[] = [], storePin?: RemoteIntegrity): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/remotes.json') {
      const at = (name: string) => `${remoteOrigin}/${name}/mf-manifest.json`;
      return json({
        remotes: { paywall: at('none'), library: at('none'), store: at(storeAt), video: at('none'), visualLibrary: at('none') },
        ...(storePin ? { integrity: { store: storePin } } : {}),
      });
    }
    if (url.startsWith('/api/article/2025/06/rendered')) return json({ ...article, body: [] });
    if (url.startsWith('/api/article/2025/06/failing')) return json({ message: 'Down' }, 500);
    if (url.startsWith('/api/article/')) return json({ message: 'Not found' }, 404);
    if (url === '/api/topics') return json({ topics: [] });
    if (url === '/service/user/profile') return storeAt === 'signed-in' ? json(sampleUser({ firstName: 'Ada' })) : json({ message: 'Not signed in' }, 401);
    return json({ message: 'Not found' }, 404);
  }) as typeof fetch;
}

const serve = (
  url: string,
  fetchImpl: typeof globalThis.fetch = api(),
  session = false,
  warn: (msg: string, fields: Record<string, string>) => void = () => undefined,
) =>
  // React separates adjacent text with empty comments: the text a reader sees is without them.
  renderPage({ url, fetch: fetchImpl, origin: 'https://example.test', warn, session }).then((page) => ({
    ...page,
    html: page.html.replaceAll('<!-- -->', ''),
  }));

describe('renderPage', () => {
  it("renders an article's headline and lead with its data, tells the host the article, and holds no gated paragraph", async () => {
    const calls: string[] = [];
    const page = await serve('/2025/06/rendered', api('ok', calls));
    expect(page.html).toContain('Rendered &lt;Headline&gt;</h1>');
    expect(page.html).toContain('<p class="lead">The lead.</p>');
    expect(page.html).toContain('<section class="article-gated"></section>');
    expect(page.html).not.toContain('GATED PARAGRAPH');
    expect(page.page.article?.title).toBe('Rendered <Headline>');
    expect(page.loads.map(([key]) => key)).toContain('2025/06/rendered');
    // No inline script: the Content-Security-Policy allows none.
    expect(page.html).not.toMatch(/<script/i);
    expect(calls.filter((c) => c.startsWith('/api/article/'))).toHaveLength(1);
  });

  it('answers 404 for an unknown article and for an unknown page', async () => {
    expect((await serve('/2025/06/nothing')).page.status).toBe(404);
    const unknown = await serve('/no/such/page/here');
    expect(unknown.page.status).toBe(404);
    expect(unknown.html).toContain('Page not found');
  });

  it("names the page's own sheet for the host to inline (decision 041): the topics', the article's, none for a remote's page", async () => {
    expect((await serve('/topics')).page.sheets).toEqual(['topics']);
    expect((await serve('/2025/06/rendered')).page.sheets).toEqual(['article']);
    expect((await serve('/store')).page.sheets).toBeUndefined();
  });

  it("keeps readers apart: renders running at once each use their own reader's fetch", async () => {
    const seen = { a: [] as string[], b: [] as string[] };
    const [a, b] = await Promise.all([serve('/2025/06/rendered', api('ok', seen.a)), serve('/topics', api('ok', seen.b))]);
    expect(a.page.article).toBeDefined();
    expect(b.html).toContain('<h1>Topics</h1>');
    expect(seen.a.some((c) => c === '/api/topics')).toBe(false);
    expect(seen.b.some((c) => c.startsWith('/api/article/'))).toBe(false);
  });

  it("renders a remote's page from its server build, loaded at run time, and records the slot as ready", async () => {
    const page = await serve('/store');
    expect(page.html).toContain('<h1>Store from its server build</h1>');
    expect(page.html).toMatch(/data-mfe-slot="store\/App" data-mfe-status="ready"/);
    expect(page.slots['store/App']).toBe('ready');
    expect(page.html).not.toMatch(/<script/i);
  });

  it('takes the remote locations the host gives with the page, and then never asks for /remotes.json, nor does a kept page', async () => {
    const at = (name: string) => `${remoteOrigin}/${name}/mf-manifest.json`;
    const remotes = { remotes: { paywall: at('none'), library: at('none'), store: at('ok'), video: at('none'), visualLibrary: at('none') } };
    const calls: string[] = [];
    const given = (fetchImpl: typeof fetch) =>
      renderPage({ url: '/store?given=1', fetch: fetchImpl, origin: 'https://example.test', warn: () => undefined, shareable: true, remotes });
    const view = await given(api('ok', calls));
    expect(view.html).toContain('<h1>Store from its server build</h1>');
    expect(view.slots['store/App']).toBe('ready');
    const again: string[] = [];
    expect(await given(api('ok', again))).toBe(view);
    expect([...calls, ...again]).not.toContain('/remotes.json');
  });

  it.each([
    ['failing', 'answers 500'],
    ['hung', 'never answers'],
    ['bad-require', 'asks for a module the shell does not share'],
  ])("gives the slot its fallback when the remote's server build %s (%s), and the rest of the page renders", async (at) => {
    const started = Date.now();
    const page = await serve('/store', api(at));
    expect(Date.now() - started).toBeLessThan(1900);
    expect(page.slots['store/App']).toBe('failed');
    expect(page.html).toMatch(/data-mfe-slot="store\/App" data-mfe-status="failed"/);
    expect(page.html).toContain('The store is unavailable right now.');
    expect(page.html).toContain('class="site-header"');
    expect(page.html).toContain('class="site-footer"');
  });

  it("leaves the fallback in the slot's place when the remote throws while rendering; the browser renders it again", async () => {
    const page = await serve('/store', api('throws'));
    expect(page.html).toContain('The store is unavailable right now.');
    expect(page.html).toContain('class="site-footer"');
    expect(page.html).not.toMatch(/<script/i);
  });

  it('leaves a module the remote does not render on the server to the browser', async () => {
    const page = await serve('/store', api('none'));
    expect(page.slots['store/App']).toBe('client');
    expect(page.html).toMatch(/data-mfe-slot="store\/App" data-mfe-status="loading"/);
  });

  it('renders for the reader the session names: their account menu, and the reader for hydration', async () => {
    const calls: string[] = [];
    const page = await serve('/topics', api('signed-in', calls), true);
    expect(page.html).toContain('aria-label="Account menu for Ada"');
    expect(page.html).not.toContain('>Sign in<');
    expect(page.reader?.user?.firstName).toBe('Ada');
    expect(calls.filter((c) => c === '/service/user/profile')).toHaveLength(1);
  });

  it('renders for a guest without asking for a profile when there is no session, and when the session has ended', async () => {
    const calls: string[] = [];
    const guest = await serve('/topics', api('ok', calls));
    expect(guest.reader).toEqual({ user: null });
    expect(calls).not.toContain('/service/user/profile');
    // A guest's Sign in is ready in the HTML (not disabled while the page finds out who is reading).
    expect(guest.html).toMatch(/<button type="button" class="header-link button-link">Sign in<\/button>/);
    const ended = await serve('/topics', api('ok'), true);
    expect(ended.reader).toEqual({ user: null });
  });

  describe("a guest's page of public data, kept for a few seconds", () => {
    const guest = (url: string, fetchImpl: typeof globalThis.fetch, more: { session?: boolean; shareable?: boolean } = {}) =>
      renderPage({ url, fetch: fetchImpl, origin: 'https://example.test', warn: () => undefined, shareable: true, ...more });

    it('serves the second request from memory, with the same document and answers', async () => {
      const first: string[] = [];
      const again: string[] = [];
      const pages = [await guest('/2025/06/rendered?kept=1', api('ok', first)), await guest('/2025/06/rendered?kept=1', api('ok', again))];
      expect(first.some((c) => c.startsWith('/api/article/'))).toBe(true);
      expect(again.filter((c) => c !== '/remotes.json')).toEqual([]);
      expect(pages[1]).toBe(pages[0]);
    });

    it('never keeps, nor serves a kept page to, a request with a session or that the host does not call shareable', async () => {
      await guest('/topics?kept=2', api());
      const reader: string[] = [];
      const { html } = await guest('/topics?kept=2', api('signed-in', reader), { session: true });
      expect(html).toContain('Account menu for Ada');
      expect(reader).toContain('/api/topics');
      const notShareable: string[] = [];
      await guest('/topics?kept=2', api('ok', notShareable), { shareable: false });
      expect(notShareable).toContain('/api/topics');
    });

    it('keeps no page that read an answer other than 200 or 404', async () => {
      const calls: string[] = [];
      await guest('/2025/06/failing', api());
      await guest('/2025/06/failing', api('ok', calls));
      expect(calls.some((c) => c.startsWith('/api/article/'))).toBe(true);
    });

    it('counts only public reads as public: not a cart, a profile, a library, a metered answer', () => {
      for (const path of [
        '/api/article/2025/06/x',
        '/api/topics',
        '/api/magazine/archive',
        '/api/store/products',
        '/service/stream/latest/0/8',
        '/remotes.json',
      ]) {
        expect([path, PUBLIC_READS.test(path)]).toEqual([path, true]);
      }
      for (const path of [
        '/api/shopping-cart',
        '/service/user/profile',
        '/service/user/lists',
        '/api/article/piano/content',
        '/api/data-and-visuals',
        '/service/stream/following/0/8',
        '/api/newsletters',
      ]) {
        expect([path, PUBLIC_READS.test(path)]).toEqual([path, false]);
      }
    });

    it('renders again when a remote it rendered has a new release, and keeps no page with a failed slot', async () => {
      const before = REMOTE_BUILDS['/ok/server/remote.js'];
      try {
        expect((await guest('/store?kept=3', api())).html).toContain('Store from its server build');
        expect((await guest('/store?kept=3', api())).html).toContain('Store from its server build');
        REMOTE_BUILDS['/ok/server/remote.js'] = String(before).replace('Store from its server build', 'Store, release 2');
        expect((await guest('/store?kept=3', api())).html).toContain('Store, release 2');
      } finally {
        REMOTE_BUILDS['/ok/server/remote.js'] = before!;
      }
      // A failed slot is the browser's to try again: the next guest gets a new render, not this one.
      const pages = [await guest('/store?kept=4', api('failing')), await guest('/store?kept=4', api('failing'))];
      expect(pages[0]!.slots['store/App']).toBe('failed');
      expect(pages[1]).not.toBe(pages[0]);
    });
  });
});

describe('pinned server builds (decision 045)', () => {
  const sri = (algorithm: 'sha256' | 'sha384' | 'sha512', text: string) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;
  const pin = (server: string | null): RemoteIntegrity => ({ manifest: 'sha384-manifest', entry: 'sha384-entry', server });
  const published = REMOTE_BUILDS['/pinned/server/remote.js'] as string;

  it('reads the SRI forms: sha256-, sha384-, sha512-, the strongest of several, and nothing it cannot read', () => {
    const bytes = Buffer.from(published);
    for (const algorithm of ['sha256', 'sha384', 'sha512'] as const) expect(matchesIntegrity(bytes, sri(algorithm, published))).toBe(true);
    expect(matchesIntegrity(bytes, sri('sha384', `${published} `))).toBe(false);
    // Of several, the strongest algorithm decides (a weaker matching digest does not save a wrong sha512).
    expect(matchesIntegrity(bytes, `${sri('sha256', published)} ${sri('sha512', 'other')}`)).toBe(false);
    expect(matchesIntegrity(bytes, `${sri('sha256', 'other')} ${sri('sha384', published)}`)).toBe(true);
    for (const unreadable of ['', 'md5-abc', 'sha384', 'sha1-' + createHash('sha1').update(published).digest('base64')]) {
      expect([unreadable, matchesIntegrity(bytes, unreadable)]).toEqual([unreadable, false]);
    }
  });

  it('renders a published build whose bytes have the digest it was published with', async () => {
    const warnings: string[] = [];
    const page = await serve('/store', api('pinned', [], pin(sri('sha384', published))), false, (msg) => warnings.push(msg));
    expect(page.slots['store/App']).toBe('ready');
    expect(page.html).toContain('<h1>Store, as published</h1>');
    expect(warnings).toEqual([]);
  });

  it('never evaluates a build whose bytes differ from its pin: the slot falls back and the warning names the remote and its integrity', async () => {
    const warnings: Array<[string, Record<string, string>]> = [];
    const page = await serve('/store', api('tampered', [], pin(sri('sha384', published))), false, (msg, fields) => warnings.push([msg, fields]));
    expect(page.slots['store/App']).toBe('failed');
    expect(page.html).toContain('The store is unavailable right now.');
    expect(page.html).toContain('class="site-footer"');
    expect(warnings).toHaveLength(1);
    const [msg, fields] = warnings[0]!;
    expect(msg).toMatch(/integrity/);
    expect(fields.remote).toBe('store/App');
    // Had it been evaluated, its own error would be the one reported.
    expect(JSON.stringify(warnings)).not.toContain('the tampered build ran');
  });

  it('leaves a published version without a server build (server: null) to the browser, without fetching anything', async () => {
    const before = served.filter((p) => p.startsWith('/no-server-build/')).length;
    const page = await serve('/store', api('no-server-build', [], pin(null)));
    expect(page.slots['store/App']).toBe('client');
    expect(page.html).toMatch(/data-mfe-slot="store\/App" data-mfe-status="loading"/);
    expect(served.filter((p) => p.startsWith('/no-server-build/')).length).toBe(before);
  });

  it('renders an operator-configured location (no integrity entry) as before', async () => {
    const page = await serve('/store', api('pinned'));
    expect(page.slots['store/App']).toBe('ready');
  });
});
