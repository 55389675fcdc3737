/** What every route module receives. */
import type { AppConfig } from '../deps';
import type { Limiter } from '../http/rate-limit';
import type { Logger } from '../http/logger';
import type { ViewerLookup } from '../http/session';
import type { Services } from '../services';

export interface RouteContext {
  config: AppConfig;
  services: Services;
  viewers: ViewerLookup;
  logger: Logger;
  /** Rate limiters by limit name, counting in the database (http/rate-limit.ts). */
  limit: Limiter;
}
