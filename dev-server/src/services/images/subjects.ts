/**
 * What a generated picture is of (decision 036), and its address. A picture is drawn from
 * a subject: its kind, id, title, topic and, for covers, a line of detail (the product type, the
 * issue's cover line). The address embeds a short hash of the subject and ART_VERSION, so it
 * changes whenever the picture would, and can be cached for ever: `/images/{kind}/{id}/{version}`,
 * to which the client appends `-{width}.{avif|webp|jpg}` (shared-contracts images.ts).
 *
 * The API computes the address when it maps a row (no column, no migration: a hash of a few short
 * strings per entry); the image route recomputes it from the row the id names and answers 404 when
 * the request's version is not that one.
 */
import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS } from 'shared-contracts/server';
import type { ChartCollectionRow, MagazineIssueRow, ProductRow, VideoRow } from '../../db/database';

/** Change when the drawing changes: every address changes with it (old ones answer 404). */
export const ART_VERSION = 1;

export const IMAGE_KINDS = ['article', 'product', 'issue', 'video', 'collection'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The version segment: 12 hex digits of a SHA-256. */
export const IMAGE_VERSION_LENGTH = 12;
/** Ids the route accepts (every seeded id: a20230101, p-b38281-hbk, BR2501, 7045019657181, strategy-in-numbers). */
export const IMAGE_ID_PATTERN = /^[\w-]{1,80}$/;

export interface ImageSubject {
  kind: ImageKind;
  id: string;
  title: string;
  topic: string;
  /** What else the drawing shows or is seeded from (a cover's label or cover line); '' when nothing. */
  detail: string;
}

export function isTall(kind: ImageKind): boolean {
  return kind === 'product' || kind === 'issue';
}

/** The widths a kind is drawn at. */
export function widthsOf(kind: ImageKind): readonly number[] {
  return isTall(kind) ? IMAGE_WIDTHS.tall : IMAGE_WIDTHS.wide;
}

/** The width the bare base path answers with (the JPEG a plain <img src> gets). */
export function defaultWidthOf(kind: ImageKind): number {
  return widthsOf(kind)[1] as number;
}

export function heightOf(kind: ImageKind, width: number): number {
  return isTall(kind) ? Math.round((width * 4) / 3) : Math.round((width * 9) / 16);
}

export function imageVersion(subject: ImageSubject): string {
  return createHash('sha256')
    .update([ART_VERSION, subject.kind, subject.id, subject.title, subject.topic, subject.detail].join('\u0000'))
    .digest('hex')
    .slice(0, IMAGE_VERSION_LENGTH);
}

export function imageBasePath(subject: ImageSubject): string {
  return `/images/${subject.kind}/${subject.id}/${imageVersion(subject)}`;
}

/** A variant's own address (a video's poster and thumbnail fields). */
export function imageVariantPath(subject: ImageSubject, width: number, format: ImageFormat = 'jpg'): string {
  return `${imageBasePath(subject)}-${width}.${format}`;
}

/* ------------------------------------------------------------------ subjects of rows */

export function articleSubject(row: { id: string; title: string; topic_id: string }): ImageSubject {
  return { kind: 'article', id: row.id, title: row.title, topic: row.topic_id, detail: '' };
}

/** The cover's small label: the masthead on a magazine issue, else the product's type ('Book', 'Toolkit'...). */
export function productLabel(row: Pick<ProductRow, 'category_slug' | 'content_type'>): string {
  return row.category_slug === 'magazine-issues' ? MASTHEAD : row.content_type;
}

/** The formats of one product (its group) share their art; the title and label are each row's own. */
export function productSubject(row: Pick<ProductRow, 'id' | 'title' | 'category_slug' | 'content_type' | 'group_id'>): ImageSubject {
  return { kind: 'product', id: row.id, title: row.title, topic: row.category_slug, detail: `${productLabel(row)}\u0000${row.group_id}` };
}

/** An issue's cover: its month label and year, and its first published article's title as the cover line. */
export function issueSubject(row: Pick<MagazineIssueRow, 'code' | 'label' | 'year'>, coverLine: string | null): ImageSubject {
  return { kind: 'issue', id: row.code, title: `${row.label} ${row.year}`, topic: 'magazine', detail: coverLine ?? '' };
}

export function videoSubject(row: Pick<VideoRow, 'id' | 'name' | 'tags'>): ImageSubject {
  let tag = 'video';
  try {
    const tags: unknown = JSON.parse(row.tags);
    if (Array.isArray(tags) && typeof tags[0] === 'string') tag = tags[0];
  } catch {
    // A row without readable tags is drawn as a plain video.
  }
  return { kind: 'video', id: row.id, title: row.name, topic: tag, detail: '' };
}

export function collectionSubject(row: Pick<ChartCollectionRow, 'id' | 'title' | 'collection_link'>): ImageSubject {
  return { kind: 'collection', id: row.id, title: row.title, topic: row.collection_link, detail: '' };
}

/** The masthead of covers. */
export const MASTHEAD = 'The Management Review';

/** An editor's own image wins; else the generated picture's base path. */
export function imageOr(explicit: string | null | undefined, subject: ImageSubject): string {
  return explicit ?? imageBasePath(subject);
}

/** The local stand-in images of the seeded videos (seed/videos.ts), which the generated poster replaces. */
const STAND_IN_VIDEO_IMAGE = /^\/media\/videos\/\d+\/(poster|thumbnail)\.svg$/;

/**
 * A video's pictures: `image`, the generated poster's base path, and `poster` and `thumbnail`, its
 * JPEGs at 1280 and 640 wide. A poster or thumbnail of the video platform's own (not the seed's
 * stand-in) is kept.
 */
export function videoImages(row: Pick<VideoRow, 'id' | 'name' | 'tags' | 'poster' | 'thumbnail'>): { image: string; poster: string; thumbnail: string } {
  const subject = videoSubject(row);
  const own = (value: string) => !STAND_IN_VIDEO_IMAGE.test(value);
  return {
    image: own(row.thumbnail) ? row.thumbnail : imageBasePath(subject),
    poster: own(row.poster) ? row.poster : imageVariantPath(subject, 1280),
    thumbnail: own(row.thumbnail) ? row.thumbnail : imageVariantPath(subject, 640),
  };
}
