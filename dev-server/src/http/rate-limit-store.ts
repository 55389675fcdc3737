/**
 * express-rate-limit's Store over the database (migration 0010): the counters of every API
 * process are the same rows, so two processes behind one address give a client the limit once,
 * not twice. Time comes from the app's clock. Expired rows are pruned at most once a minute.
 */
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Clock } from '../deps';
import type { RateLimitRepository } from '../repositories/rate-limits';

const PRUNE_EVERY_MS = 60_000;

export class DatabaseRateLimitStore implements Store {
  /** Counters are in the database: keys hit through one store instance count in all others. */
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private lastPrune = 0;

  constructor(
    private readonly repo: RateLimitRepository,
    private readonly clock: Clock,
    /** The limiter's name ('signIn:', ...): one counter per limiter and client. */
    prefix: string,
  ) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.repo.find(this.prefix + key);
    if (!row || Date.parse(row.resetAt) <= this.clock.now().getTime()) return undefined;
    return { totalHits: row.hits, resetTime: new Date(row.resetAt) };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = this.clock.now();
    if (now.getTime() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await this.repo.pruneExpired(now.toISOString());
    }
    const row = await this.repo.hit(this.prefix + key, now.toISOString(), new Date(now.getTime() + this.windowMs).toISOString());
    return { totalHits: row.hits, resetTime: new Date(row.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await this.repo.unhit(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.repo.reset(this.prefix + key);
  }
}
