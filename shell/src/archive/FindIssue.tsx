/**
 * The find-issue selector (SITE-02): choose a year, then the month's link goes to that issue.
 */
import { useId, useState } from 'react';
import { Link } from 'shared-contracts/router';
import type { Archive } from 'shared-contracts/discovery';

export function FindIssue({ years }: { years: Archive['years'] }) {
  const id = useId();
  const [yearId, setYearId] = useState(years[0]?.yearId ?? '');
  const year = years.find((y) => y.yearId === yearId);
  if (!year) return null;
  return (
    <section className="find-issue" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find an issue</h2>
      <label htmlFor={`${id}-year`}>Issue year</label>
      <select id={`${id}-year`} value={yearId} onChange={(e) => setYearId(e.target.value)}>
        {years.map((y) => (
          <option key={y.yearId} value={y.yearId}>
            {y.yearId}
          </option>
        ))}
      </select>
      <ul className="issue-list" aria-label={`Issues of ${yearId}`}>
        {year.issues.map((i) => (
          <li key={i.issueMonth}>{i.issueURL.startsWith('/') ? <Link to={i.issueURL}>{i.issueMonth}</Link> : <a href={i.issueURL}>{i.issueMonth}</a>}</li>
        ))}
      </ul>
    </section>
  );
}
