/**
 * Who may watch a video (GET /api/videos/{id}/access, shared-contracts video.ts): the server
 * decides. Subscribers (status 'subscriber' or any tier) always watch. Everyone else watches while
 * their meter (services/meter.ts, the article quota of this calendar month) has articles left; a
 * video only reads the meter, never spends it. Past it, a guest meets the registration wall and a
 * registered member the subscription wall. A guest is metered by the device cookie 'mid'; a guest
 * without one has read nothing yet, and this call never sets one.
 */
import type { VideoAccess } from 'shared-contracts/video';
import type { MediaRepository } from '../repositories/media';
import type { Viewer } from './auth';
import { NotFoundError } from './errors';
import { deviceSubject, type MeterService } from './meter';

/** The watcher: a signed-in viewer, else the guest device's token when the browser has one. */
export type Watcher = { viewer: Viewer } | { viewer: null; deviceToken: string | undefined };

export function isSubscriberViewer(viewer: Pick<Viewer, 'status' | 'tiers'>): boolean {
  return viewer.status === 'subscriber' || viewer.tiers.length > 0;
}

/** The wall a watcher meets past the meter, or null while they may see metered media. */
export type MediaWall = 'registration-wall' | 'subscription-wall' | null;

export function createVideoAccessService(deps: { media: MediaRepository; meter: MeterService }) {
  const { media, meter } = deps;

  /**
   * The meter reading shared by the video paywall and the visual-library feed (routes/media.ts):
   * subscribers never meet a wall; others do once the article meter of this month is spent. Reads
   * the meter, never spends it.
   */
  async function wallOf(watcher: Watcher): Promise<MediaWall> {
    if (watcher.viewer !== null) {
      if (isSubscriberViewer(watcher.viewer)) return null;
      // The viewer's meter as of loading it for this request (read only).
      return watcher.viewer.quotas.quota.remaining > 0 ? null : 'subscription-wall';
    }
    if (watcher.deviceToken === undefined) return null;
    const quota = await meter.quotaOf(deviceSubject(watcher.deviceToken), 'article');
    return quota.remaining > 0 ? null : 'registration-wall';
  }

  return {
    wallOf,

    async access(videoId: string, watcher: Watcher): Promise<VideoAccess> {
      const video = await media.findVideo(videoId);
      if (!video) throw new NotFoundError('Video not found');
      const wall = await wallOf(watcher);
      if (wall === null) return { videoId: video.id, message: 'disable-paywall', wall: null };
      return { videoId: video.id, message: 'enable-paywall', wall };
    },
  };
}

export type VideoAccessService = ReturnType<typeof createVideoAccessService>;
