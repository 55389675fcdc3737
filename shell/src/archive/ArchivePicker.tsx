/**
 * The archive picker (SITE-02): two drop-downs, YEAR (the first year preselected, or the chosen
 * issue's) and MONTH (the chosen issue preselected, else the year's first), and Go, which opens
 * the selected issue. Changing YEAR resets MONTH to that year's first issue.
 */
import { useId, useState, type FormEvent } from 'react';
import { isSitePath, useNavigate } from 'shared-contracts/router';
import type { Archive } from 'shared-contracts/discovery';
import { archivePickerSelection } from 'shared-contracts/discovery';
import { browser } from '../header/browser';

export interface ArchivePickerProps {
  years: Archive['years'];
  /** The issue to preselect (an archive-toc page's own issue). */
  chosen?: { yearId?: string; issueURL?: string };
}

/** Goes to an address: inside the site with the router, elsewhere with a full navigation. */
export function useGoTo(): (url: string) => void {
  const navigate = useNavigate();
  return (url: string) => {
    if (isSitePath(url)) navigate(url);
    else browser.assign(url);
  };
}

export function ArchivePicker({ years, chosen }: ArchivePickerProps) {
  const id = useId();
  const goTo = useGoTo();
  const initial = archivePickerSelection(years, chosen);
  const [yearId, setYearId] = useState(initial?.yearId ?? '');
  const [issueMonth, setIssueMonth] = useState(initial?.issueMonth ?? '');
  const year = years.find((y) => y.yearId === yearId);
  if (!initial || !year) return null;

  function changeYear(next: string) {
    setYearId(next);
    setIssueMonth(years.find((y) => y.yearId === next)?.issues[0]?.issueMonth ?? '');
  }

  function go(event: FormEvent) {
    event.preventDefault();
    const issue = year?.issues.find((i) => i.issueMonth === issueMonth) ?? year?.issues[0];
    if (issue) goTo(issue.issueURL);
  }

  return (
    <form className="archive-picker" aria-label="Archive picker" onSubmit={go}>
      <label htmlFor={`${id}-year`}>YEAR</label>
      <select id={`${id}-year`} value={yearId} onChange={(e) => changeYear(e.target.value)}>
        {years.map((y) => (
          <option key={y.yearId} value={y.yearId}>
            {y.yearId}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-month`}>MONTH</label>
      <select id={`${id}-month`} value={issueMonth} onChange={(e) => setIssueMonth(e.target.value)}>
        {year.issues.map((i) => (
          <option key={i.issueMonth} value={i.issueMonth}>
            {i.issueMonth}
          </option>
        ))}
      </select>
      <button type="submit" className="button-primary">
        Go
      </button>
    </form>
  );
}
