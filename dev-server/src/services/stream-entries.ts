/** Rows to the one stream entry shape (StreamEntrySchema): articles, sponsored reports, videos, charts. */
import { type StreamEntry, type StreamItem } from 'shared-contracts/server';
import { z } from 'zod';
import type { ProductRow, VideoRow } from '../db/database';
import type { ArticleWithTopic } from '../repositories/content';
import { SPONSORED_REPORT, type StreamArticle } from '../repositories/discovery';
import type { ChartWithSubject } from '../repositories/media';
import { articleUrl } from './content';
import { articleSubject, imageOr, productSubject, videoImages } from './images/subjects';
import { chartImagePath } from './media';
import { productUrl } from './products';

const StringList = z.array(z.string());

export const VIDEO_CONTENT_TYPE = 'Video';
export const CHART_CONTENT_TYPE = 'Chart';
/** Where a chart without a parent article points. */
export const VISUAL_LIBRARY_PATH = '/visual-library';

/** The stream content type of an article: 'Sponsored Report' when sponsored, else its own. */
export function articleContentType(row: Pick<ArticleWithTopic, 'sponsor' | 'content_type'>): string {
  return row.sponsor !== null ? SPONSORED_REPORT : row.content_type;
}

export function videoPath(id: string, slug: string): string {
  return `/video/${id}/${slug}`;
}

const notAProduct = { productStatus: null, productLink: null, listPrice: null } as const;

export function articleEntry(row: StreamArticle): StreamEntry {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    url: articleUrl(row.year, row.month, row.slug),
    published: row.published,
    contentType: articleContentType(row),
    category: { term: row.topic_name },
    author: StringList.parse(JSON.parse(row.authors)).map((name) => ({ name })),
    image: imageOr(row.image, articleSubject(row)),
    sponsored: row.sponsor !== null,
    sponsor: row.sponsor,
    ...notAProduct,
  };
}

/** productStatus of a coming-soon product (SITE-03: 'F' means coming soon); null when it can be bought. */
export const COMING_SOON_STATUS = 'F';

/**
 * A store product as a stream entry (SITE-03.5): its page as url and productLink, its price in cents
 * as listPrice, 'F' as productStatus when it is coming soon. Products have no publication date
 * (published ''); `term` is the root topic the product is listed under.
 */
export function productEntry(row: ProductRow, term: string): StreamEntry {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    url: productUrl(row),
    published: '',
    contentType: row.content_type,
    category: { term },
    author: StringList.parse(JSON.parse(row.authors)).map((name) => ({ name })),
    image: imageOr(row.image, productSubject(row)),
    sponsored: false,
    sponsor: null,
    productStatus: row.availability_status === 'COMING_SOON' ? COMING_SOON_STATUS : null,
    productLink: productUrl(row),
    listPrice: row.price_cents,
  };
}

/** A video's entry carries its length (seconds): search results show it beside the poster. */
export function videoEntry(row: VideoRow): StreamItem {
  const tag = StringList.parse(JSON.parse(row.tags))[0];
  return {
    id: row.id,
    title: row.name,
    summary: row.description,
    url: videoPath(row.id, row.slug),
    published: row.pubdate,
    contentType: VIDEO_CONTENT_TYPE,
    category: { term: tag ? tag.charAt(0).toUpperCase() + tag.slice(1) : VIDEO_CONTENT_TYPE },
    author: [],
    image: videoImages(row).image,
    sponsored: false,
    sponsor: null,
    ...notAProduct,
    duration: row.duration,
  };
}

export function chartEntry(row: ChartWithSubject): StreamEntry {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    url: row.parent_article_url || VISUAL_LIBRARY_PATH,
    published: row.published,
    contentType: CHART_CONTENT_TYPE,
    category: { term: row.subject_label },
    author: [],
    image: chartImagePath(row.id),
    sponsored: false,
    sponsor: null,
    ...notAProduct,
  };
}
