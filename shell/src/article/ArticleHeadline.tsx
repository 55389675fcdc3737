import { Link } from 'shared-contracts/router';
import { formatLongDate, type Article } from 'shared-contracts';
import { BIG_IDEA_LABEL, bylineText, seriesLine, topicHref } from './headline';

/** The headline entity of SITE-03 may carry a series title; the Article schema does not yet. */
type HeadlineArticle = Article & { seriesTitle?: string | null };

/**
 * Article headline (SITE-03): the kicker (topic, linking to its topic page; content type; Big Idea
 * marker), series and series title, title, dek, authors and the date as 'MMMM DD, YYYY'. The h1 takes focus programmatically
 * (tabIndex -1) so that a closing overlay (the banner) can hand focus back to the article.
 */
export function ArticleHeadline({ article }: { article: HeadlineArticle }) {
  const series = seriesLine(article);
  const byline = bylineText(article.author.map((x) => x.name));
  return (
    <header className="article-headline">
      <p className="article-kicker">
        <Link to={topicHref(article.topic)} className="eyebrow">
          {article.topic.name}
        </Link>
        <span className="content-type">{article.contentType}</span>
        {article.bigIdea && (
          <span className="big-idea-marker" data-big-idea="">
            {BIG_IDEA_LABEL}
          </span>
        )}
      </p>
      {series && (
        <p className="series">
          {series.series && <span className="series-name">{series.series}</span>}
          {series.series && series.title && ': '}
          {series.title && <span className="series-title">{series.title}</span>}
        </p>
      )}
      <h1 tabIndex={-1}>{article.title}</h1>
      <p className="dek">{article.summary}</p>
      <p className="byline">
        {byline && <span className="authors">{byline}</span>}
        {byline && ' · '}
        <time dateTime={article.published}>{formatLongDate(article.published)}</time>
      </p>
    </header>
  );
}
