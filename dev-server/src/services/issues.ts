/**
 * Magazine issues (SITE-02): the issue card (cover, title, summary, 'Featuring' links) and the
 * table of contents of /archive-toc/{issueCode}; the current issue is the newest with articles.
 */
import { DISCOVERY_MESSAGES, type Issue } from 'shared-contracts/server';
import type { Clock } from '../deps';
import type { MagazineIssueRow } from '../db/database';
import type { DiscoveryRepository } from '../repositories/discovery';
import { NotFoundError } from './errors';
import { imageBasePath, issueSubject } from './images/subjects';
import { renderIssueCoverSvg } from './issue-cover';
import { articleEntry } from './stream-entries';

/** Issue codes (SITE-02): BR + two-digit year + two-digit number from 2000, four digits before. */
export const ISSUE_CODE_PATTERN = /^(BR\d{4}|\d{4})$/;
/** How many articles the issue card features. */
export const FEATURED_ARTICLES = 3;

export function issueCoverPath(code: string): string {
  return `/media/issues/${code}/cover.svg`;
}

export function issueTocPath(code: string): string {
  return `/archive-toc/${code}`;
}

export function createIssueService(deps: { discovery: DiscoveryRepository; clock: Clock }) {
  const { discovery, clock } = deps;
  const now = () => clock.now().toISOString();

  async function issueRow(code: string): Promise<MagazineIssueRow> {
    const row = ISSUE_CODE_PATTERN.test(code) ? await discovery.findIssue(code) : undefined;
    if (!row) throw new NotFoundError(DISCOVERY_MESSAGES.issueNotFound);
    return row;
  }

  async function toIssue(row: MagazineIssueRow): Promise<Issue> {
    const articles = (await discovery.listIssueArticles(row.code, now())).map(articleEntry);
    return {
      issueCode: row.code,
      year: row.year,
      label: row.label,
      title: `${row.label} ${row.year}`,
      summary: row.summary,
      // The generated cover's base path (images.ts): the JPEG as it is, a <picture> with pictureOf.
      cover: imageBasePath(issueSubject(row, articles[0]?.title ?? null)),
      url: issueTocPath(row.code),
      featuring: articles.slice(0, FEATURED_ARTICLES).map((a) => ({ title: a.title, url: a.url })),
      articles,
    };
  }

  return {
    /** One issue and its table of contents (published articles only); 404 for an unknown code. */
    async issue(code: string): Promise<Issue> {
      return toIssue(await issueRow(code));
    },

    /** The newest issue with a published article. */
    async currentIssue(): Promise<Issue> {
      const row = await discovery.newestIssueWithArticles(now());
      if (!row) throw new NotFoundError(DISCOVERY_MESSAGES.issueNotFound);
      return toIssue(row);
    },

    /** The issue's generated cover; the cover line is its first published article's title. */
    async coverSvg(code: string): Promise<string> {
      const row = await issueRow(code);
      const first = (await discovery.listIssueArticles(row.code, now()))[0];
      return renderIssueCoverSvg({ code: row.code, label: row.label, year: row.year, coverLine: first?.title ?? null });
    },
  };
}

export type IssueService = ReturnType<typeof createIssueService>;
