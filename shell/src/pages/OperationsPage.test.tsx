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
  pinned: true,
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
        id: '2026-11-26T12:00:00.000Z|000000002|aaaaaa',
        at: '2026-11-26T12:00:00.000Z',
        actor: 'operator:operator@example.com',
        action: 'promote',
        channel: 'stable',
        from: 'env-0123abcd',
        to: '2026.11.26-aaaaaaa',
        reason: '',
      },
    ],
    eventsNext: '2026-11-26T12:00:00.000Z|000000002|aaaaaa',
    refusals: [
      {
        actor: 'token:tok-9 (library team)',
        action: 'promote',
        hour: '2026-11-27T08:00:00.000Z',
        count: 31,
        firstAt: '2026-11-27T08:00:00.000Z',
        lastAt: '2026-11-27T08:40:00.000Z',
        reason: 'This deploy token releases library only.',
      },
    ],
    refusalsNext: null,
    ...over,
  };
}
const overview = (remotes: RemoteReleases[] = [store()], testers: string[] = []) => ({
  remotes,
  autoRollback: { minLoads: 20, maxFailureRate: 0.2, minBrowsers: 5 },
  testers,
});

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
    expect(
      within(card).getByText(
        '31 × promote by token:tok-9 (library team), 2026-11-27 08:00:00 to 2026-11-27 08:40:00: This deploy token releases library only.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/above 20% after at least 20 loads, with failures from at least 5 browsers/)).toBeInTheDocument();

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

  it('pages through the older history of a remote', async () => {
    const older = {
      id: '2026-11-20T12:00:00.000Z|000000001|bbbbbb',
      at: '2026-11-20T12:00:00.000Z',
      actor: 'token:tok-1 (store CI)',
      action: 'publish',
      channel: null,
      from: null,
      to: '2026.11.26-aaaaaaa',
      reason: '',
    };
    const api = mockApi({
      'GET /api/releases': { body: overview() },
      'GET /api/releases/store/events': { body: { events: [older], next: null } },
    });
    renderPage(sampleUser());
    const card = await screen.findByRole('region', { name: 'store' });
    await userEvent.click(within(card).getByRole('button', { name: 'Older changes of store' }));
    expect(await within(card).findByText('2026-11-20 12:00:00 publish – → 2026.11.26-aaaaaaa by token:tok-1 (store CI)')).toBeInTheDocument();
    expect(api.urls('GET /api/releases/store/events').map((u) => u.searchParams.get('before'))).toEqual(['2026-11-26T12:00:00.000Z|000000002|aaaaaa']);
    expect(within(card).queryByRole('button', { name: 'Older changes of store' })).not.toBeInTheDocument();
  });

  it('lists the release testers and adds one', async () => {
    let reads = 0;
    const api = mockApi({
      'GET /api/releases': () => ({ body: overview([store()], reads++ === 0 ? [] : ['reader@example.com']) }),
      'POST /api/releases/testers': { body: { testers: ['reader@example.com'] } },
    });
    renderPage(sampleUser());
    const testers = await screen.findByRole('region', { name: 'Release testers' });
    await userEvent.type(within(testers).getByLabelText('Email address of an account'), 'reader@example.com');
    await userEvent.click(within(testers).getByRole('button', { name: 'Add a tester' }));
    expect(await screen.findByText('reader@example.com is a release tester')).toBeInTheDocument();
    expect(api.sent('POST /api/releases/testers')).toEqual([{ email: 'reader@example.com' }]);
    expect(await within(testers).findByRole('button', { name: 'Remove reader@example.com from the release testers' })).toBeInTheDocument();
  });
});
