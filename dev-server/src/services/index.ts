/** Every service, wired to its repositories and the injected parts. */
import type { AppDeps } from '../deps';
import type { Repositories } from '../repositories';
import { createAuthService, type SignInGuard } from './auth';
import { createContentService } from './content';
import { createMediaService } from './media';
import { createStoreService } from './store';
import { createUserService } from './users';

export function createServices(deps: AppDeps, repos: Repositories, options: { signInGuard?: SignInGuard } = {}) {
  return {
    content: createContentService({ content: repos.content, clock: deps.clock }),
    store: createStoreService({ store: repos.store }),
    media: createMediaService({ media: repos.media }),
    auth: createAuthService({ accounts: repos.accounts, clock: deps.clock, captcha: deps.captcha, guard: options.signInGuard }),
    users: createUserService({ accounts: repos.accounts }),
  };
}

export type Services = ReturnType<typeof createServices>;
