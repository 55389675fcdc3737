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
import { ButtonLink, Card, formatMonthYear, HostItemActions, Tag, type User } from 'shared-contracts';
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

/** Charts are drawn 640 x 400 (16:10): the image keeps that box before it loads. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 400;

/** `first`: the feed's first chart, the first view's largest picture (loaded at once, first). */
export function Entry({ chart, subjects, user, first = false }: { chart: Chart; subjects: readonly VisualSubject[]; user: User | null; first?: boolean }) {
  const titleId = useId();
  const subject = subjects.find((s) => s.label === chart.term);
  const date = formatMonthYear(chart.published);
  return (
    <Card as="li" className="chart-entry" data-chart-entry={chart.id}>
      <article aria-labelledby={titleId}>
        <img
          src={chart.contentImage}
          alt={chart.title}
          className="chart-image"
          width={CHART_WIDTH}
          height={CHART_HEIGHT}
          loading={first ? undefined : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
        />
        <Tag as="p">{subject ? <Link to={feedHref(subject.filter)}>{chart.term}</Link> : chart.term}</Tag>
        <h3 id={titleId} className="ds-card__title">
          {chart.title}
        </h3>
        <p className="chart-actions">
          <ButtonLink variant="ghost" href={chartDownloadHref(chart, user)} download aria-describedby={titleId}>
            {VISUAL_TEXT.downloadChart}
          </ButtonLink>
        </p>
        <ItemActions chart={chart} />
        <p className="chart-parent">
          <SiteLink href={chart.parentArticleLink}>{chart.parentArticle}</SiteLink>
        </p>
        {date && (
          <p className="ds-card__meta">
            <time dateTime={chart.published}>{date}</time>
          </p>
        )}
      </article>
    </Card>
  );
}
