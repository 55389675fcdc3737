/**
 * The issue card (SITE-02): the cover image linking to the issue, the title, the summary and a
 * 'Featuring' list of links. The cover has its size set, so the card does not move the page when
 * the image arrives.
 */
import { useId } from 'react';
import { Link } from 'shared-contracts/router';
import type { Issue } from 'shared-contracts/discovery';

export const COVER_SIZE = { width: 180, height: 240 } as const;

export function IssueCard({ issue, titleAs = 'h2' }: { issue: Issue; titleAs?: 'h2' | 'h3' | 'p' }) {
  const id = useId();
  const Title = titleAs;
  return (
    <article className="issue-card" aria-labelledby={`${id}-title`} data-issue-code={issue.issueCode}>
      <Link to={issue.url} className="issue-cover-link">
        <img className="issue-cover" src={issue.cover} alt={`${issue.title} cover`} width={COVER_SIZE.width} height={COVER_SIZE.height} />
      </Link>
      <div className="issue-card-body">
        <Title id={`${id}-title`} className="issue-title">
          <Link to={issue.url}>{issue.title}</Link>
        </Title>
        <p className="issue-summary">{issue.summary}</p>
        {issue.featuring.length > 0 && (
          <>
            <p className="issue-featuring" id={`${id}-featuring`}>
              Featuring
            </p>
            <ul className="issue-featuring-list" aria-labelledby={`${id}-featuring`}>
              {issue.featuring.map((f) => (
                <li key={f.url}>
                  <Link to={f.url}>{f.title}</Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </article>
  );
}
