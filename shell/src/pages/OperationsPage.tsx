/**
 * `/operations` (decisions 037, 046): the release registry for signed-in operators. Each remote
 * with its stable and canary versions, the failure rates the shell reported per version, its release
 * history (every change, a page at a time) and its counted refusals, the buttons a team's CLI has
 * (promote, canary share, remove the canary, roll back, issue a deploy token), and the release
 * testers whose canary opt-in counts, behind the same API and rules (/api/releases: the operator's
 * session and the CSRF header). A guest is asked to sign in; anyone else gets the site's not-found page. Its own
 * chunk: nothing of it is on a reader's first view.
 */
import { useState, type FormEvent } from 'react';
import { api, ApiError, Button, Card, SignInPrompt, useLoad, useUserStore } from 'shared-contracts';
import { Link } from 'shared-contracts/router';
import {
  IssuedTokenSchema,
  ReleaseEventsPageSchema,
  ReleasesOverviewSchema,
  ReleaseTestersSchema,
  RemoteReleasesSchema,
  type ReleaseChannelState,
  type ReleaseEvent,
  type ReleasesOverview,
  type RemoteReleases,
} from 'shared-contracts/releases';
import { NotFound } from './NotFound';

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);
const when = (iso: string) => iso.replace('T', ' ').slice(0, 19);

const STYLES = `
.operations-page .ops-remotes { display: grid; gap: var(--space-4); }
.operations-page .ops-remote { min-width: 0; }
.operations-page .ops-channels { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--space-1) var(--space-4); margin: 0 0 var(--space-4); }
.operations-page .ops-channels dd { margin: 0; overflow-wrap: anywhere; }
.operations-page .ops-actions { display: flex; flex-wrap: wrap; gap: var(--space-2); margin: 0 0 var(--space-4); }
.operations-page .ops-versions { overflow-x: auto; }
.operations-page table { border-collapse: collapse; width: 100%; font: var(--step--1)/1.4 var(--font-sans); }
.operations-page th, .operations-page td { text-align: left; padding: var(--space-1) var(--space-2); border-bottom: 1px solid var(--line); vertical-align: top; }
.operations-page .ops-refused { font: var(--step--1)/1.5 var(--font-sans); overflow-wrap: anywhere; padding-left: var(--space-5); color: var(--accent); }
.operations-page .ops-history { font: var(--step--1)/1.5 var(--font-sans); overflow-wrap: anywhere; padding-left: var(--space-5); }
.operations-page .ops-testers { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: end; margin: 0 0 var(--space-4); }
`;

function Channel({ label, state }: { label: string; state: ReleaseChannelState | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {state ? (
          <>
            <code>{state.version}</code>
            {label === 'Canary' && ` to ${state.percent}% of browsers and those who opt in`}
            {`, since ${when(state.since)}; failures ${state.failures} of ${state.loads} loads (${percent(state.failureRate)})`}
          </>
        ) : (
          'none'
        )}
      </dd>
    </>
  );
}

type Act = (label: string, change: () => Promise<unknown>) => void;

