import { instanceIdOf, instanceMarkers } from './instances';

describe('instance registry', () => {
  it('gives the same object the same id and a second copy a new one', () => {
    const reactA = () => null;
    const reactB = () => null;
    const a1 = instanceIdOf('react-test', reactA);
    expect(instanceIdOf('react-test', reactA)).toBe(a1);
    const b = instanceIdOf('react-test', reactB);
    expect(b).not.toBe(a1);
    // e2e reads the ids handed out from the page global (e2e/instrumentation.ts).
    const registry = (globalThis as unknown as Record<string, { seen: Record<string, string[]> }>)['__MFE_INSTANCES__'];
    expect(registry?.seen['react-test']).toEqual([a1, b]);
  });

  it('lives on globalThis, so a second copy of this module reports into the same registry', () => {
    const store = {};
    const id = instanceIdOf('store-test', store);
    jest.isolateModules(() => {
      const again = require('./instances') as typeof import('./instances');
      expect(again.instanceIdOf('store-test', store)).toBe(id);
    });
  });

  it('marks a part root with its React and store ids', () => {
    const createElement = () => null;
    const store = {};
    const m = instanceMarkers(createElement, store);
    expect(m['data-react-instance']).toMatch(/^react-\d+$/);
    expect(m['data-store-instance']).toMatch(/^store-\d+$/);
  });
});
