/**
 * A page still holding a remote's old release after a redeploy: a chunk or the entry is gone.
 * The load is retried once, after reading the cache-busted manifest and registering the remote's
 * entry again. The shell reads each remote's manifest itself (decision 022).
 */
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));

type Federation = typeof import('./federation');
type Runtime = { loadRemote: jest.Mock; registerRemotes: jest.Mock; registerPlugins: jest.Mock };

const STORE = 'http://localhost:4403/mf-manifest.json';
const STORE_ENTRY = 'http://localhost:4403/remoteEntry.js';

/** A remote's manifest as its build writes it (the parts the shell reads). */
function manifest(overrides: { path?: string } = {}) {
  return {
    id: 'store',
    name: 'store',
    metaData: { name: 'store', globalName: 'store', remoteEntry: { name: 'remoteEntry.js', path: overrides.path ?? '', type: 'global' }, publicPath: 'auto' },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: 'store:App',
        name: 'App',
        path: './App',
        assets: { js: { sync: ['__federation_expose_App.1234abcd.js'], async: ['9.5678.js'] }, css: { sync: [], async: [] } },
      },
    ],
  };
}

/** Answers every manifest request with `body` (status 200 unless given); returns the mock. */
function serveManifests(body: unknown = manifest(), status = 200): jest.Mock {
  const fetchMock = jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
const realFetch = globalThis.fetch;
const chunkGone = () =>
  Object.assign(new Error('Loading chunk __federation_expose_App failed.\n(error: http://localhost:4403/__federation_expose_App.9f0764e6.js)'), {
    name: 'ChunkLoadError',
  });

/** A fresh federation module (its once-per-page state) with a mocked runtime and `answer` as /remotes.json. */
function freshWith(answer: object): { federation: Federation; runtime: Runtime } {
  let federation!: Federation;
  let runtime!: Runtime;
  jest.isolateModules(() => {
    runtime = require('@module-federation/enhanced/runtime') as Runtime;
    const contracts = require('shared-contracts') as typeof import('shared-contracts');
    jest.spyOn(contracts.api, 'remotes').mockResolvedValue(answer as never);
    federation = require('./federation') as Federation;
  });
  return { federation, runtime };
}
const fresh = () => freshWith({ remotes: { store: STORE } });

const App = () => null;
const MiniCart = () => null;

beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000));
beforeEach(() => serveManifests());
afterEach(() => {
  jest.restoreAllMocks();
  globalThis.fetch = realFetch;
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
});

