/**
 * The magazine archive, 1956 to 2025 (SITE-02 and SITE-03).
 *
 * Issue codes come from shared-contracts' issueCode: 'BR' + two-digit year + two-digit issue number
 * from 2000 on (BR2501). Before 2000 the code has four digits; the one example given is 1999
 * January-February = 3991, read as '3' + two-digit year + the issue's number within its year
 * (1-9), so 1999's first issue is 3-99-1 and 1956's first is 3561. Years before 2000 are
 * bi-monthly here (six issues), which keeps the number to one digit.
 *
 * Shapes by period:
 *  - 1956-1999: six bi-monthly issues; some years before 1980 miss an issue (gaps), never the first.
 *  - 2000-2016: single months mixed with combined ones (July-August; from 2010 also January-February).
 *  - 2004-2009: the archive lists July and August separately, both pointing to the July issue.
 *  - 2017-2025: six bi-monthly issues a year; 2025 lists three so far.
 */
import { issueCode } from 'shared-contracts/server';
import type { Rng } from './prng';

export { issueCode };

export interface IssueSeed {
  code: string;
  year: number;
  number: number;
  label: string;
}

export interface ArchiveEntrySeed {
  year: number;
  position: number;
  monthLabel: string;
  issueCode: string;
}

export const FIRST_ARCHIVE_YEAR = 1956;
export const LAST_ARCHIVE_YEAR = 2025;

const BI_MONTHLY = ['January-February', 'March-April', 'May-June', 'July-August', 'September-October', 'November-December'] as const;
const MONTHLY_2000S = ['January', 'February', 'March', 'April', 'May', 'June', 'July-August', 'September', 'October', 'November', 'December'] as const;
const MIXED_2010S = ['January-February', 'March', 'April', 'May', 'June', 'July-August', 'September', 'October', 'November', 'December'] as const;

export function issueUrl(code: string): string {
  return `/archive-toc/${code}`;
}

function labelsFor(year: number): readonly string[] {
  if (year === LAST_ARCHIVE_YEAR) return BI_MONTHLY.slice(0, 3);
  if (year >= 2017 || year < 2000) return BI_MONTHLY;
  if (year >= 2010) return MIXED_2010S;
  return MONTHLY_2000S;
}

export function buildArchive(rng: Rng): { issues: IssueSeed[]; entries: ArchiveEntrySeed[] } {
  const issues: IssueSeed[] = [];
  const entries: ArchiveEntrySeed[] = [];
  for (let year = FIRST_ARCHIVE_YEAR; year <= LAST_ARCHIVE_YEAR; year++) {
    const labels = labelsFor(year);
    const gap = year < 1980 && rng.chance(0.3) ? rng.int(2, labels.length) : null;
    let position = 0;
    labels.forEach((label, index) => {
      const number = index + 1;
      if (number === gap) return;
      const code = issueCode(year, number);
      issues.push({ code, year, number, label });
      if (label === 'July-August' && year >= 2004 && year <= 2009) {
        entries.push({ year, position: position++, monthLabel: 'July', issueCode: code });
        entries.push({ year, position: position++, monthLabel: 'August', issueCode: code });
      } else {
        entries.push({ year, position: position++, monthLabel: label, issueCode: code });
      }
    });
  }
  return { issues, entries };
}
