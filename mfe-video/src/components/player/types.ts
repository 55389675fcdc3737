/**
 * The player the video pages talk to. The HTML5 <video> implementation (Html5Player.tsx) is the
 * only one today; a hosted video platform can plug in later behind the same interface.
 */
import type { ComponentType } from 'react';

/** Stops a listener. */
export type Unsubscribe = () => void;

export interface VideoPlayer {
  /** Points the player at a source and its poster (does not start playback). */
  load(src: string, poster: string): void;
  /** Starts or resumes playback; rejects when the browser refuses (autoplay rules). */
  play(): Promise<void>;
  pause(): void;
  /** Back to the start and play. */
  restart(): Promise<void>;
  onPlay(listener: () => void): Unsubscribe;
  onEnded(listener: () => void): Unsubscribe;
  onError(listener: (error: unknown) => void): Unsubscribe;
  /** Drops every listener and stops playback; the player is not used afterwards. */
  destroy(): void;
}

/** The view of a player implementation: renders its element and hands the player up once mounted. */
export interface PlayerViewProps {
  /** Accessible name of the media element (the video name). */
  label: string;
  /**
   * The poster, in the element from the first render: the server's HTML shows it before any
   * script, and it is the page's largest paint. Left out when the stage shows a
   * generated poster picture over the player until the first play (decision 036); the player's
   * `load` gives the element its poster once it is mounted.
   */
  poster?: string;
  /** Start muted (autoplay after the end screen: browsers allow muted autoplay). */
  muted: boolean;
  /**
   * Show the player's own controls. Off before the first play (the page's Play button stands in for
   * them, and the browser's centre button and time ran into it and into the poster's own lettering)
   * and while the end screen shows (it covered them on a phone).
   */
  controls: boolean;
  /** Called with the player once mounted and with null when unmounted. */
  onReady(player: VideoPlayer | null): void;
}

export type PlayerView = ComponentType<PlayerViewProps>;
