/**
 * The paywall remote's own copy: the words of the gate and the walls, which render on an article's
 * first view. Strings the requirements fix come from shared-contracts (MESSAGES, UI_TEXT); the
 * wording here is the remote's own choice (NOT IN SPEC).
 *
 * Plain named exports, not one object: the bundler inlines and renames them, so the first view pays
 * for the words alone (an object's property names would add bytes to the article's budget). The
 * words of the views loaded on demand (the paywall panel, the gift flyout, the reading-list overlay)
 * sit at the top of each of those files, in its own chunk, for the same reason: anything in this
 * module is on every article's first view.
 */
import { formatLongDate } from 'shared-contracts';

export const GATE_LOADING = 'Loading the article…';
export const GATE_ERROR = 'We could not load the rest of this article. Please try again.';
export const GATE_TRY_AGAIN = 'Try again';
export const PROMO_TEXT = 'Get unlimited access to every article, the magazine archive and more.';
export const PROMO_LINK = 'See subscription offers';
export const PROMO_LABEL = 'Promotion';
export const REGISTER_INVITE_LABEL = 'Registration invitation';
export const REGISTER_INVITE = 'Register for free to save articles and get newsletters.';
export const REGISTER = 'Register';

/** The meter shown to a metered reader. */
export function meterText(remaining: number): string {
  const n = Math.max(0, Math.trunc(remaining));
  return `You have ${n} free ${n === 1 ? 'article' : 'articles'} left this month.`;
}

/** A gift link opened the article. */
export function giftText(expiresAt: string): string {
  const date = formatLongDate(expiresAt);
  return date ? `This article is a gift. You can read it until ${date}.` : 'This article is a gift.';
}
