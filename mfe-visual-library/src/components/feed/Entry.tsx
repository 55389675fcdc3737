/**
 * One chart of the feed (PAY-02): topic link, title, chart image, 'Download Chart' (the digest
 * link for subscribers with the visual library, else the item's url; chartDownloadHref), parent
 * article, month-year date and the library's Save/Share (library/ItemActions through the host slot).
 * No 'Subscriber exclusive' badge: every chart the feed shows may be downloaded by its reader (the
 * server's decision, decision 016: the item's own link for everyone else); what a subscription adds
 * is what the wall says when the server walls the feed (WallBlock).
 */
import { useId } from 'react';
import { Link, SiteLink } from 'shared-contracts/router';
import { formatMonthYear, HostItemActions, type User } from 'shared-contracts';
import type { Chart, VisualSubject } from 'shared-contracts/visual';
import { VISUAL_TEXT, chartDownloadHref } from 'shared-contracts/visual';
import { feedHref } from '../query';

function ItemActions({ chart }: { chart: Chart }) {
  return (
    <HostItemActions
      className="chart-item-actions"
      item={{ id: chart.id, title: chart.title, url: chart.url, summary: chart.summary, contentType: 'Chart' }}
      nameWithTitle
    />
  );
}

export function Entry({ chart, subjects, user }: { chart: Chart; subjects: readonly VisualSubject[]; user: User | null }) {
  const titleId = useId();
  const subject = subjects.find((s) => s.label === chart.term);
  const date = formatMonthYear(chart.published);
  return (
    <li className="chart-entry" data-chart-entry={chart.id}>
      <article aria-labelledby={titleId}>
        <p className="chart-topic">{subject ? <Link to={feedHref(subject.filter)}>{chart.term}</Link> : chart.term}</p>
        <h3 id={titleId} className="chart-title">
          {chart.title}
        </h3>
        <img src={chart.contentImage} alt={chart.title} className="chart-image" loading="lazy" />
        <p className="chart-actions">
          <a href={chartDownloadHref(chart, user)} download aria-describedby={titleId}>
            {VISUAL_TEXT.downloadChart}
          </a>
        </p>
        <ItemActions chart={chart} />
        <p className="chart-parent">
          <SiteLink href={chart.parentArticleLink}>{chart.parentArticle}</SiteLink>
        </p>
        {date && (
          <p className="chart-date">
            <time dateTime={chart.published}>{date}</time>
          </p>
        )}
      </article>
    </li>
  );
}
