/** The paywall's calls about gift links (subscribers only). */
import { api, type ArticleGift } from 'shared-contracts';

/** The article gifts the subscriber has left this month. */
export const loadGiftsLeft = (): Promise<number> => api.giftAllowance().then((a) => a.articleGiftsLeft);

/** A new gift link for the article, with the gifts left after it. */
export const giveGift = (articleUrl: string): Promise<ArticleGift> => api.giveGift(articleUrl);
