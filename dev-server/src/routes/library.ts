/**
 * My Library (decision 013): folders, saves, organize, bulk actions, the library streams and histories,
 * sharing, share-list links, watched videos. Every call is the signed-in member's (401 for guests),
 * except POST /service/user/share (guests may share to a network; sharing by email needs a member
 * with a confirmed address) and GET /api/shared-list/{token}.
 * State changes pass the app's CSRF guard; bodies are parsed with the shared-contracts schemas.
 */
import { Router, type RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import {
  BulkRequestSchema,
  FolderRequestSchema,
  LIBRARY_ACTIVITIES,
  LIBRARY_MESSAGES,
  type LibraryActivity,
  OrganizeRequestSchema,
  SaveRequestSchema,
  ShareRequestSchema,
  WatchedRequestSchema,
} from 'shared-contracts/server';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import { NotFoundError } from '../services/errors';
import type { LibraryPage } from '../services/library-entries';
import type { RouteContext } from './context';
import { MAX_PAGE_SIZE } from './content';
import { positiveInt } from './query';

/** Library streams answer 10 a page unless asked (the stream's page-size attribute, SITE-09). */
export const LIBRARY_PAGE_SIZE = 10;

const PageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,7}$/, 'Must be a whole number.')
    .transform(Number)
    .optional(),
  size: positiveInt(MAX_PAGE_SIZE).optional(),
});

const ID = /^[A-Za-z0-9_-]{1,80}$/;

/** A path id: anything else is simply not found (never a 400 that says what an id looks like). */
function idParam(value: string | undefined): string {
  if (value === undefined || !ID.test(value)) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
  return value;
}

function pageOf(query: unknown): LibraryPage {
  const { page, size } = parseInput(PageQuery, query, 'Invalid page or size');
  return { number: page ?? 0, size: size ?? LIBRARY_PAGE_SIZE };
}

const isActivity = (value: string): value is LibraryActivity => (LIBRARY_ACTIVITIES as readonly string[]).includes(value);

const PRIVATE = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };

export function libraryRoutes({ services, viewers, limit }: RouteContext): Router {
  const router = Router();
  const { library, sharing } = services;

  // Email shares mail strangers: requests limited per member (guests, refused, per address); the
  // addresses a member mails in a day are counted by the sharing service.
  const emailShareLimit = limit('share', {
    keyGenerator: async (req) => {
      const viewer = await viewers.viewerOf(req);
      return viewer ? `user:${viewer.user.id}` : `ip:${ipKeyGenerator(req.ip ?? '')}`;
    },
  });
  const limitEmailShares: RequestHandler = (req, res, next) => {
    const provider: unknown = typeof req.body === 'object' && req.body !== null ? (req.body as { provider?: unknown }).provider : undefined;
    if (provider === 'email') emailShareLimit(req, res, next);
    else next();
  };

  /* ---------------------------------------------------------------- folders (GET /service/user/lists: profile.ts) */

  router.post('/service/user/lists', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const body = parseInput(FolderRequestSchema, req.body, 'Invalid folder');
    res
      .status(201)
      .set(PRIVATE)
      .json(await library.createFolder(viewer, body));
  });

  router.put('/service/user/lists/:id', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const id = idParam(req.params.id);
    const body = parseInput(FolderRequestSchema, req.body, 'Invalid folder');
    res.set(PRIVATE).json(await library.updateFolder(viewer, id, body));
  });

  router.delete('/service/user/lists/:id', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    await library.deleteFolder(viewer, idParam(req.params.id));
    res.set(PRIVATE).json({ ok: true });
  });

  /* ---------------------------------------------------------------- streams */

  router.get('/service/user/saves', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set(PRIVATE).json(await library.saves(viewer, pageOf(req.query)));
  });

  router.get('/service/user/list/url/:id', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set(PRIVATE).json(await sharing.listUrl(viewer, idParam(req.params.id)));
  });

  router.get('/service/user/list/:id', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const id = idParam(req.params.id);
    res.set(PRIVATE).json(await library.folderItems(viewer, id, pageOf(req.query)));
  });

  router.get('/service/user/history/:activity', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const activity = req.params.activity;
    if (!isActivity(activity)) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
    res.set(PRIVATE).json(await library.history(viewer, activity, pageOf(req.query)));
  });

  /* ---------------------------------------------------------------- saves (bulk before /:id) */

  router.post('/service/user/saves', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const body = parseInput(SaveRequestSchema, req.body, 'Invalid save');
    res.set(PRIVATE).json(await library.save(viewer, body.id, body.listIds));
  });

  router.post('/service/user/saves/bulk', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const body = parseInput(BulkRequestSchema, req.body, 'Invalid selection');
    res.set(PRIVATE).json({ count: await library.bulkOrganize(viewer, body.ids, body.listIds ?? []) });
  });

  router.delete('/service/user/saves/bulk', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const body = parseInput(BulkRequestSchema, req.body, 'Invalid selection');
    res.set(PRIVATE).json({ count: await library.bulkDiscard(viewer, body.ids) });
  });

  router.get('/service/user/saves/:id/lists', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set(PRIVATE).json(await library.itemLists(viewer, idParam(req.params.id)));
  });

  router.put('/service/user/saves/:id/lists', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const id = idParam(req.params.id);
    const body = parseInput(OrganizeRequestSchema, req.body, 'Invalid folders');
    res.set(PRIVATE).json(await library.organize(viewer, id, body.listIds));
  });

  router.delete('/service/user/saves/:id', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    await library.discard(viewer, idParam(req.params.id));
    res.set(PRIVATE).json({ ok: true });
  });

  /* ---------------------------------------------------------------- sharing, watched */

  router.post('/service/user/share', limitEmailShares, async (req, res) => {
    const viewer = await viewers.viewerOf(req);
    const body = parseInput(ShareRequestSchema, req.body, 'Invalid share');
    res.set(PRIVATE).json(await sharing.share(viewer, body));
  });

  router.get('/api/shared-list/:token', async (req, res) => {
    const list = await sharing.sharedList(req.params.token);
    // The token is the key: never cached, never sent on as a referrer.
    res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).json(list);
  });

  router.post('/service/user/watched', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const body = parseInput(WatchedRequestSchema, req.body, 'Invalid video');
    await library.watched(viewer, body.id);
    res.set(PRIVATE).json({ ok: true });
  });

  return router;
}
