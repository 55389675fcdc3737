import { act, render, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { CSRF_HEADER } from 'shared-contracts';
import { RemoteStageError, failureStage, RemoteStallError } from './federation';
import { RemoteSlot, type Loader } from './RemoteSlot';

const loaderOf = (impl: () => Promise<ComponentType<object>>): Loader => (() => ({ promise: impl(), startedAt: Date.now() })) as unknown as Loader;

function captureReports() {
  const bodies: unknown[] = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).endsWith('/api/client-errors')) {
      expect((init?.headers as Record<string, string>)[CSRF_HEADER]).toBeDefined();
      bodies.push(JSON.parse(String(init?.body)));
    }
    return new Response(null, { status: 204 });
  }) as unknown as typeof fetch;
  return bodies;
}

describe('remote load failures are reported to the server with the remote and the stage', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('classifies failures by stage', () => {
    expect(failureStage(new RemoteStallError('store', 8000))).toBe('timeout');
    expect(failureStage(new RemoteStageError('config', 'no locations'))).toBe('config');
    expect(failureStage(new Error('[ Federation Runtime ]: RUNTIME-008 failed to load script'))).toBe('entry');
    expect(failureStage(new Error('module ./Nope does not exist in container'))).toBe('module');
  });

  it('reports an entry that cannot be fetched, once per remote, module and stage', async () => {
    const bodies = captureReports();
    const failing = loaderOf(() => Promise.reject(new RemoteStageError('entry', 'RUNTIME-008: failed to load script')));
    render(<RemoteSlot remote="video" module="App" loader={failing} fallback={<p>down</p>} />);
    render(<RemoteSlot remote="video" module="App" loader={failing} fallback={<p>down</p>} />);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ remote: 'video', module: 'App', stage: 'entry', message: 'RUNTIME-008: failed to load script', page: '/' });
  });

  it('reports a remote that threw while rendering as the render stage', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const bodies = captureReports();
    const Broken = () => {
      throw new Error('boom');
    };
    render(<RemoteSlot remote="visualLibrary" module="App" loader={loaderOf(async () => Broken)} fallback={<p>down</p>} />);
    await waitFor(() => expect(bodies).toContainEqual(expect.objectContaining({ remote: 'visualLibrary', stage: 'render', message: 'boom' })));
  });

  it('reports a remote on which nothing arrives for the stall window as the timeout stage', async () => {
    jest.useFakeTimers();
    try {
      const bodies = captureReports();
      render(<RemoteSlot remote="paywall" module="ArticleGate" stallMs={1000} loader={loaderOf(() => new Promise(() => {}))} fallback={<p>down</p>} />);
      await act(async () => jest.advanceTimersByTime(1000));
      await act(async () => Promise.resolve());
      expect(bodies).toEqual([expect.objectContaining({ remote: 'paywall', module: 'ArticleGate', stage: 'timeout' })]);
    } finally {
      jest.useRealTimers();
    }
  });
});
