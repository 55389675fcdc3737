import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userStore, type User } from 'shared-contracts';
import type { RemoteReleases } from 'shared-contracts/releases';
import { sampleUser } from 'shared-contracts/src/testing';
import { mockApi, resetAuthTestState } from '../auth/testing';
import { OperationsPage } from './OperationsPage';

const channel = (version: string, percent = 100) => ({
  version,
  manifestUrl: `http://localhost:3006/store/${version}/mf-manifest.json`,
  percent,
  since: '2026-11-26T10:00:00.000Z',
  loads: 40,
  failures: 2,
  failureRate: 0.05,
});
const version = (name: string, channels: Array<'stable' | 'canary'>) => ({
  version: name,
  manifestUrl: `http://localhost:3006/store/${name}/mf-manifest.json`,
  publishedAt: '2026-11-26T09:00:00.000Z',
  publishedBy: 'token:tok-1 (store CI)',
  check: ['store: shared ok'],
  loads: 40,
  failures: 2,
  failureRate: 0.05,
  channels,
});
function store(over: Partial<RemoteReleases> = {}): RemoteReleases {
  return {
    remote: 'store',
    stable: channel('2026.11.26-aaaaaaa'),
    canary: channel('2026.11.27-bbbbbbb', 10),
    rollbackTo: 'env-0123abcd',
    versions: [version('2026.11.27-bbbbbbb', ['canary']), version('2026.11.26-aaaaaaa', ['stable']), version('env-0123abcd', [])],
    events: [
      {
        at: '2026-11-27T08:00:00.000Z',
        actor: 'token:tok-9 (library team)',
        action: 'promote',
        channel: null,
        from: null,
        to: null,
        reason: 'This deploy token releases library only.',
        outcome: 'refused',
      },
      {
        at: '2026-11-26T12:00:00.000Z',
        actor: 'operator:operator@example.com',
        action: 'promote',
        channel: 'stable',
        from: 'env-0123abcd',
        to: '2026.11.26-aaaaaaa',
        reason: '',
        outcome: 'done',
      },
    ],
    ...over,
  };
}
const overview = (remotes: RemoteReleases[] = [store()]) => ({ remotes, autoRollback: { minLoads: 20, maxFailureRate: 0.2 } });

function renderPage(user: User | null) {
  act(() => userStore.getState().setUser(user));
  return render(
    <MemoryRouter initialEntries={['/operations']}>
      <Routes>
        <Route path="/operations" element={<OperationsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => resetAuthTestState());

describe('/operations', () => {
  it('asks a guest to sign in and reads nothing', async () => {
    const api = mockApi({});
    renderPage(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /sign in/i })).toBeInTheDocument();
    expect(api.urls('GET /api/releases')).toEqual([]);
  });

  it('is the not-found page for a signed-in reader who is not an operator', async () => {
    mockApi({ 'GET /api/releases': { status: 403, body: { message: 'Operators only.' } } });
    renderPage(sampleUser());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Operations' })).not.toBeInTheDocument();
  });

  it('shows an operator each remote, its versions, failure rates and history, and rolls back through the API', async () => {
    let reads = 0;
    const api = mockApi({
      'GET /api/releases': () => ({ body: reads++ === 0 ? overview() : overview([store({ stable: channel('env-0123abcd'), rollbackTo: null })]) }),
      'POST /api/releases/store/rollback': { body: store({ stable: channel('env-0123abcd'), rollbackTo: null }) },
    });
    renderPage(sampleUser({ emailAddress: 'operator@example.com' }));
    const card = await screen.findByRole('region', { name: 'store' });
    expect(within(card).getByText('2026.11.26-aaaaaaa', { selector: 'dd code' })).toBeInTheDocument();
    expect(card.querySelector('[data-release-canary]')).toHaveAttribute('data-release-canary', '2026.11.27-bbbbbbb');
    expect(within(card).getByText(/to 10% of browsers and those who opt in/)).toBeInTheDocument();
    expect(within(card).getAllByText('2 of 40 loads (5%)')).toHaveLength(3);
    expect(within(card).getByText(/refused: promote by token:tok-9 \(library team\) \(This deploy token releases library only\.\)/)).toBeInTheDocument();
    expect(screen.getByText(/above 20% after at least 20 loads/)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Roll back to env-0123abcd' }));
    expect(await screen.findByText('store: rolled back to env-0123abcd')).toBeInTheDocument();
    expect(api.sent('POST /api/releases/store/rollback')).toEqual([{ reason: 'from the operations page' }]);
    const rollback = api.fetch.mock.calls.find(([input]) => String(input).endsWith('/rollback'));
    expect((rollback?.[1]?.headers as Record<string, string>)['X-Requested-With']).toBe('magazine-site');
    // The overview is read again after the change, and the message stays with it.
    expect(await screen.findByRole('button', { name: 'Nothing to roll back to' })).toBeDisabled();
    expect(screen.getByText('store: rolled back to env-0123abcd')).toBeInTheDocument();
    expect(api.urls('GET /api/releases')).toHaveLength(2);
  });

  it('promotes a version to the canary with the share typed, and says why a change was refused', async () => {
    const api = mockApi({
      'GET /api/releases': {
        body: overview([store({ canary: null, versions: [version('2026.11.27-bbbbbbb', []), version('2026.11.26-aaaaaaa', ['stable'])] })]),
      },
      'POST /api/releases/store/promote': { status: 409, body: { message: 'store 2026.11.27-bbbbbbb is stable already.' } },
    });
    renderPage(sampleUser());
    const card = await screen.findByRole('region', { name: 'store' });
    await userEvent.click(within(card).getByRole('button', { name: 'Canary store 2026.11.27-bbbbbbb to 10%' }));
    expect(await screen.findByText('Refused: store 2026.11.27-bbbbbbb is stable already.')).toBeInTheDocument();
    expect(api.sent('POST /api/releases/store/promote')).toEqual([{ version: '2026.11.27-bbbbbbb', channel: 'canary', percent: 10 }]);
  });
});
