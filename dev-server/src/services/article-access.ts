/**
 * Who may read an article's body (PAY-01, PAY-04, PAY-07): the server's meter decides, never the
 * browser. In order:
 *   free article -> full ('free'); subscriber -> full ('subscriber'); a valid, unexpired gift token
 *   for THIS article -> full ('gift', the reader's meter untouched); else the meter: a new article
 *   under the limit -> full ('metered'), one already counted this month -> full ('reread'), past
 *   the limit -> walled ('walled', content []).
 * The message says what the paywall shows: full-content (ascend-full-content for Ascend articles,
 * full-content+rl with the first reading list holding the article); walled guests get the
 * registration wall (enable-anonymus-paywall, or enable-registration-wall-ascend), walled
 * registered users the subscriber-only panel (piano:enable-paywall-creative).
 * Every full answer to a signed-in member goes into their read history (My Library's 'read',
 * table article_reads): free articles and subscribers' reads too, which the meter never counts.
 * Before all of these, tiers (PAY-06.3, services/entitlements.ts): an article of a gated collection
 * (Case Selections, The Top 50 Articles, Executive only) is walled ('walled', content [], quota
 * null, the tier wall) for a reader whose tier lacks the collection's grant, whatever the meter,
 * a gift token or the free flag say.
 */
import { type ArticleContent, type PaywallMessage, type Quota } from 'shared-contracts/server';
import type { ArticleWithTopic } from '../repositories/content';
import type { Viewer } from './auth';
import { articleBody, type ContentService } from './content';
import { tierWallMessage, type EntitlementService } from './entitlements';
import type { GiftService } from './gifts';
import { deviceGuid, deviceSubject, userSubject, type MeterKind, type MeterService } from './meter';
import type { ReadingListService } from './reading-lists';

/** NOT IN SPEC wording of the subscriber-only panel (the spec names its parts, not their text). */
export const PAYWALL_CREATIVE_TEXT = {
  title: 'Subscribe to keep reading',
  dek: (limit: number, kind: MeterKind) =>
    `You have read your ${limit} free ${kind === 'ascend' ? 'Ascend articles' : limit === 1 ? 'article' : 'articles'} this month.`,
  subDek: 'Subscribers read every article, the magazine archive and the visual library without limits.',
  cta: { text: 'Subscribe now', href: '/subscriptions?ab=paywall-creative' },
} as const;

export interface ContentRequest {
  year: number;
  month: number;
  slug: string;
  gift?: string;
}

/**
 * The reader: a signed-in viewer, else the guest device's token (the mid cookie) and the client's
 * address (its network's meter, services/meter.ts).
 */
export type Reader = { viewer: Viewer } | { viewer: null; deviceToken: string; address?: string };

function fullMessage(article: ArticleWithTopic, readingList: string | null): PaywallMessage {
  if (article.ascend === 1) return { type: 'ascend-full-content', context: 'article' };
  if (readingList !== null) return { type: 'full-content+rl', context: 'article', readingList };
  return { type: 'full-content', context: 'article' };
}

function wallMessage(reader: Reader, kind: MeterKind, quota: Quota): PaywallMessage {
  if (reader.viewer === null) {
    return { type: kind === 'ascend' ? 'enable-registration-wall-ascend' : 'enable-anonymus-paywall', context: 'article' };
  }
  return {
    type: 'piano:enable-paywall-creative',
    context: 'article',
    creative: {
      greetingFirstName: reader.viewer.user.first_name.trim() || null,
      title: PAYWALL_CREATIVE_TEXT.title,
      dek: PAYWALL_CREATIVE_TEXT.dek(quota.limit, kind),
      subDek: PAYWALL_CREATIVE_TEXT.subDek,
      cta: { ...PAYWALL_CREATIVE_TEXT.cta },
    },
  };
}

/** The read history (My Library's 'read'): every full answer to a signed-in member is recorded. */
export interface ReadRecorder {
  record(userId: string, articleId: string): Promise<void>;
}

export function createArticleAccessService(deps: {
  content: ContentService;
  meter: MeterService;
  gifts: GiftService;
  readingLists: ReadingListService;
  entitlements: EntitlementService;
  reads?: ReadRecorder;
}) {
  const { content, meter, gifts, readingLists } = deps;
  return {
    async content(request: ContentRequest, reader: Reader): Promise<ArticleContent> {
      const article = await content.articleRow(request.year, request.month, request.slug);
      const kind: MeterKind = article.ascend === 1 ? 'ascend' : 'article';
      const subject = reader.viewer ? userSubject(reader.viewer.user) : deviceSubject(reader.deviceToken);
      const guid = reader.viewer ? reader.viewer.user.guid : deviceGuid(reader.deviceToken);
      const full = async (reason: ArticleContent['reason'], quota: Quota | null, giftExpiresAt: string | null = null): Promise<ArticleContent> => {
        if (reader.viewer && deps.reads) await deps.reads.record(reader.viewer.user.id, article.id);
        return {
          guid,
          content: articleBody(article),
          quota,
          reason,
          message: fullMessage(article, await readingLists.firstListSlugOf(article.id)),
          giftExpiresAt,
        };
      };

      // SITE-06.2, PAY-06.3: a gated article needs its collection's grant before anything else applies.
      const lacking = await deps.entitlements.lackingCollection(article.id, reader.viewer);
      if (lacking !== null) {
        return { guid, content: [], quota: null, reason: 'walled', message: tierWallMessage(lacking, reader.viewer), giftExpiresAt: null };
      }
      if (article.free === 1) return full('free', null);
      if (reader.viewer?.status === 'subscriber') return full('subscriber', null);
      const gift = await gifts.redeem(request.gift, article.id);
      if (gift) return full('gift', await meter.quotaOf(subject, kind), gift.expiresAt);

      const walled = (quota: Quota): ArticleContent => ({
        guid,
        content: [],
        quota,
        reason: 'walled',
        message: wallMessage(reader, kind, quota),
        giftExpiresAt: null,
      });
      // A guest's new article is counted by their network first: a spent network walls every device on it.
      const network = reader.viewer === null ? meter.networkSubject(reader.address) : null;
      if (network !== null && !(await meter.hasViewed(subject, article.id))) {
        const own = await meter.quotaOf(subject, kind);
        if (own.remaining > 0 && (await meter.view(network, article.id, kind)).outcome === 'walled') return walled({ ...own, remaining: 0 });
      }
      const { outcome, quota } = await meter.view(subject, article.id, kind);
      if (outcome !== 'walled') return full(outcome, quota);
      return walled(quota);
    },
  };
}

export type ArticleAccessService = ReturnType<typeof createArticleAccessService>;
