/**
 * Downloads of bought digital products (PAY-01.3). Which files a bought line delivers (by its
 * SKU's format code, PAY-05), until when (a case study: six months after purchase, SITE-09), and
 * the file itself, checked on every request: the order is the requester's, not cancelled, the line
 * is in it, the format is one the line delivers, and access has not ended by the server's clock.
 *
 * Files are made on demand from the line (title, authors, kind, SKU) and kept in a small cache:
 * they name no buyer, so every buyer of a product gets the same bytes.
 */
import {
  caseStudyAccessEnds,
  DOWNLOAD_FORMAT_LABELS,
  DOWNLOAD_TEXT,
  downloadFormatsOfSku,
  downloadPath,
  formatLongDate,
  orderStatusLabel,
  type DownloadFormat,
  type DownloadLink,
} from 'shared-contracts/server';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { OrderLineRow, OrderRow } from '../db/database';
import type { CartRepository } from '../repositories/cart';
import { ForbiddenError, NotFoundError } from './errors';
import { safeFileBase, type DocumentInfo } from './files/document';
import { epubDocument } from './files/epub';
import { htmlDocument } from './files/html';
import { pptxDocument, xlsxDocument } from './files/office';
import { pdfDocument } from './files/pdf';
import { zipStored } from './files/zip';
import type { Viewer } from './viewers';

const CASE_STUDY = 'case study';

/** A toolkit's archive: its notes as text, a printable PDF and a checklist to fill in. */
function toolkitZip(info: DocumentInfo): Buffer {
  const base = safeFileBase(info.title);
  const notes = [
    info.title,
    ...(info.authors.length > 0 ? [`By ${info.authors.join(', ')}`] : []),
    '',
    `${info.kind} ${info.sku}.`,
    `Open ${base}.pdf to print it; fill in checklist.csv in any spreadsheet.`,
    '',
  ].join('\r\n');
  const checklist = ['Step,Owner,Due,Done', '1. Set the goal,,,', '2. Gather the facts,,,', '3. Decide and act,,,', '4. Review the results,,,', ''].join(
    '\r\n',
  );
  return zipStored([
    { name: `${base}/README.txt`, data: notes },
    { name: `${base}/${base}.pdf`, data: pdfDocument(info) },
    { name: `${base}/checklist.csv`, data: checklist },
  ]);
}

/** Each file: its media type, its file name's extension and how it is made. */
export const DOWNLOAD_FILES: Record<DownloadFormat, { contentType: string; extension: string; make: (info: DocumentInfo) => Buffer }> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', make: pdfDocument },
  epub: { contentType: 'application/epub+zip', extension: 'epub', make: epubDocument },
  html: { contentType: 'text/html; charset=utf-8', extension: 'html', make: htmlDocument },
  zip: { contentType: 'application/zip', extension: 'zip', make: toolkitZip },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx', make: pptxDocument },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', make: xlsxDocument },
};

type OrderFacts = Pick<OrderRow, 'id' | 'status' | 'created_at'>;
type LineFacts = Pick<OrderLineRow, 'position' | 'sku' | 'content_type'>;

/** When a line's access ends: a case study's six months after purchase (SITE-09), else never (null). */
export function accessEndsOf(order: OrderFacts, line: LineFacts): Date | null {
  return line.content_type.toLowerCase() === CASE_STUDY ? caseStudyAccessEnds(order.created_at) : null;
}

/**
 * The download links of a line (SITE-03 `downloads`), one per file its SKU delivers; none for a
 * cancelled order (it grants no access) or a line with nothing to download.
 */
export function lineDownloads(order: OrderFacts, line: LineFacts, now: Date): DownloadLink[] {
  if (orderStatusLabel(order.status) === 'Cancelled') return [];
  const ends = accessEndsOf(order, line);
  const expired = ends !== null && now.getTime() >= ends.getTime();
  return downloadFormatsOfSku(line.sku ?? '').map((format) => ({
    link: downloadPath(order.id, String(line.position), format),
    format,
    label: DOWNLOAD_FORMAT_LABELS[format],
    expiresAt: ends ? ends.toISOString() : null,
    expired,
  }));
}

/** Access to the file has ended (410): `message` says when. */
export class DownloadExpiredError extends Error {
  override readonly name = 'DownloadExpiredError';
  constructor(readonly endedAt: Date) {
    super(DOWNLOAD_TEXT.expiredMessage(formatLongDate(endedAt)));
  }
}

export interface DownloadFile {
  body: Buffer;
  contentType: string;
  /** Lower-case letters, digits and hyphens, and the extension: safe in a header as it is. */
  fileName: string;
}

const Authors = z.array(z.string());
function authorsOf(json: string): string[] {
  try {
    const parsed = Authors.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Files kept in memory (the newest used); a product's file is the same for every buyer. */
const CACHE_SIZE = 64;

export function createDownloadService(deps: { carts: CartRepository; clock: Clock }) {
  const { carts, clock } = deps;
  const cache = new Map<string, Buffer>();

  function made(format: DownloadFormat, info: DocumentInfo): Buffer {
    const key = `${format}\u0000${info.sku}\u0000${info.title}\u0000${info.kind}\u0000${info.authors.join('\u0001')}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const body = DOWNLOAD_FILES[format].make(info);
    cache.set(key, body);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return body;
  }

  return {
    /**
     * GET /api/downloads/{orderId}/{lineId}/{format}. Another member's order and an unknown one
     * answer alike (404), as do a line or a format the order does not hold; a cancelled order 403;
     * ended access DownloadExpiredError.
     */
    async file(viewer: Viewer, orderId: string, lineId: string, format: DownloadFormat): Promise<DownloadFile> {
      const order = await carts.findOrder(orderId);
      if (!order || order.user_id !== viewer.user.id) throw new NotFoundError(DOWNLOAD_TEXT.notAvailable);
      if (orderStatusLabel(order.status) === 'Cancelled') throw new ForbiddenError(DOWNLOAD_TEXT.cancelled);
      const line = (await carts.orderLines(orderId)).find((l) => String(l.position) === lineId);
      if (!line) throw new NotFoundError(DOWNLOAD_TEXT.notAvailable);
      const link = lineDownloads(order, line, clock.now()).find((d) => d.format === format);
      if (!link) throw new NotFoundError(DOWNLOAD_TEXT.notAvailable);
      const ends = accessEndsOf(order, line);
      if (link.expired && ends) throw new DownloadExpiredError(ends);
      const info: DocumentInfo = { title: line.title, kind: line.content_type, authors: authorsOf(line.authors), sku: line.sku ?? '' };
      const file = DOWNLOAD_FILES[format];
      return { body: made(format, info), contentType: file.contentType, fileName: `${safeFileBase(line.title)}.${file.extension}` };
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