function RemoteCard({ entry, act, busy }: { entry: RemoteReleases; act: Act; busy: boolean }) {
  const { remote } = entry;
  const base = `/api/releases/${remote}`;
  const [share, setShare] = useState('10');
  const [token, setToken] = useState<string | null>(null);
  const shareValue = Math.max(0, Math.min(100, Math.round(Number(share) || 0)));
  const post = (path: string, body: object) => api.request('POST', `${base}${path}`, RemoteReleasesSchema, body);
  return (
    <Card as="section" boxed className="ops-remote" aria-labelledby={`ops-${remote}`} data-release-remote={remote}>
      <h2 id={`ops-${remote}`}>{remote}</h2>
      <dl className="ops-channels" data-release-stable={entry.stable?.version ?? ''} data-release-canary={entry.canary?.version ?? ''}>
        <Channel label="Stable" state={entry.stable} />
        <Channel label="Canary" state={entry.canary} />
      </dl>
      <div className="ops-actions">
        <Button
          disabled={busy || !entry.rollbackTo}
          onClick={() => act(`${remote}: rolled back to ${entry.rollbackTo}`, () => post('/rollback', { reason: 'from the operations page' }))}
        >
          {entry.rollbackTo ? `Roll back to ${entry.rollbackTo}` : 'Nothing to roll back to'}
        </Button>
        {entry.canary && (
          <>
            <label>
              Canary share (%) <input type="number" min={0} max={100} value={share} onChange={(e) => setShare(e.target.value)} size={4} />
            </label>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => act(`${remote}: canary share ${shareValue}%`, () => post('/canary', { percent: shareValue }))}
            >
              Set share
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => act(`${remote}: canary removed`, () => api.request('DELETE', `${base}/canary`, RemoteReleasesSchema))}
            >
              Remove canary
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() =>
            act(`${remote}: deploy token issued (shown once)`, async () => {
              const issued = await api.request('POST', `${base}/tokens`, IssuedTokenSchema, { label: 'issued on the operations page' });
              setToken(issued.token);
            })
          }
        >
          Issue a deploy token
        </Button>
      </div>
      {token && (
        <p>
          New deploy token for {remote} (copy it now, it is not shown again): <output data-release-token>{token}</output>
        </p>
      )}
      <div className="ops-versions">
        <table>
          <caption className="visually-hidden">{`Versions of ${remote}`}</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Channels</th>
              <th scope="col">Published</th>
              <th scope="col">Failures</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {entry.versions.map((v) => (
              <tr key={v.version} data-release-version={v.version}>
                <td>
                  <code>{v.version}</code>
                </td>
                <td>{v.channels.join(', ') || '–'}</td>
                <td>{`${when(v.publishedAt)} by ${v.publishedBy}`}</td>
                <td>{`${v.failures} of ${v.loads} loads (${percent(v.failureRate)})`}</td>
                <td>
                  {!v.channels.includes('stable') && (
                    <Button
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Make stable: ${remote} ${v.version}`}
                      onClick={() => act(`${remote}: ${v.version} is stable`, () => post('/promote', { version: v.version, channel: 'stable' }))}
                    >
                      Make stable
                    </Button>
                  )}
                  {v.channels.length === 0 && (
                    <Button
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Canary ${remote} ${v.version} to ${shareValue}%`}
                      onClick={() =>
                        act(`${remote}: ${v.version} is the canary for ${shareValue}%`, () =>
                          post('/promote', { version: v.version, channel: 'canary', percent: shareValue }),
                        )
                      }
                    >
                      Canary
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <History entry={entry} />
    </Card>
  );
}

const describeEvent = (e: ReleaseEvent) =>
  `${when(e.at)} ${e.action}${e.channel ? ` ${e.channel}` : ''}${e.from || e.to ? ` ${e.from ?? '–'} → ${e.to ?? '–'}` : ''} by ${e.actor}${e.reason ? ` (${e.reason})` : ''}`;

/** The remote's changes, newest first, with the older ones a page at a time; then its counted refusals. */
function History({ entry }: { entry: RemoteReleases }) {
  const [older, setOlder] = useState<{ events: ReleaseEvent[]; next: string | null }>({ events: [], next: entry.eventsNext });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  // A new answer of the registry (after a change) starts the history again from its newest page.
  const [first, setFirst] = useState(entry.events[0]?.id);
  if (first !== entry.events[0]?.id) {
    setFirst(entry.events[0]?.id);
    setOlder({ events: [], next: entry.eventsNext });
  }
  const more = () => {
    if (!older.next) return;
    setState('loading');
    api.request('GET', `/api/releases/${entry.remote}/events?before=${encodeURIComponent(older.next)}`, ReleaseEventsPageSchema).then(
      (page) => {
        setOlder((o) => ({ events: [...o.events, ...page.events], next: page.next }));
        setState('idle');
      },
      () => setState('failed'),
    );
  };
  return (
    <>
      <h3>History</h3>
      <ol className="ops-history" data-release-history>
        {[...entry.events, ...older.events].map((e) => (
          <li key={e.id}>{describeEvent(e)}</li>
        ))}
      </ol>
      {older.next && (
        <Button variant="ghost" disabled={state === 'loading'} aria-busy={state === 'loading'} onClick={more}>
          {`Older changes of ${entry.remote}`}
        </Button>
      )}
      {state === 'failed' && <p role="alert">The older changes could not be read. Try again.</p>}
      <h3>Refused requests</h3>
      {entry.refusals.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="ops-refused" data-release-refusals>
          {entry.refusals.map((r) => (
            <li key={`${r.actor}|${r.action}|${r.hour}`}>{`${r.count} × ${r.action} by ${r.actor}, ${when(r.firstAt)} to ${when(r.lastAt)}: ${r.reason}`}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The release testers: accounts whose canary opt-in (cookie or header) counts (decision 046). */
function Testers({ testers, act, busy }: { testers: string[]; act: Act; busy: boolean }) {
  const [email, setEmail] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    act(`${address} is a release tester`, () =>
      api.request('POST', '/api/releases/testers', ReleaseTestersSchema, { email: address }).then(() => setEmail('')),
    );
  };
  return (
    <Card as="section" boxed aria-labelledby="ops-testers">
      <h2 id="ops-testers">Release testers</h2>
      <p>A canary opt-in (the mfe_canary cookie or the X-Mfe-Canary header) counts only for operators and these accounts, signed in.</p>
      <ul data-release-testers>
        {testers.length === 0 && <li>None.</li>}
        {testers.map((t) => (
          <li key={t}>
            {t}{' '}
            <Button
              variant="ghost"
              disabled={busy}
              aria-label={`Remove ${t} from the release testers`}
              onClick={() =>
                act(`${t} is no longer a release tester`, () => api.request('DELETE', `/api/releases/testers/${encodeURIComponent(t)}`, ReleaseTestersSchema))
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form className="ops-testers" onSubmit={add}>
        <label>
          Email address of an account <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </label>
        <Button type="submit" disabled={busy}>
          Add a tester
        </Button>
      </form>
    </Card>
  );
}

function Registry({ overview, reload }: { overview: ReleasesOverview; reload: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const act: Act = (label, change) => {
    setBusy(true);
    setMessage('');
    change().then(
      () => {
        setMessage(label);
        setBusy(false);
        reload();
      },
      (error: unknown) => {
        setMessage(error instanceof ApiError ? `Refused: ${error.message}` : 'The change could not be made. Try again.');
        setBusy(false);
        reload();
      },
    );
  };
  const rule = overview.autoRollback;
  return (
    <>
      <p>
        {`A canary whose failure rate is above ${Math.round(rule.maxFailureRate * 100)}% after at least ${rule.minLoads} loads, with failures from at least ${rule.minBrowsers} browsers, is taken out by the registry; only an operator may promote it again. `}
        Teams release with <code>npm run release -- &lt;remote&gt; …</code> and their deploy token.
      </p>
      <p role="status" data-release-message>
        {message}
      </p>
      <div className="ops-remotes">
        {overview.remotes.map((entry) => (
          <RemoteCard key={entry.remote} entry={entry} act={act} busy={busy} />
        ))}
        <Testers testers={overview.testers} act={act} busy={busy} />
      </div>
    </>
  );
}

export function OperationsPage() {
  const status = useUserStore((s) => s.status);
  const userId = useUserStore((s) => s.user?.id ?? null);
  // Read again after each change with the registry kept on screen (and with it the change's message).
  const load = useLoad(
    `operations:${userId ?? 'guest'}`,
    () => (userId ? api.request('GET', '/api/releases', ReleasesOverviewSchema) : Promise.resolve(null)),
    {
      keepPrevious: true,
    },
  );
  if (load.status === 'error' && load.error instanceof ApiError && (load.error.status === 403 || load.error.status === 404)) return <NotFound />;
  return (
    <main id="main" className="page operations-page">
      <style>{STYLES}</style>
      <h1>Operations</h1>
      {status !== 'unknown' && userId === null && <SignInPrompt linkComponent={Link} />}
      {userId !== null && load.status === 'loading' && <p role="status">Loading…</p>}
      {load.status === 'error' && !(load.error instanceof ApiError && load.error.status === 401) && (
        <p role="alert">The release registry cannot be read right now.</p>
      )}
      {load.status === 'error' && load.error instanceof ApiError && load.error.status === 401 && <SignInPrompt linkComponent={Link} />}
      {load.status === 'ready' && load.data && <Registry overview={load.data} reload={load.reload} />}
    </main>
  );
}
