import { api, useLoad } from 'shared-contracts';

export function Magazine() {
  const archive = useLoad('archive', () => api.archive());
  return (
    <main id="main" className="page">
      <h1>Magazine Archive</h1>
      {archive.status === 'loading' && <p role="status">Loading the archive…</p>}
      {archive.status === 'error' && <p role="alert">We could not load the archive. Please try again.</p>}
      {archive.status === 'ready' &&
        archive.data.years.map((y) => (
          <section key={y.yearId} aria-labelledby={`year-${y.yearId}`}>
            <h2 id={`year-${y.yearId}`}>{y.yearId}</h2>
            <ul className="issue-list">
              {y.issues.map((i) => (
                <li key={`${i.issueCode}-${i.issueMonth}`}>
                  <a href={i.issueURL}>{i.issueMonth}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </main>
  );
}
