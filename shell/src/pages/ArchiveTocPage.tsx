/**
 * One issue's table of contents `/archive-toc/{issueCode}` (SITE-02): the issue card, the list of
 * its articles, and the archive picker preselecting this issue's year and month. An unknown issue
 * shows the not-found page.
 */
import { useParams } from 'shared-contracts/router';
import { api, isNotFound, useLoad } from 'shared-contracts';
import { ArchivePicker } from '../archive/ArchivePicker';
import { IssueCard } from '../archive/IssueCard';
import { articleDocumentTitle } from '../article/headline';
import { useDocumentTitle } from '../article/useDocumentTitle';
import { StreamEntryCard } from '../discovery/StreamEntryCard';
import { NotFound } from './NotFound';

export function ArchiveTocPage() {
  const { issueCode = '' } = useParams();
  const issue = useLoad(`issue:${issueCode}`, () => api.issue(issueCode));
  const archive = useLoad('archive', () => api.archive());
  useDocumentTitle(issue.status === 'ready' ? articleDocumentTitle(issue.data.title) : null);

  if (issue.status === 'error' && isNotFound(issue.error)) return <NotFound />;
  return (
    <main id="main" className="page archive-toc">
      {issue.status === 'loading' && <p role="status">Loading the issue…</p>}
      {issue.status === 'error' && <p role="alert">We could not load this issue. Please try again.</p>}
      {issue.status === 'ready' && (
        <>
          <h1>{issue.data.title}</h1>
          <IssueCard issue={issue.data} titleAs="p" lead />
          <section aria-labelledby="toc-title">
            <h2 id="toc-title" className="ds-section-title">
              In this issue
            </h2>
            <ul className="article-list toc-list" aria-label="Table of contents">
              {issue.data.articles.map((entry) => (
                <StreamEntryCard key={entry.id} entry={entry} />
              ))}
            </ul>
          </section>
          {archive.status === 'ready' && (
            <section className="archive-picker-section" aria-labelledby="archive-picker-title">
              <h2 id="archive-picker-title">Magazine archive</h2>
              <ArchivePicker key={issue.data.issueCode} years={archive.data.years} chosen={{ yearId: String(issue.data.year), issueURL: issue.data.url }} />
            </section>
          )}
        </>
      )}
    </main>
  );
}
