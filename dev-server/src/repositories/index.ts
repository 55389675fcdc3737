/** Every repository over one database handle. Only this layer writes SQL (through Kysely). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { SqliteReaders } from '../db/sqlite-readers';
import { createAccountRepository } from './accounts';
import { createActivityRepository } from './activity';
import { createCartRepository } from './cart';
import { createCollectionRepository } from './collections';
import { createLibraryRepository } from './library';
import { createContentRepository } from './content';
import { createDiscoveryRepository } from './discovery';
import { createFollowRepository } from './follows';
import { createNewsletterRepository } from './newsletters';
import { createGiftRepository } from './gifts';
import { createMeterRepository } from './meter';
import { createRateLimitRepository } from './rate-limits';
import { createReadingListRepository } from './reading-lists';
import { createReleaseRepository } from './releases';
import { createSearchIndex } from './search-index';
import { createMediaRepository } from './media';
import { createOutboxRepository } from './outbox';
import { createPasswordResetRepository } from './password-resets';
import { createSessionActivityRepository } from './session-activity';
import { createSignInCounterRepository } from './sign-in-counters';
import { createStoreRepository } from './store';
import { createSubscriberRepository } from './subscribers';

/** `searchReaders`: reader threads for the SQLite search index (a database file; decision 039). */
export function createRepositories(db: Kysely<Database>, searchReaders?: SqliteReaders) {
  return {
    content: createContentRepository(db),
    store: createStoreRepository(db),
    carts: createCartRepository(db),
    collections: createCollectionRepository(db),
    media: createMediaRepository(db),
    accounts: createAccountRepository(db),
    outbox: createOutboxRepository(db),
    signInCounters: createSignInCounterRepository(db),
    sessionActivity: createSessionActivityRepository(db),
    subscribers: createSubscriberRepository(db),
    passwordResets: createPasswordResetRepository(db),
    meter: createMeterRepository(db),
    gifts: createGiftRepository(db),
    readingLists: createReadingListRepository(db),
    discovery: createDiscoveryRepository(db),
    searchIndex: createSearchIndex(db, searchReaders),
    follows: createFollowRepository(db),
    newsletters: createNewsletterRepository(db),
    library: createLibraryRepository(db),
    activity: createActivityRepository(db),
    rateLimits: createRateLimitRepository(db),
    releases: createReleaseRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
