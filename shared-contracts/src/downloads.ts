/**
 * Downloads of bought digital products (SITE-03 content block `downloads` (link, format)
 * and `hasDownloads`; SITE-09 case-study access). Pure: the server builds the links and serves the
 * files, the order page (store) and My Library's Ordered tab (library) show them. Shared by the
 * commerce and library entries, so it imports nothing of either.
 */
import * as z from 'zod/mini';

/** The files a digital line can be downloaded as. */
export const DOWNLOAD_FORMATS = ['pdf', 'epub', 'html', 'zip', 'pptx', 'xlsx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** What a link says for each file (NOT IN SPEC wording). */
export const DOWNLOAD_FORMAT_LABELS: Record<DownloadFormat, string> = {
  pdf: 'PDF',
  epub: 'EPUB',
  html: 'HTML',
  zip: 'ZIP',
  pptx: 'PowerPoint',
  xlsx: 'Excel',
};

/**
 * The files each digital SKU code delivers (PAY-05: KND ebook, PDF/HTM/ZIP/PPT/XLS/EPB digital).
 * An ebook comes as EPUB and PDF; PPT and XLS are delivered in today's formats of those programs
 * (.pptx, .xlsx). Bundles, shipped formats, permissions and subscriptions have no file.
 */
export const DOWNLOADS_BY_SKU_CODE: Readonly<Record<string, readonly DownloadFormat[]>> = {
  KND: ['epub', 'pdf'],
  EPB: ['epub'],
  PDF: ['pdf'],
  HTM: ['html'],
  ZIP: ['zip'],
  PPT: ['pptx'],
  XLS: ['xlsx'],
};

/**
 * The format code of a SKU (its last three characters, or for '{id}-{format}-{language}' the
 * segment before the last), as productTypeFromSku reads it; null when neither is a download code.
 */
export function downloadCodeOfSku(sku: string): string | null {
  const upper = sku.trim().toUpperCase();
  const end = upper.slice(-3);
  if (Object.hasOwn(DOWNLOADS_BY_SKU_CODE, end)) return end;
  const parts = upper.split('-');
  const before = parts.length >= 3 ? (parts[parts.length - 2] ?? '') : '';
  return Object.hasOwn(DOWNLOADS_BY_SKU_CODE, before) ? before : null;
}

/** The files a line of this SKU delivers, in the order the links show them ([] for none). */
export function downloadFormatsOfSku(sku: string): readonly DownloadFormat[] {
  const code = downloadCodeOfSku(sku);
  return code === null ? [] : (DOWNLOADS_BY_SKU_CODE[code] ?? []);
}

/** The download URL of one file of one order line: GET /api/downloads/{orderId}/{lineId}/{format}. */
export function downloadPath(orderId: string, lineId: string, format: DownloadFormat): string {
  return `/api/downloads/${encodeURIComponent(orderId)}/${encodeURIComponent(lineId)}/${format}`;
}

/** One file of a bought line (SITE-03 `downloads`: link and format). */
export const DownloadLinkSchema = z.object({
  /** The download URL (downloadPath). */
  link: z.string(),
  format: z.enum(DOWNLOAD_FORMATS),
  /** DOWNLOAD_FORMAT_LABELS of the format. */
  label: z.string(),
  /** ISO date the access ends (a case study: six months after purchase, SITE-09), or null: no end. */
  expiresAt: z.nullable(z.string()),
  /** Access has ended: the link answers 410 and is shown as expired. */
  expired: z.boolean(),
});
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;

/** Texts of downloads (NOT IN SPEC wording; the spec fixes only the six months). */
export const DOWNLOAD_TEXT = {
  /** The list of a line's files. */
  listLabel: (title: string) => `Downloads for ${title}`,
  /** A link's text. */
  linkText: (label: string) => `Download ${label}`,
  /** A link's accessible name: its text, then the line's title. */
  linkName: (label: string, title: string) => `Download ${label}, ${title}`,
  /** A link whose access has ended, in place of the link. */
  expired: (label: string) => `${label}: expired`,
  /** Under a case study's links while access lasts. */
  availableUntil: (date: string) => `Available until ${date}`,
  /** The answer of an expired link (410), and the line under expired links. */
  expiredMessage: (date: string) => `Your access to this case study ended on ${date}.`,
  signIn: 'Sign in to download your files.',
  notAvailable: 'This download is not available.',
  cancelled: 'This order was cancelled, so its files cannot be downloaded.',
} as const;
