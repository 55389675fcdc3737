/** Every service, wired to its repositories and the injected parts. */
import type { AppDeps } from '../deps';
import type { Repositories } from '../repositories';
import { createTestPaymentGateway } from '../integrations/payment-gateway';
import { createArticleAccessService } from './article-access';
import { createCartService } from './cart';
import { createCheckoutService } from './checkout';
import { createDownloadService } from './downloads';
import { createEmailVerificationService } from './email-verification';
import { createEntitlementService } from './entitlements';
import { createAuthService, type SignInGuard } from './auth';
import { createContentService } from './content';
import { createGiftService } from './gifts';
import { createImageCache } from './images/cache';
import { createImageService } from './images';
import { createIssueService } from './issues';
import { createLibraryService } from './library';
import { createSharingService } from './sharing';
import { DEV_DIGEST_SECRET } from './subscriptions';
import { createSignInLockout } from './lockout';
import { createMediaService } from './media';
import { createMeterService } from './meter';
import { createNewsletterService } from './newsletters';
import { createOrderService } from './orders';
import { createPasswordRecoveryService } from './password-recovery';
import { createPlatformService } from './platform';
import { createProfileService } from './profile';
import { createReadingListService } from './reading-lists';
import { createRegistrationService } from './registration';
import { createReleaseService } from './releases';
import { shellShared } from './release-check.cjs';
import { REPO_ROOT } from '../config';
import { createCatalogueService, createStoreService } from './store';
import { createStreamService } from './streams';
import { createSubscriberService } from './subscribers';
import { createTopicService } from './topics';
import { createUserService } from './users';
import { createVideoAccessService } from './video-access';
import { createViewerLoader } from './viewers';

export function createServices(deps: AppDeps, repos: Repositories, options: { signInGuard?: SignInGuard } = {}) {
  const { clock, captcha, mailer } = deps;
  const accounts = repos.accounts;
  const lockout = createSignInLockout({ counters: repos.signInCounters });
  // The network meter's HMAC uses the digest key under its own label ('network-meter:').
  const meter = createMeterService({ meter: repos.meter, clock, networkSecret: deps.config.digestSecret });
  const viewerOf = createViewerLoader({ accounts, subscribers: repos.subscribers, digestSecret: deps.config.digestSecret, meter });
  const auth = createAuthService({ accounts, sessions: repos.sessionActivity, clock, captcha, guard: options.signInGuard ?? lockout, viewerOf });
  const emailVerification = createEmailVerificationService({
    accounts,
    subscribers: repos.subscribers,
    mailer,
    clock,
    publicOrigin: deps.config.publicOrigin,
  });
  const subscribers = createSubscriberService({ accounts, subscribers: repos.subscribers, lockout, auth, clock, captcha, verification: emailVerification });
  const content = createContentService({ content: repos.content, clock, reprints: repos.carts });
  const gifts = createGiftService({ gifts: repos.gifts, content, clock, publicOrigin: deps.config.publicOrigin });
  const readingLists = createReadingListService({ readingLists: repos.readingLists, content, clock });
  return {
    content,
    meter,
    gifts,
    readingLists,
    articleAccess: createArticleAccessService({
      content,
      meter,
      gifts,
      readingLists,
      entitlements: createEntitlementService({ collections: repos.collections }),
      reads: { record: (userId, articleId) => repos.activity.recordRead(userId, articleId, clock.now().toISOString()) },
    }),
    store: createStoreService({ store: repos.store }),
    catalogue: createCatalogueService({ carts: repos.carts }),
    cart: createCartService({ carts: repos.carts, clock, maintenance: deps.config.maintenance === true }),
    checkout: createCheckoutService({
      carts: repos.carts,
      clock,
      payments: deps.payments ?? createTestPaymentGateway(clock),
      maintenance: deps.config.maintenance === true,
    }),
    orders: createOrderService({ carts: repos.carts, clock }),
    downloads: createDownloadService({ carts: repos.carts, clock }),
    media: createMediaService({ media: repos.media }),
    videoAccess: createVideoAccessService({ media: repos.media, meter }),
    auth,
    lockout,
    users: createUserService({ accounts }),
    profile: createProfileService({
      accounts,
      auth,
      clock,
      verification: emailVerification,
      orders: repos.activity,
      maintenance: deps.config.maintenance === true,
    }),
    emailVerification,
    subscribers,
    registration: createRegistrationService({ accounts, subscribers, lockout, auth, captcha, clock, verification: emailVerification }),
    passwords: createPasswordRecoveryService({
      accounts,
      resets: repos.passwordResets,
      counters: repos.rateLimits,
      lockout,
      auth,
      captcha,
      mailer,
      clock,
      publicOrigin: deps.config.publicOrigin,
      verification: emailVerification,
    }),
    platform: createPlatformService({ captcha, geolocation: deps.geolocation, outbox: repos.outbox }),
    streams: createStreamService({
      discovery: repos.discovery,
      searchIndex: repos.searchIndex,
      media: repos.media,
      follows: repos.follows,
      clock,
      maintenance: deps.config.maintenance === true,
    }),
    topics: createTopicService({ discovery: repos.discovery, follows: repos.follows, clock }),
    newsletters: createNewsletterService({ newsletters: repos.newsletters, clock }),
    issues: createIssueService({ discovery: repos.discovery, clock }),
    images: createImageService({
      content: repos.content,
      carts: repos.carts,
      discovery: repos.discovery,
      media: repos.media,
      clock,
      cache: createImageCache({
        dir: deps.config.imageCacheDir ?? null,
        onDiskError: (error) => deps.logger?.warn('picture not kept on disk', { error: error instanceof Error ? error.message : String(error) }),
      }),
    }),
    library: createLibraryService({ library: repos.library, activity: repos.activity, clock, maintenance: deps.config.maintenance === true }),
    sharing: createSharingService({
      library: repos.library,
      activity: repos.activity,
      mailer,
      clock,
      publicOrigin: deps.config.publicOrigin,
      // Its own key (SHARE_LINK_SECRET); without one, the digest key under its own label ('shared-list:').
      linkSecret: deps.config.shareLinkSecret ?? deps.config.digestSecret ?? DEV_DIGEST_SECRET,
    }),
    releases: createReleaseService({
      releases: repos.releases,
      clock,
      configured: deps.config.remotes,
      ...(deps.config.releases ? { settings: deps.config.releases } : {}),
      ...(deps.logger ? { logger: deps.logger } : {}),
      ...(deps.fetchReleaseFile ? { fetchFile: deps.fetchReleaseFile } : {}),
      shellShared: deps.shellShared ?? (() => shellShared(REPO_ROOT)),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
