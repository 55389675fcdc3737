/**
 * What a feed item card shows (SITE-02, SITE-03, SITE-06), built from a library item (saved, read, shared,
 * watched, ordered, a shared folder's items) or from a followed topic's stream entry. The card
 * itself only draws the model; the rules live here and in library.ts (itemActions).
 */
import { formatLongDate, topicSubjectPath } from 'shared-contracts';
import { sharedVia } from 'shared-contracts/library';
import type { StreamEntry } from 'shared-contracts/discovery';
import { itemActions, type LibraryItem, type OrderEntry } from 'shared-contracts/library';
import type { FlyoutItem } from '../flyouts/contract';
import { LIBRARY_TEXT } from '../../text';

export type CardActions = ReturnType<typeof itemActions>;

export interface CardModel {
  id: string;
  title: string;
  url: string;
  summary: string;
  /** The picture's base path (shared-contracts' Picture), or null when the item has none. */
  image: string | null;
  /** The eyebrow: 'Magazine Article', 'Video', 'Chart', ... */
  contentType: string;
  /** The topic (category.term), or '' when none. */
  topic: string;
  /** The topic's page, for an article (a video's or chart's category is a tag or a subject, with no topic page); else null. */
  topicLink: string | null;
  authors: string[];
  /** The activity and its date: 'Saved March 04, 2025'; '' when the date is unknown. */
  dated: string;
  /** ISO date behind `dated` (for <time dateTime>). */
  dateTime: string;
  activity: string;
  /** 'Shared via X' for shared items, else null. */
  sharedVia: string | null;
  sharedWith: string[];
  order: OrderEntry | null;
  /** Cents, or null. */
  listPrice: number | null;
  productLink: string | null;
  sponsored: boolean;
  readOnly: boolean;
  actions: CardActions;
  /** What a flyout opened from this card acts on. */
  flyoutItem: FlyoutItem;
}

const NO_ACTIONS: CardActions = { save: false, move: false, discard: false, share: false, buyCopies: false, bulk: false };

function dated(verb: string, iso: string): string {
  const date = formatLongDate(iso);
  return date ? `${verb} ${date}` : '';
}

/** An article's address: /{year}/{month}/{slug}. */
const ARTICLE_URL = /^\/\d{4}\/\d{2}\/[^/]+$/;

function topicLinkOf(entry: Pick<StreamEntry, 'url' | 'category'>): string | null {
  return entry.category.term && ARTICLE_URL.test(entry.url) ? topicSubjectPath(entry.category.term) : null;
}

function flyoutItemOf(entry: StreamEntry): FlyoutItem {
  return { id: entry.id, title: entry.title, url: entry.url, summary: entry.summary, contentType: entry.contentType };
}

/** A library item's card; `forceReadOnly` for a shared folder seen by someone else (no actions). */
export function cardOfLibraryItem(item: LibraryItem, forceReadOnly = false): CardModel {
  const c = item.content;
  const readOnly = forceReadOnly || c.readOnly;
  return {
    id: item.id,
    title: item.title,
    url: item.url,
    summary: item.summary,
    image: item.image,
    contentType: item.contentType,
    topic: item.category.term,
    topicLink: topicLinkOf(item),
    authors: item.author.map((a) => a.name),
    dated: dated(LIBRARY_TEXT.verbs[c.activity], c.activityAt),
    dateTime: c.activityAt,
    activity: c.activity,
    sharedVia: c.activity === 'shared' && c.provider ? sharedVia(c.provider) : null,
    sharedWith: c.activity === 'shared' ? c.sharedWith : [],
    order: c.order,
    listPrice: item.listPrice,
    productLink: item.productLink,
    sponsored: item.sponsored,
    readOnly,
    actions: readOnly ? NO_ACTIONS : itemActions(c, item.contentType, !!item.productLink),
    flyoutItem: flyoutItemOf(item),
  };
}

/** A followed topic's article: not in the library's lists, so it offers Save (and Share). */
export function cardOfStreamEntry(entry: StreamEntry): CardModel {
  return {
    id: entry.id,
    title: entry.title,
    url: entry.url,
    summary: entry.summary,
    image: entry.image,
    contentType: entry.contentType,
    topic: entry.category.term,
    topicLink: topicLinkOf(entry),
    authors: entry.author.map((a) => a.name),
    dated: dated(LIBRARY_TEXT.published, entry.published),
    dateTime: entry.published,
    activity: 'published',
    sharedVia: null,
    sharedWith: [],
    order: null,
    listPrice: entry.listPrice,
    productLink: entry.productLink,
    sponsored: entry.sponsored,
    readOnly: false,
    actions: itemActions({ readOnly: false, selectable: false }, entry.contentType, !!entry.productLink),
    flyoutItem: flyoutItemOf(entry),
  };
}
