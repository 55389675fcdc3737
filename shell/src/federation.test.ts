/**
 * A page still holding a remote's old release after a redeploy: a chunk or the entry is gone.
 * The load is retried once, after registering the remote again with a cache-busted manifest.
 */
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

type Federation = typeof import('./federation');
type Runtime = { loadRemote: jest.Mock; registerRemotes: jest.Mock };

const STORE = 'http://localhost:4403/mf-manifest.json';
const chunkGone = () =>
  Object.assign(new Error('Loading chunk __federation_expose_App failed.\n(error: http://localhost:4403/__federation_expose_App.9f0764e6.js)'), {
    name: 'ChunkLoadError',
  });

/** A fresh federation module (its once-per-page state) with mocked runtime and remote locations. */
function fresh(): { federation: Federation; runtime: Runtime } {
  let federation!: Federation;
  let runtime!: Runtime;
  jest.isolateModules(() => {
    runtime = require('@module-federation/enhanced/runtime') as Runtime;
    const contracts = require('shared-contracts') as typeof import('shared-contracts');
    jest.spyOn(contracts.api, 'remotes').mockResolvedValue({ remotes: { store: STORE } } as never);
    federation = require('./federation') as Federation;
  });
  return { federation, runtime };
}

const App = () => null;
const MiniCart = () => null;

beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000));
afterEach(() => jest.restoreAllMocks());

describe('a chunk or entry gone after a redeploy', () => {
  it('registers the remote again with force and a cache-busted manifest, then loads again', async () => {
    const { federation, runtime } = fresh();
    runtime.loadRemote.mockRejectedValueOnce(chunkGone()).mockResolvedValueOnce({ default: App });
    await expect(federation.startRemoteLoad('store', 'App').promise).resolves.toBe(App);
    expect(runtime.registerRemotes.mock.calls).toEqual([
      [[{ name: 'store', entry: STORE }]],
      [[{ name: 'store', entry: `${STORE}?v=1700000000000` }], { force: true }],
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

describe('cacheBusted', () => {
  it('adds or replaces the v query and keeps a hash', () => {
    const { federation } = fresh();
    expect(federation.cacheBusted('http://cdn.example/store/mf-manifest.json', 5)).toBe('http://cdn.example/store/mf-manifest.json?v=5');
    expect(federation.cacheBusted('http://cdn.example/mf-manifest.json?x=1', 5)).toBe('http://cdn.example/mf-manifest.json?x=1&v=5');
    expect(federation.cacheBusted('http://cdn.example/mf-manifest.json?v=1&x=1#a', 5)).toBe('http://cdn.example/mf-manifest.json?v=5&x=1#a');
  });
});
