/** Pieces both video pages share: the access decision, the watched record, load-failure logging. */
import { useEffect, useRef } from 'react';
import { useLoad, userStore, type LoadState } from 'shared-contracts';
import type { VideoAccess } from 'shared-contracts/video';
import { loadVideoAccess, recordWatched } from '../api/videos';

/**
 * The video paywall decision. A failed answer is logged and the player shown: the decision is the
 * server's, and a missing answer should not hide a video from a reader who may watch it.
 */
export function useVideoAccess(id: string): { status: 'loading' } | { status: 'ready'; paywalled: boolean; wall: VideoAccess['wall'] } {
  const access = useLoad<VideoAccess>(`video-access:${id}`, () => loadVideoAccess(id));
  useLogFailure(access, `access of video ${id}`);
  if (access.status === 'loading') return { status: 'loading' };
  if (access.status === 'error') return { status: 'ready', paywalled: false, wall: null };
  return { status: 'ready', paywalled: access.data.message === 'enable-paywall', wall: access.data.wall };
}

/** Logs (console.info) a failed load once. */
export function useLogFailure(state: LoadState<unknown>, what: string): void {
  const error = state.status === 'error' ? state.error : undefined;
  useEffect(() => {
    if (error !== undefined) console.info(`video: could not load ${what}`, error);
  }, [error, what]);
}

/**
 * Returns the handler of the player's 'play': the first play by a signed-in member records the
 * video as watched, once (errors are only logged). Guests record nothing.
 */
export function useWatchedRecorder(videoId: string): () => void {
  const recorded = useRef<string | null>(null);
  return () => {
    if (recorded.current === videoId) return;
    if (!userStore.getState().user) return;
    recorded.current = videoId;
    recordWatched(videoId).catch((error: unknown) => console.info('video: could not record watched', videoId, error));
  };
}
