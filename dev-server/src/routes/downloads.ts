/**
 * Downloads of bought digital products (PAY-01.3): GET /api/downloads/{orderId}/{lineId}/{format}.
 * Checked on every request (services/downloads.ts): signed in (401), the requester's order and a
 * line and format it holds (else 404, the same for another member's order), not cancelled (403),
 * access not ended (410, the date in the message). The file goes as an attachment with a safe name,
 * kept by this browser only and never stored.
 */
import { Router } from 'express';
import { DOWNLOAD_FORMATS, DOWNLOAD_TEXT } from 'shared-contracts/server';
import { z } from 'zod';
import { errorBody } from '../http/errors';
import { DownloadExpiredError } from '../services/downloads';
import { NotFoundError, NotSignedInError } from '../services/errors';
import type { RouteContext } from './context';

const DownloadParams = z.object({
  orderId: z.string().regex(/^[\w-]{1,80}$/),
  lineId: z.string().regex(/^\d{1,4}$/),
  format: z.enum(DOWNLOAD_FORMATS),
});

/** Headers of every file: private caching only, never sniffed, never run (an HTML file is sandboxed). */
export const DOWNLOAD_FILE_HEADERS = {
  'Cache-Control': 'private, no-store',
  Vary: 'Cookie',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

export function downloadRoutes({ services, viewers }: RouteContext): Router {
  const router = Router();

  router.get('/api/downloads/:orderId/:lineId/:format', async (req, res) => {
    const viewer = await viewers.viewerOf(req);
    if (!viewer) throw new NotSignedInError(DOWNLOAD_TEXT.signIn);
    const parsed = DownloadParams.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError(DOWNLOAD_TEXT.notAvailable);
    const { orderId, lineId, format } = parsed.data;
    try {
      const file = await services.downloads.file(viewer, orderId, lineId, format);
      // The name is letters, digits, hyphens and an extension (safeFileBase): nothing to quote.
      res.set({ ...DOWNLOAD_FILE_HEADERS, 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.fileName}"` }).send(file.body);
    } catch (error) {
      if (!(error instanceof DownloadExpiredError)) throw error;
      res.status(410).set('Cache-Control', 'no-store').json(errorBody(error.message));
    }
  });

  return router;
}
