/**
 * Who may see media (docs/decisions/028-media-access.md): ONE decision, `wallFor`, for the video
 * paywall (GET /api/videos/{id}/access), the clip bytes (/media/videos/{id}/video.webm), the
 * visual-library feeds (/api/data-and-visuals, /service/stream/visual-library/...) and the chart
 * images (/data-visuals/images/{id}.svg). The page and the bytes ask the same question: "would this
 * watcher be allowed to see this item's page now?".
 *
 * - Subscribers (status 'subscriber' or any tier) see everything.
 * - A subscriber-only video walls everyone else with the subscription wall (registering does not help).
 * - Otherwise a watcher sees metered media while their meter (services/meter.ts, the article quota of
 *   this calendar month) has articles left; past it a guest meets the registration wall and a
 *   registered member the subscription wall. A guest's meter is their device's ('mid' cookie; none
 *   yet is a fresh meter), capped by their network's.
 * - A walled watcher still sees what the walled page shows: the first chart of the feed and of each
 *   subject's feed (one item per feed, as the page grants).
 * Deciding only reads the meters: it never spends a view and never sets a cookie (a clip comes in
 * many range requests).
 */
import { type VideoAccess } from 'shared-contracts/server';
import type { MediaRepository } from '../repositories/media';
import type { Viewer } from './auth';
import { NotFoundError } from './errors';
import type { MeterService } from './meter';

/** The watcher: a signed-in viewer, else the guest device's token (if any) and the client's address. */
export type Watcher = { viewer: Viewer } | { viewer: null; deviceToken: string | undefined; address: string | undefined };

export function isSubscriberViewer(viewer: Pick<Viewer, 'status' | 'tiers'>): boolean {
  return viewer.status === 'subscriber' || viewer.tiers.length > 0;
}

/** The wall a watcher meets, or null while they may see the item. */
export type MediaWall = 'registration-wall' | 'subscription-wall' | null;

/** What is asked for: a feed of charts, one video (page or clip), one chart image. */
export type MediaItem = { kind: 'feed' } | { kind: 'video'; id: string } | { kind: 'chart'; id: string };

export function createVideoAccessService(deps: { media: MediaRepository; meter: MeterService }) {
  const { media, meter } = deps;

  /** The meter's wall: null for subscribers and for others with articles left this month. */
  async function wallOf(watcher: Watcher): Promise<MediaWall> {
    if (watcher.viewer !== null) {
      if (isSubscriberViewer(watcher.viewer)) return null;
      // The viewer's meter as of loading it for this request (read only).
      return watcher.viewer.quotas.quota.remaining > 0 ? null : 'subscription-wall';
    }
    const quotas = await meter.guestQuotas(watcher.deviceToken, watcher.address);
    return quotas.quota.remaining > 0 ? null : 'registration-wall';
  }

  /** The charts a walled page shows: the first of the whole feed and the first of each subject's feed. */
  async function chartsShownWhenWalled(): Promise<Set<string>> {
    const subjects = await media.listChartSubjects();
    const firsts = await Promise.all([null, ...subjects.map((s) => s.id)].map((subjectId) => media.listCharts(subjectId, 0, 1)));
    return new Set(firsts.flat().map((row) => row.id));
  }

  /** The one decision. NotFoundError for an unknown video or chart. */
  async function wallFor(item: MediaItem, watcher: Watcher): Promise<MediaWall> {
    switch (item.kind) {
      case 'feed':
        return wallOf(watcher);
      case 'video': {
        const video = await media.findVideo(item.id);
        if (!video) throw new NotFoundError('Video not found');
        if (video.subscriber_only === 1 && !(watcher.viewer !== null && isSubscriberViewer(watcher.viewer))) return 'subscription-wall';
        return wallOf(watcher);
      }
      case 'chart': {
        const chart = await media.findChart(item.id);
        if (!chart) throw new NotFoundError('Chart not found');
        const wall = await wallOf(watcher);
        if (wall === null) return null;
        return (await chartsShownWhenWalled()).has(chart.id) ? null : wall;
      }
    }
  }

  return {
    wallFor,

    /** GET /api/videos/{id}/access: the video paywall message of the decision. */
    async access(videoId: string, watcher: Watcher): Promise<VideoAccess> {
      const wall = await wallFor({ kind: 'video', id: videoId }, watcher);
      if (wall === null) return { videoId, message: 'disable-paywall', wall: null };
      return { videoId, message: 'enable-paywall', wall };
    },
  };
}

export type VideoAccessService = ReturnType<typeof createVideoAccessService>;
