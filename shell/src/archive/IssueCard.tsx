/**
 * The issue card (SITE-02): the cover linking to the issue, the title, the summary and a
 * 'Featuring' list of links. The cover is a generated picture (the issue's `cover`, a 3:4 base path)
 * with its size set, so the card does not move the page when it arrives; `lead` draws the card large
 * (the magazine's latest issue, the page's largest picture).
 */
import { useId } from 'react';
import { Link } from 'shared-contracts/router';
import { Picture, Tag } from 'shared-contracts';
import type { Issue } from 'shared-contracts/discovery';

export function IssueCard({
  issue,
  titleAs = 'h2',
  lead = false,
  kicker,
}: {
  issue: Issue;
  titleAs?: 'h2' | 'h3' | 'p';
  lead?: boolean;
  /** A line above the title ('Current issue'). */
  kicker?: string;
}) {
  const id = useId();
  const Title = titleAs;
  return (
    <article className={lead ? 'issue-card issue-card--lead' : 'issue-card'} aria-labelledby={`${id}-title`} data-issue-code={issue.issueCode}>
      <Link to={issue.url} className="issue-cover-link">
        <Picture
          image={issue.cover}
          alt={`${issue.title} cover`}
          sizes={lead ? '(min-width: 768px) 18rem, 45vw' : '(min-width: 768px) 12rem, 35vw'}
          priority={lead}
          eager={!lead}
          className="issue-cover"
        />
      </Link>
      <div className="issue-card-body">
        {kicker && <Tag as="p">{kicker}</Tag>}
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
