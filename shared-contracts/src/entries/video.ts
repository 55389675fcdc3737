/** `shared-contracts/video` (decision 022): videos, playlists and the video paywall. */
export * from '../video';
