/**
 * The video remote's own copy. Strings the requirements fix come from shared-contracts (VIDEO_TEXT,
 * UI_TEXT); the wording here is the remote's own choice (NOT IN SPEC).
 *
 * Plain named exports, not one object: the bundler inlines and renames them, so a page pays for the
 * words alone (an object's property names would add bytes to every first view of a video page).
 */
export const LOADING = 'Loading video…';
export const NOT_FOUND_TEXT = 'We could not find that video.';

/** The big button over the player until the first play: 'Play' shows, its name is playLabel. */
export const PLAY = 'Play';
export function playLabel(name: string): string {
  return `${PLAY} ${name}`;
}

/** The end screen's control that stops the countdown to the next video; its name says what it cancels. */
export const CANCEL_AUTOPLAY = 'Cancel';
export const CANCEL_AUTOPLAY_LABEL = 'Cancel autoplay';

/** The video wall's actions. */
export const WALL_REGISTER = 'Register';
export const WALL_SIGN_IN = 'Sign in';
export const WALL_SUBSCRIBE = 'Subscribe now';

/** The embed flyout. */
export const EMBED_CODE_LABEL = 'Embed code';
export const EMBED_CLOSE = 'Close';
export const EMBED_COPY_FAILED = 'Select the code and copy it.';

/** The video hub, /video. */
export const HUB_TITLE = 'Video';
export const HUB_INTRO = 'Short films on strategy, leadership and the work of managing: watch a playlist, or start with the latest.';
export const HUB_LOADING = 'Loading videos…';
export const HUB_ERROR = 'We could not load the videos. Please try again.';
