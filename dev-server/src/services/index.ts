/** Every service, wired to its repositories and the injected parts. */
import type { AppDeps } from '../deps';
import type { Repositories } from '../repositories';
import { createAuthService, type SignInGuard } from './auth';
import { createContentService } from './content';
import { createSignInLockout } from './lockout';
import { createMediaService } from './media';
import { createPasswordRecoveryService } from './password-recovery';
import { createPlatformService } from './platform';
import { createProfileService } from './profile';
import { createRegistrationService } from './registration';
import { createStoreService } from './store';
import { createSubscriberService } from './subscribers';
import { createUserService } from './users';
import { createViewerLoader } from './viewers';

export function createServices(deps: AppDeps, repos: Repositories, options: { signInGuard?: SignInGuard } = {}) {
  const { clock, captcha, mailer } = deps;
  const accounts = repos.accounts;
  const lockout = createSignInLockout({ counters: repos.signInCounters });
  const viewerOf = createViewerLoader({ accounts, subscribers: repos.subscribers, digestSecret: deps.config.digestSecret });
  const auth = createAuthService({ accounts, clock, captcha, guard: options.signInGuard ?? lockout, viewerOf });
  const subscribers = createSubscriberService({ accounts, subscribers: repos.subscribers, lockout, auth, clock });
  return {
    content: createContentService({ content: repos.content, clock }),
    store: createStoreService({ store: repos.store }),
    media: createMediaService({ media: repos.media }),
    auth,
    lockout,
    users: createUserService({ accounts }),
    profile: createProfileService({ accounts, auth, clock }),
    subscribers,
    registration: createRegistrationService({ accounts, subscribers, lockout, auth, captcha, clock }),
    passwords: createPasswordRecoveryService({
      accounts,
      resets: repos.passwordResets,
      lockout,
      auth,
      captcha,
      mailer,
      clock,
      publicOrigin: deps.config.publicOrigin,
    }),
    platform: createPlatformService({ captcha, geolocation: deps.geolocation, outbox: repos.outbox }),
  };
}

export type Services = ReturnType<typeof createServices>;
