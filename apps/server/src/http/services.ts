import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { JobRunner } from '../modules/jobs/service.js';
import type { SiteSettingsService } from '../modules/site-settings/service.js';
import type { Config } from '../platform/config.js';

/** What route modules receive from the app: no module reaches for globals. */
export interface AppServices {
  config: Config;
  db: Kysely<Database>;
  siteSettings: SiteSettingsService;
  countryOf: (ip: string) => string | null;
  /** Refuses the call while the merchant is in maintenance or the caller's region is restricted. */
  gate: preHandlerAsyncHookHandler;
  /** Durable jobs: modules register their handlers (by kind) on it; started when the app is ready. */
  jobs: JobRunner;
}
