/**
 * Library items (LibraryItemSchema): the issue-5 stream entry of the content (stream-entries.ts)
 * plus the content block that says what the member did with it; and order entries.
 */
import {
  caseStudyAccessEnds,
  isSubscriptionOrder,
  itemCountText,
  type LibraryContent,
  type LibraryItem,
  type LibraryStream,
  type OrderEntry,
  orderStatusLabel,
  type StreamEntry,
} from 'shared-contracts/server';
import { z } from 'zod';
import type { OrderLineRow, OrderRow } from '../db/database';
import type { LibraryKind, LibraryQueries } from '../repositories/library';
import { lineDownloads } from './downloads';
import { articleEntry, chartEntry, videoEntry } from './stream-entries';

const StringList = z.array(z.string());

export const ORDER_CONTENT_TYPE = 'Order';
const CASE_STUDY = 'case study';

export interface ContentRef {
  id: string;
  kind: LibraryKind;
}

/** A page of a library stream; pages count from 0. */
export interface LibraryPage {
  number: number;
  size: number;
}

export function pageOffset(page: LibraryPage): number {
  return page.number * page.size;
}

export function libraryStream(type: string, page: LibraryPage, total: number, entry: LibraryItem[], subscriber: boolean, maintenance = false): LibraryStream {
  const totalPages = Math.ceil(total / page.size);
  return {
    entry,
    page: { number: page.number, size: page.size, totalPages, totalElements: total, last: page.number + 1 >= totalPages },
    type,
    isPaywallEnabled: !subscriber,
    maintenanceStatus: maintenance,
  };
}

/** The content block with every field at its "nothing done" value. */
export function contentBlock(kind: LibraryKind, fields: Pick<LibraryContent, 'activity' | 'activityAt'> & Partial<LibraryContent>): LibraryContent {
  return { kind, selectable: false, readOnly: false, listIds: [], provider: null, sharedWith: [], order: null, ...fields };
}

/** The stream entries of the refs that still exist, by id. */
export async function resolveEntries(
  library: Pick<LibraryQueries, 'articlesByIds' | 'videosByIds' | 'chartsByIds'>,
  refs: readonly ContentRef[],
): Promise<Map<string, StreamEntry>> {
  const idsOf = (kind: LibraryKind) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
  const [articles, videos, charts] = await Promise.all([
    library.articlesByIds(idsOf('article')),
    library.videosByIds(idsOf('video')),
    library.chartsByIds(idsOf('chart')),
  ]);
  const out = new Map<string, StreamEntry>();
  for (const a of articles) out.set(a.id, articleEntry(a));
  for (const v of videos) out.set(v.id, videoEntry(v));
  for (const c of charts) out.set(c.id, chartEntry(c));
  return out;
}

/** Library items for refs in order; refs whose content is gone are left out. */
export async function libraryItems<R extends ContentRef>(
  library: Pick<LibraryQueries, 'articlesByIds' | 'videosByIds' | 'chartsByIds'>,
  refs: readonly R[],
  content: (ref: R) => LibraryContent,
): Promise<LibraryItem[]> {
  const entries = await resolveEntries(library, refs);
  const items: LibraryItem[] = [];
  for (const ref of refs) {
    const entry = entries.get(ref.id);
    if (entry) items.push({ ...entry, content: content(ref) });
  }
  return items;
}

/** Folder ids holding each content id, in the order given (the folders' order). */
export function holdingsById(rows: readonly { content_id: string; folder_id: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.content_id, [...(out.get(r.content_id) ?? []), r.folder_id]);
  return out;
}

export function orderPath(orderId: string): string {
  return `/order/${encodeURIComponent(orderId)}`;
}

/**
 * The order entry (SITE-03, SITE-04, SITE-09): every line (the card shows the first five), status,
 * totals, and each line's downloads as of `now` (SITE-09.11: a case study's expire after six months).
 */
export function orderEntry(order: OrderRow, lines: readonly OrderLineRow[], now: Date = new Date(order.created_at)): OrderEntry {
  const cancelled = orderStatusLabel(order.status) === 'Cancelled';
  const hasCaseStudy = lines.some((l) => l.content_type.toLowerCase() === CASE_STUDY);
  const lineItems = lines.map((l) => ({
    title: l.title,
    contentType: l.content_type,
    authors: StringList.parse(JSON.parse(l.authors)),
    downloads: lineDownloads(order, l, now),
  }));
  return {
    orderId: order.id,
    orderStatus: order.status,
    lineItems,
    grandTotalIncTax: order.grand_total_inc_tax,
    // Copies count (a line of 3 copies is 3 items); lines before migration 0006 have quantity 1.
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    orderUrl: orderPath(order.id),
    accountNumber: isSubscriptionOrder(order.title) ? order.account_number : null,
    // A cancelled order grants no access, so it has no end of access either.
    caseStudyAccessEndsAt: hasCaseStudy && !cancelled ? caseStudyAccessEnds(order.created_at).toISOString() : null,
    hasDownloads: lineItems.some((l) => l.downloads.length > 0),
  };
}

/** An order as a library item of the ordered history: read-only, its own link. */
export function orderItem(order: OrderRow, lines: readonly OrderLineRow[], now?: Date): LibraryItem {
  const entry: StreamEntry = {
    id: order.id,
    title: order.title,
    summary: itemCountText(lines.reduce((n, l) => n + l.quantity, 0)),
    url: orderPath(order.id),
    published: order.created_at,
    contentType: ORDER_CONTENT_TYPE,
    category: { term: orderStatusLabel(order.status) },
    author: [],
    image: null,
    sponsored: false,
    sponsor: null,
    productStatus: null,
    productLink: null,
    listPrice: null,
  };
  // LibraryContentSchema has no 'order' kind: an order entry says 'article' and carries `order`.
  return {
    ...entry,
    content: contentBlock('article', { activity: 'ordered', activityAt: order.created_at, readOnly: true, order: orderEntry(order, lines, now) }),
  };
}