describe('a chunk or entry gone after a redeploy', () => {
  it('reads the cache-busted manifest and registers its entry again with force, then loads again', async () => {
    const fetchMock = serveManifests();
    const { federation, runtime } = fresh();
    runtime.loadRemote.mockRejectedValueOnce(chunkGone()).mockResolvedValueOnce({ default: App });
    await expect(federation.startRemoteLoad('store', 'App').promise).resolves.toBe(App);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([STORE, `${STORE}?v=1700000000000`]);
    expect(runtime.registerRemotes.mock.calls).toEqual([
      [[{ name: 'store', entry: STORE_ENTRY, entryGlobalName: 'store' }]],
      [[{ name: 'store', entry: `${STORE_ENTRY}?v=1700000000000`, entryGlobalName: 'store' }], { force: true }],
    ]);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(runtime.loadRemote).toHaveBeenLastCalledWith('store/App');
  });

  it('retries a gone entry (the runtime cannot load the remote entry script) the same way', async () => {
    const { federation, runtime } = fresh();
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('[ Federation Runtime ]: RUNTIME-008 failed to load script resources'))
      .mockResolvedValueOnce({ default: App });
    await expect(federation.startRemoteLoad('store', 'App').promise).resolves.toBe(App);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('treats a second failure as final: the slot gets the error and shows its fallback', async () => {
    const { federation, runtime } = fresh();
    runtime.loadRemote.mockRejectedValue(chunkGone());
    await expect(federation.startRemoteLoad('store', 'App').promise).rejects.toMatchObject({ name: 'RemoteStageError', stage: 'module' });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('retries at most once per remote per page: a later load that fails is not retried', async () => {
    const { federation, runtime } = fresh();
    runtime.loadRemote.mockRejectedValueOnce(chunkGone()).mockResolvedValueOnce({ default: App });
    await federation.startRemoteLoad('store', 'App').promise;
    runtime.loadRemote.mockRejectedValueOnce(chunkGone());
    await expect(federation.startRemoteLoad('store', 'MiniCart').promise).rejects.toThrow(/Loading chunk/);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('lets loads that were under way before the re-registration retry once, without registering again', async () => {
    const { federation, runtime } = fresh();
    let failApp!: (e: Error) => void;
    let failMiniCart!: (e: Error) => void;
    runtime.loadRemote
      .mockImplementationOnce(() => new Promise((_, reject) => (failApp = reject)))
      .mockImplementationOnce(() => new Promise((_, reject) => (failMiniCart = reject)))
      .mockResolvedValueOnce({ default: App })
      .mockResolvedValueOnce({ default: MiniCart });
    const app = federation.startRemoteLoad('store', 'App').promise;
    const miniCart = federation.startRemoteLoad('store', 'MiniCart').promise;
    await new Promise((r) => setTimeout(r, 0));
    failApp(chunkGone());
    failMiniCart(chunkGone());
    await expect(app).resolves.toBe(App);
    await expect(miniCart).resolves.toBe(MiniCart);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(4);
  });

  it('does not retry a module that loaded without a default export or failed for another reason', async () => {
    const { federation, runtime } = fresh();
    runtime.loadRemote.mockRejectedValueOnce(new Error('Module "./Nope" does not exist in container.'));
    await expect(federation.startRemoteLoad('store', 'App').promise).rejects.toMatchObject({ stage: 'module' });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });
});

describe('reading a remote manifest', () => {
  it('registers the entry the manifest names, resolved against the manifest address, once per page', async () => {
    serveManifests(manifest({ path: 'v2/' }));
    const { federation, runtime } = fresh();
    runtime.loadRemote.mockResolvedValue({ default: App });
    await Promise.all([federation.startRemoteLoad('store', 'App').promise, federation.startRemoteLoad('store', 'MiniCart').promise]);
    expect(runtime.registerRemotes.mock.calls).toEqual([[[{ name: 'store', entry: 'http://localhost:4403/v2/remoteEntry.js', entryGlobalName: 'store' }]]]);
  });

  it("preloads the exposed module's first scripts while the entry loads", async () => {
    const { federation, runtime } = fresh();
    runtime.loadRemote.mockResolvedValue({ default: App });
    await federation.startRemoteLoad('store', 'App').promise;
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((l) => l.href);
    expect(links).toEqual(['http://localhost:4403/__federation_expose_App.1234abcd.js']);
  });

  it('fails at the entry stage, naming the manifest, when it is missing or not a manifest; the next slot tries again', async () => {
    serveManifests({ error: 'Not found' }, 404);
    const { federation, runtime } = fresh();
    await expect(federation.startRemoteLoad('store', 'App').promise).rejects.toMatchObject({
      name: 'RemoteStageError',
      stage: 'entry',
      message: `mf-manifest ${STORE}: HTTP 404`,
    });
    serveManifests({ metaData: { name: 'store' } });
    await expect(federation.startRemoteLoad('store', 'App').promise).rejects.toMatchObject({
      stage: 'entry',
      message: `mf-manifest ${STORE}: not a remote's manifest`,
    });
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    serveManifests();
    runtime.loadRemote.mockResolvedValue({ default: App });
    await expect(federation.startRemoteLoad('store', 'App').promise).resolves.toBe(App);
  });
});

describe('cacheBusted', () => {
  it('adds or replaces the v query and keeps a hash', () => {
    const { federation } = fresh();
    expect(federation.cacheBusted('http://cdn.example/store/mf-manifest.json', 5)).toBe('http://cdn.example/store/mf-manifest.json?v=5');
    expect(federation.cacheBusted('http://cdn.example/mf-manifest.json?x=1', 5)).toBe('http://cdn.example/mf-manifest.json?x=1&v=5');
    expect(federation.cacheBusted('http://cdn.example/mf-manifest.json?v=1&x=1#a', 5)).toBe('http://cdn.example/mf-manifest.json?v=5&x=1#a');
  });
});

describe('the preload of /remotes.json', () => {
  /** A fresh federation module on a page whose HTML did (or did not) preload the locations. */
  function start(preloaded: boolean) {
    if (preloaded) {
      const link = document.createElement('link');
      Object.assign(link, { rel: 'preload', href: '/remotes.json', as: 'fetch', crossOrigin: 'anonymous' });
      document.head.appendChild(link);
    }
    let remotes!: jest.SpyInstance;
    let federation!: Federation;
    let runtime!: Runtime;
    jest.isolateModules(() => {
      runtime = require('@module-federation/enhanced/runtime') as Runtime;
      const contracts = require('shared-contracts') as typeof import('shared-contracts');
      remotes = jest.spyOn(contracts.api, 'remotes').mockResolvedValue({ remotes: { store: STORE } } as never);
      federation = require('./federation') as Federation;
    });
    return { remotes, federation, runtime };
  }

  it('is read at start on a page that preloads it, even one that shows no remote, so the preload is used', () => {
    expect(start(true).remotes).toHaveBeenCalledTimes(1);
  });

  it('is not read at start by a page without the preload', () => {
    expect(start(false).remotes).not.toHaveBeenCalled();
  });

  it('is read once: a slot that loads a remote later uses that answer', async () => {
    const { remotes, federation, runtime } = start(true);
    runtime.loadRemote.mockResolvedValue({ default: App });
    await expect(federation.startRemoteLoad('store', 'App').promise).resolves.toBe(App);
    expect(remotes).toHaveBeenCalledTimes(1);
  });
});

describe('canary loads (decision 037)', () => {
  const loadReports = (fetchMock: jest.Mock) =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/remote-loads').map(([, init]) => JSON.parse(String(init.body)));

  it('reports taking up a canary once per remote and page (the server knows the version by the cohort)', async () => {
    const fetchMock = serveManifests();
    const { federation, runtime } = freshWith({ remotes: { store: STORE }, versions: { store: '2026.11.26-3f9c2a1' }, canary: ['store'] });
    runtime.loadRemote.mockResolvedValueOnce({ default: App }).mockResolvedValueOnce({ default: MiniCart });
    await federation.startRemoteLoad('store', 'App').promise;
    await federation.startRemoteLoad('store', 'MiniCart').promise;
    expect(loadReports(fetchMock)).toEqual([{ remote: 'store' }]);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/remote-loads')!;
    expect((init as RequestInit).headers).toMatchObject({ 'X-Requested-With': 'magazine-site' });
  });

  it('sends nothing for a stable version', async () => {
    const fetchMock = serveManifests();
    const { federation, runtime } = freshWith({ remotes: { store: STORE }, versions: { store: 'env-0123abcd' } });
    runtime.loadRemote.mockResolvedValueOnce({ default: App });
    await federation.startRemoteLoad('store', 'App').promise;
    expect(loadReports(fetchMock)).toEqual([]);
  });
});

describe('pinned versions (decision 046)', () => {
  const PINS = { manifest: 'sha384-manifestpin', entry: 'sha384-entrypin', server: null };
  type CreateScript = (args: { url: string }) => HTMLScriptElement | undefined;

  it("fetches a pinned version's manifest with its integrity and gives its entry's script the entry's", async () => {
    const fetchMock = serveManifests();
    const { federation, runtime } = freshWith({ remotes: { store: STORE }, integrity: { store: PINS } });
    runtime.loadRemote.mockResolvedValue({ default: App });
    await federation.startRemoteLoad('store', 'App').promise;
    const [, init] = fetchMock.mock.calls.find(([url]) => url === STORE)!;
    expect(init).toMatchObject({ integrity: 'sha384-manifestpin', credentials: 'omit' });
    const plugin = (runtime.registerPlugins.mock.calls[0]![0] as Array<{ createScript: CreateScript }>)[0]!;
    const script = plugin.createScript({ url: STORE_ENTRY })!;
    expect(script.integrity).toBe('sha384-entrypin');
    expect(script.crossOrigin).toBe('anonymous');
    expect(script.src).toBe(STORE_ENTRY);
    // The entry asked for again after a redeploy (a cache-busting query) is the same pinned file.
    expect(plugin.createScript({ url: `${STORE_ENTRY}?v=1700000000000` })!.integrity).toBe('sha384-entrypin');
    // Any other script is the runtime's own.
    expect(plugin.createScript({ url: 'http://localhost:4404/remoteEntry.js' })).toBeUndefined();
  });

  it('loads a version the operator configured (no pin) as before', async () => {
    const fetchMock = serveManifests();
    const { federation, runtime } = freshWith({ remotes: { store: STORE } });
    runtime.loadRemote.mockResolvedValue({ default: App });
    await federation.startRemoteLoad('store', 'App').promise;
    const [, init] = fetchMock.mock.calls.find(([url]) => url === STORE)!;
    expect(init).toEqual({ credentials: 'omit' });
    expect(runtime.registerPlugins).not.toHaveBeenCalled();
  });
});
