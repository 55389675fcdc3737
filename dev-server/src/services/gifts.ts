/**
 * Article gifts (SITE-03 Article gift; PAY-07 "generate article gift link"). A subscriber gives
 * GIFT_MONTHLY_ALLOWANCE links a calendar month (UTC); each link opens one article for anybody for
 * GIFT_LINK_TTL_DAYS without counting on their meter. The link carries a 32-byte random token in
 * ?gift=; only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ArticleGift, GIFT_QUERY_PARAM, type GiftAllowance } from 'shared-contracts/server';
import { GIFT_LINK_TTL_DAYS, GIFT_MONTHLY_ALLOWANCE } from '../server-rules';
import type { Clock } from '../deps';
import type { GiftRepository } from '../repositories/gifts';
import type { Viewer } from './auth';
import { articleUrl, type ContentService } from './content';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from './errors';
import { monthStart } from './meter';

/** NOT IN SPEC wording. */
export const NO_GIFTS_LEFT = 'You have no gifts left this month.';
/** NOT IN SPEC wording. */
export const GIFTS_FOR_SUBSCRIBERS = 'Only subscribers can give articles.';
/** NOT IN SPEC wording. */
export const GIFT_URL_INVALID = 'Please give the address of an article of this site.';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ARTICLE_PATH = /^\/(\d{4})\/(\d{2})\/([a-z0-9-]{1,200})\/?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function requireSubscriber(viewer: Viewer): void {
  if (viewer.status !== 'subscriber') throw new ForbiddenError(GIFTS_FOR_SUBSCRIBERS);
}

export function createGiftService(deps: { gifts: GiftRepository; content: ContentService; clock: Clock; publicOrigin: string }) {
  const { gifts, content, clock } = deps;
  const origin = new URL(deps.publicOrigin).origin;

  async function left(viewer: Viewer): Promise<number> {
    const given = await gifts.countGivenSince(viewer.user.id, monthStart(clock.now()).toISOString());
    return Math.max(0, GIFT_MONTHLY_ALLOWANCE - given);
  }

  return {
    async allowance(viewer: Viewer): Promise<GiftAllowance> {
      requireSubscriber(viewer);
      return { articleGiftsLeft: await left(viewer), monthlyAllowance: GIFT_MONTHLY_ALLOWANCE };
    },

    /** A gift link to the article at `url` (absolute on this site, or a path). */
    async give(viewer: Viewer, url: string): Promise<ArticleGift> {
      requireSubscriber(viewer);
      let parsed: URL;
      try {
        parsed = new URL(url.trim(), origin);
      } catch {
        throw new InvalidInputError(GIFT_URL_INVALID, [{ field: 'url', errorMessage: GIFT_URL_INVALID }]);
      }
      if (parsed.origin !== origin) throw new InvalidInputError(GIFT_URL_INVALID, [{ field: 'url', errorMessage: GIFT_URL_INVALID }]);
      const match = ARTICLE_PATH.exec(parsed.pathname);
      if (!match) throw new NotFoundError('Article not found');
      const article = await content.articleRow(Number(match[1]), Number(match[2]), match[3]!);

      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const given = await gifts.insertUnderAllowance(
        {
          token_hash: hashToken(token),
          article_id: article.id,
          giver_id: viewer.user.id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + GIFT_LINK_TTL_DAYS * DAY_MS).toISOString(),
        },
        monthStart(now).toISOString(),
        GIFT_MONTHLY_ALLOWANCE,
      );
      if (!given) throw new ConflictError(NO_GIFTS_LEFT);
      const path = articleUrl(article.year, article.month, article.slug);
      return { articleGiftURL: `${origin}${path}?${GIFT_QUERY_PARAM}=${token}`, articleGiftsLeft: await left(viewer) };
    },

    /** When the gift token opens this article: its expiry; else null (unknown, expired, another article). */
    async redeem(token: string | undefined, articleId: string): Promise<{ expiresAt: string } | null> {
      if (!token || !TOKEN.test(token)) return null;
      const gift = await gifts.findByTokenHash(hashToken(token));
      if (!gift || gift.article_id !== articleId || gift.expires_at <= clock.now().toISOString()) return null;
      return { expiresAt: gift.expires_at };
    },
  };
}

export type GiftService = ReturnType<typeof createGiftService>;
